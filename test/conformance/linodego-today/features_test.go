package conformance

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/linode/linodego"
)

func ptr[T any](v T) *T { return &v }

// TestFork: a fork of an active database is a new database on today's platform that names its
// source; a fork of no database is refused. linodego's DatabaseFork encodes RestoreTime under the
// key "-" (its tag is `json:"-,omitempty"`), which the API's schema does not define: refused naming it.
func TestFork(t *testing.T) {
	for _, e := range []engine{mysql, postgres} {
		t.Run(string(e.kind), func(t *testing.T) {
			c := fresh(t)
			engineID := string(e.kind) + "/" + e.major
			source, err := e.create(c, spec{label: "fork-source", engine: engineID, typ: "g6-nanode-1", region: "us-east"})
			must(t, err)
			wait(t, c, e, source.id, linodego.DatabaseStatusActive)
			// A fork needs the source's first backup: its oldest restore time appears once there is one.
			for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
				got, err := e.get(c, source.id)
				must(t, err)
				if got.oldestRestore {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("no oldest restore time: %+v", got)
				}
			}
			_, err = e.create(c, spec{label: "fork-of-none", engine: engineID, typ: "g6-nanode-1", region: "us-east",
				fork: &linodego.DatabaseFork{Source: 999999}})
			refused(t, err, http.StatusBadRequest, "fork.source", "")
			at := time.Now().UTC()
			_, err = e.create(c, spec{label: "fork-at", engine: engineID, typ: "g6-nanode-1", region: "us-east",
				fork: &linodego.DatabaseFork{Source: source.id, RestoreTime: &at}})
			refused(t, err, http.StatusBadRequest, "", "")
			if msg := err.Error(); !strings.Contains(msg, "[fork.-]") && !strings.Contains(msg, "[-]") {
				t.Fatalf("want the refusal to name the key linodego sent, \"-\": %s", msg)
			}

			forked, err := e.create(c, spec{label: "fork-copy", engine: engineID, typ: "g6-nanode-1", region: "us-west",
				fork: &linodego.DatabaseFork{Source: source.id}})
			must(t, err)
			if forked.id == source.id || forked.fork == nil || forked.fork.Source != source.id ||
				forked.platform != linodego.DatabasePlatformRDBMSDefault || forked.status != "provisioning" {
				t.Fatalf("forked %+v (fork %+v)", forked, forked.fork)
			}
			wait(t, c, e, forked.id, linodego.DatabaseStatusActive)
			still, err := e.get(c, source.id)
			must(t, err)
			if still.status != "active" {
				t.Fatalf("the source after a fork: %+v", still)
			}
		})
	}
}

// TestPrivateNetwork: a database joins a subnet of a VPC in its region at create, the subnet lists
// it, public access flips in place, and (MySQL) it leaves with `private_network: null`; a VPC of
// another region and a subnet of another VPC are refused.
func TestPrivateNetwork(t *testing.T) {
	for _, e := range []engine{mysql, postgres} {
		t.Run(string(e.kind), func(t *testing.T) {
			c := fresh(t)
			vpc, err := c.CreateVPC(ctx, linodego.VPCCreateOptions{Label: "db-net-" + string(e.kind), Region: "us-east",
				Subnets: []linodego.VPCSubnetCreateOptions{{Label: "dbs", IPv4: "10.0.0.0/24"}}})
			must(t, err)
			other, err := c.CreateVPC(ctx, linodego.VPCCreateOptions{Label: "far-net-" + string(e.kind), Region: "us-west",
				Subnets: []linodego.VPCSubnetCreateOptions{{Label: "far", IPv4: "10.1.0.0/24"}}})
			must(t, err)
			subnet := vpc.Subnets[0].ID
			engineID := string(e.kind) + "/" + e.major
			base := spec{label: "private-" + string(e.kind), engine: engineID, typ: "g6-nanode-1", region: "us-east"}

			far := base
			far.privateNetwork = &linodego.DatabasePrivateNetwork{VPCID: other.ID, SubnetID: other.Subnets[0].ID}
			_, err = e.create(c, far)
			refused(t, err, http.StatusBadRequest, "", "")
			mixed := base
			mixed.privateNetwork = &linodego.DatabasePrivateNetwork{VPCID: vpc.ID, SubnetID: other.Subnets[0].ID}
			_, err = e.create(c, mixed)
			refused(t, err, http.StatusBadRequest, "", "")

			joined := base
			joined.privateNetwork = &linodego.DatabasePrivateNetwork{VPCID: vpc.ID, SubnetID: subnet}
			d, err := e.create(c, joined)
			must(t, err)
			if d.privateNetwork == nil || *d.privateNetwork != *joined.privateNetwork {
				t.Fatalf("created %+v", d.privateNetwork)
			}
			wait(t, c, e, d.id, linodego.DatabaseStatusActive)
			s, err := c.GetVPCSubnet(ctx, vpc.ID, subnet)
			must(t, err)
			if len(s.Databases) != 1 || s.Databases[0].ID != d.id {
				t.Fatalf("subnet's databases %+v", s.Databases)
			}

			public := &linodego.DatabasePrivateNetwork{VPCID: vpc.ID, SubnetID: subnet, PublicAccess: true}
			var flipped db
			if e.kind == linodego.DatabaseEngineTypeMySQL {
				m, err := c.UpdateMySQLDatabase(ctx, d.id, linodego.MySQLUpdateOptions{PrivateNetwork: &public})
				must(t, err)
				flipped = mysqlDB(m)
			} else {
				p, err := c.UpdatePostgresDatabase(ctx, d.id, linodego.PostgresUpdateOptions{PrivateNetwork: public})
				must(t, err)
				flipped = postgresDB(p)
			}
			if flipped.privateNetwork == nil || !flipped.privateNetwork.PublicAccess || flipped.id != d.id {
				t.Fatalf("public access %+v", flipped.privateNetwork)
			}
			wait(t, c, e, d.id, linodego.DatabaseStatusActive)

			if e.detachPrivate == nil {
				t.Log(e.detachUnsupported)
				return
			}
			left, err := e.detachPrivate(c, d.id)
			must(t, err)
			if left.privateNetwork != nil {
				t.Fatalf("detached %+v", left.privateNetwork)
			}
		})
	}
}

// TestEngineConfigMySQL: settings at create come back with the API's defaults beside them; a PUT
// merges; a value outside the limits of GET /databases/mysql/config is refused naming its key.
func TestEngineConfigMySQL(t *testing.T) {
	c := fresh(t)
	_, err := c.CreateMySQLDatabase(ctx, linodego.MySQLCreateOptions{Label: "config-bad", Region: "us-east", Type: "g6-nanode-1",
		Engine: "mysql/8", EngineConfig: &linodego.MySQLDatabaseEngineConfig{MySQL: &linodego.MySQLDatabaseEngineConfigMySQL{ConnectTimeout: ptr(1)}}})
	refused(t, err, http.StatusBadRequest, "engine_config.mysql.connect_timeout", "")
	d, err := c.CreateMySQLDatabase(ctx, linodego.MySQLCreateOptions{Label: "config-mysql", Region: "us-east", Type: "g6-nanode-1",
		Engine: "mysql/8", EngineConfig: &linodego.MySQLDatabaseEngineConfig{
			BinlogRetentionPeriod: ptr(600),
			MySQL:                 &linodego.MySQLDatabaseEngineConfigMySQL{ConnectTimeout: ptr(20)},
		}})
	must(t, err)
	cfg := d.EngineConfig
	if cfg.MySQL == nil || *cfg.MySQL.ConnectTimeout != 20 || *cfg.BinlogRetentionPeriod != 600 ||
		cfg.MySQL.SQLMode == nil || cfg.MySQL.SQLRequirePrimaryKey == nil || !*cfg.MySQL.SQLRequirePrimaryKey {
		t.Fatalf("created with %s", show(cfg))
	}
	must(t, c.WaitForDatabaseStatus(ctx, d.ID, linodego.DatabaseEngineTypeMySQL, linodego.DatabaseStatusActive, 60))
	up, err := c.UpdateMySQLDatabase(ctx, d.ID, linodego.MySQLUpdateOptions{EngineConfig: &linodego.MySQLDatabaseEngineConfig{
		MySQL: &linodego.MySQLDatabaseEngineConfigMySQL{WaitTimeout: ptr(100)}}})
	must(t, err)
	if *up.EngineConfig.MySQL.WaitTimeout != 100 || *up.EngineConfig.MySQL.ConnectTimeout != 20 {
		t.Fatalf("merged %s", show(up.EngineConfig))
	}
	_, err = c.UpdateMySQLDatabase(ctx, d.ID, linodego.MySQLUpdateOptions{EngineConfig: &linodego.MySQLDatabaseEngineConfig{
		MySQL: &linodego.MySQLDatabaseEngineConfigMySQL{InternalTmpMemStorageEngine: ptr("InnoDB")}}})
	refused(t, err, http.StatusBadRequest, "engine_config.mysql.internal_tmp_mem_storage_engine", "")
}

// TestEngineConfigPostgres: the same for PostgreSQL, whose answer fills password_encryption and
// pglookout's lag with their defaults.
func TestEngineConfigPostgres(t *testing.T) {
	c := fresh(t)
	_, err := c.CreatePostgresDatabase(ctx, linodego.PostgresCreateOptions{Label: "config-bad", Region: "us-east", Type: "g6-nanode-1",
		Engine: "postgresql/16", EngineConfig: &linodego.PostgresDatabaseEngineConfig{WorkMem: ptr(2000)}})
	refused(t, err, http.StatusBadRequest, "engine_config.work_mem", "")
	d, err := c.CreatePostgresDatabase(ctx, linodego.PostgresCreateOptions{Label: "config-pg", Region: "us-east", Type: "g6-nanode-1",
		Engine: "postgresql/16", EngineConfig: &linodego.PostgresDatabaseEngineConfig{
			WorkMem: ptr(4),
			PG:      &linodego.PostgresDatabaseEngineConfigPG{AutovacuumMaxWorkers: ptr(5)},
		}})
	must(t, err)
	cfg := d.EngineConfig
	if cfg.WorkMem == nil || *cfg.WorkMem != 4 || cfg.PG == nil || *cfg.PG.AutovacuumMaxWorkers != 5 ||
		cfg.PG.PasswordEncryption == nil || *cfg.PG.PasswordEncryption != "md5" ||
		cfg.PGLookout == nil || *cfg.PGLookout.MaxFailoverReplicationTimeLag != 60 {
		t.Fatalf("created with %s", show(cfg))
	}
	must(t, c.WaitForDatabaseStatus(ctx, d.ID, linodego.DatabaseEngineTypePostgres, linodego.DatabaseStatusActive, 60))
	up, err := c.UpdatePostgresDatabase(ctx, d.ID, linodego.PostgresUpdateOptions{EngineConfig: &linodego.PostgresDatabaseEngineConfig{
		PG: &linodego.PostgresDatabaseEngineConfigPG{Timezone: ptr("Europe/Helsinki")}}})
	must(t, err)
	if *up.EngineConfig.PG.Timezone != "Europe/Helsinki" || *up.EngineConfig.PG.AutovacuumMaxWorkers != 5 || *up.EngineConfig.WorkMem != 4 {
		t.Fatalf("merged %s", show(up.EngineConfig))
	}
	_, err = c.UpdatePostgresDatabase(ctx, d.ID, linodego.PostgresUpdateOptions{EngineConfig: &linodego.PostgresDatabaseEngineConfig{
		PG: &linodego.PostgresDatabaseEngineConfigPG{PGStatStatementsTrack: ptr("some")}}})
	refused(t, err, http.StatusBadRequest, "engine_config.pg.pg_stat_statements.track", "")
}

// show is a value as JSON, for failure messages.
func show(v any) string {
	b, _ := json.Marshal(v)
	return strings.TrimSpace(string(b))
}
