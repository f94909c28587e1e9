"""The example's resources: a VPC, a subnet, a MySQL database that joins the subnet (reachable from
the VPC only) and a PostgreSQL database, all through the provider plugin, on today's database
platform (`rdbms-default`). `__main__.py` runs it under `pulumi up`; `automation.py` runs it as an
inline program of the Automation API.
"""

from typing import Optional

import pulumi
import pulumi_cloudplatform as cloud


def _created(value: Optional[int]) -> int:
    # The schema leaves an id out of an object's required outputs (a preview knows none yet); once
    # the object exists it has one.
    if value is None:
        raise ValueError("the API answered without an id")
    return value


def program() -> None:
    """Declares the stack's resources and outputs (settings: region, prefix, networkLabel)."""
    config = pulumi.Config()
    region = config.get("region") or "us-ord"
    prefix = config.get("prefix") or "py"

    # Look-ups: the catalogue's engines, by today's ids (an engine and its major version).
    mysql = cloud.get_database_engine_output(id="mysql/8")
    postgresql = cloud.get_database_engine_output(id="postgresql/16")

    network = cloud.Vpc(
        "network",
        label=config.get("networkLabel") or f"{prefix}-network",
        region=region,
        description="Network of the Python example",
    )
    vpc_id = network.vpc_id.apply(_created)
    data = cloud.VpcSubnet("data", vpc_id=vpc_id, label="data", ipv4="10.40.2.0/24")

    orders = cloud.MysqlDatabase(
        "orders",
        label=f"{prefix}-orders",
        region=region,
        type="g6-nanode-1",
        engine_id=mysql.id,
        private_network=cloud.DatabasePrivateNetworkArgs(
            vpc_id=vpc_id,
            subnet_id=data.subnet_id.apply(_created),
            public_access=False,
        ),
        allow_list=["10.40.2.0/24"],
    )
    reports = cloud.PostgresqlDatabase(
        "reports",
        label=f"{prefix}-reports",
        region=region,
        type="g6-nanode-1",
        engine_id=postgresql.id,
        allow_list=["203.0.113.0/24"],
    )

    pulumi.export("vpcId", network.vpc_id)
    pulumi.export("gateway", data.gateway)
    pulumi.export("ordersHost", orders.hosts.apply(lambda hosts: hosts.primary if hosts else None))
    pulumi.export("ordersPrivateNetwork", orders.private_network)
    pulumi.export("mysqlVersion", mysql.version)
    pulumi.export("reportsPort", reports.port)
    # The plugin marks passwords secret: they stay encrypted in the state and masked in outputs.
    pulumi.export("ordersPassword", orders.root_password)
    pulumi.export("reportsPassword", reports.root_password)
