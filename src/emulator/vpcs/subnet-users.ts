/**
 * What keeps a subnet from being deleted: the interfaces of compute instances that use it,
 * NodeBalancers in it, or databases in it or just gone from it (databases/private-network.ts). The VPC model is given
 * this (account.ts), as it reads the other areas.
 */
import { interfacesUsing } from "../computes/model.js";
import { subnetDatabaseProblem } from "../databases/private-network.js";
import type { SubnetRecord } from "../records.js";
import type { Store } from "../store.js";
import { nodeBalancerProblem } from "./today.js";

/** The reason `subnet` cannot be deleted yet, or undefined. */
export function subnetInUse(store: Store, subnet: SubnetRecord): string | undefined {
  const users = interfacesUsing(store.state, subnet.id);
  if (users.length === 0) return nodeBalancerProblem(subnet) ?? subnetDatabaseProblem(store, subnet);
  const active = users.filter((u) => u.active).map((u) => u.computeId);
  const ids = [...new Set(users.map((u) => u.computeId))].join(", ");
  const shutdown =
    active.length > 0
      ? `; active interfaces need their compute instance shut down first (${[...new Set(active)].join(", ")})`
      : "";
  return `Subnet ${subnet.id} (${subnet.ipv4}) is in use by configuration profile interfaces of compute instance(s) ${ids}; delete those interfaces first${shutdown}`;
}
