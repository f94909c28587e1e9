package conformance

import (
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/linode/linodego"
)

// db is what both engines' records share, as the suite reads them.
type db struct {
	id, clusterSize               int
	label, status, typ, version   string
	platform                      linodego.DatabasePlatform
	hosts                         linodego.DatabaseHost
	allowList                     []string
	encrypted, ssl                bool
	updates                       linodego.DatabaseMaintenanceWindow
	fork                          *linodego.DatabaseFork
	privateNetwork                *linodego.DatabasePrivateNetwork
	oldestRestore, hasMembersData bool
}

// spec is a create request as the story varies it; the rest is the engine's own.
type spec struct {
	label, engine, typ, region string
	clusterSize                int
	allowList                  []string
	fork                       *linodego.DatabaseFork
	privateNetwork             *linodego.DatabasePrivateNetwork
}

// change is an update request as the story varies it.
type change struct {
	label, typ, version string
	clusterSize         int
	allowList           *[]string
	updates             *linodego.DatabaseMaintenanceWindow
}

// engine adapts linodego's per-engine functions to one shape, so one story drives both.
type engine struct {
	kind              linodego.DatabaseEngineType
	major, newerMajor string
	create            func(c linodego.Client, s spec) (db, error)
	get               func(c linodego.Client, id int) (db, error)
	list              func(c linodego.Client) ([]db, error)
	update            func(c linodego.Client, id int, ch change) (db, error)
	remove            func(c linodego.Client, id int) error
	credentials       func(c linodego.Client, id int) (string, string, error)
	reset, patch      func(c linodego.Client, id int) error
	suspend, resume   func(c linodego.Client, id int) error
	ssl               func(c linodego.Client, id int) ([]byte, error)
	detachPrivate     func(c linodego.Client, id int) (db, error)
	detachUnsupported string
}

var mysql = engine{
	kind:  linodego.DatabaseEngineTypeMySQL,
	major: "8",
	create: func(c linodego.Client, s spec) (db, error) {
		d, err := c.CreateMySQLDatabase(ctx, linodego.MySQLCreateOptions{
			Label: s.label, Region: s.region, Type: s.typ, Engine: s.engine, AllowList: s.allowList,
			ClusterSize: s.clusterSize, Fork: s.fork, PrivateNetwork: s.privateNetwork,
		})
		return mysqlDB(d), err
	},
	get: func(c linodego.Client, id int) (db, error) {
		d, err := c.GetMySQLDatabase(ctx, id)
		return mysqlDB(d), err
	},
	list: func(c linodego.Client) ([]db, error) {
		ds, err := c.ListMySQLDatabases(ctx, nil)
		out := []db{}
		for i := range ds {
			out = append(out, mysqlDB(&ds[i]))
		}
		return out, err
	},
	update: func(c linodego.Client, id int, ch change) (db, error) {
		d, err := c.UpdateMySQLDatabase(ctx, id, linodego.MySQLUpdateOptions{
			Label: ch.label, Type: ch.typ, Version: ch.version, ClusterSize: ch.clusterSize, AllowList: ch.allowList, Updates: ch.updates,
		})
		return mysqlDB(d), err
	},
	remove: func(c linodego.Client, id int) error { return c.DeleteMySQLDatabase(ctx, id) },
	credentials: func(c linodego.Client, id int) (string, string, error) {
		cr, err := c.GetMySQLDatabaseCredentials(ctx, id)
		if err != nil {
			return "", "", err
		}
		return cr.Username, cr.Password, nil
	},
	reset:   func(c linodego.Client, id int) error { return c.ResetMySQLDatabaseCredentials(ctx, id) },
	patch:   func(c linodego.Client, id int) error { return c.PatchMySQLDatabase(ctx, id) },
	suspend: func(c linodego.Client, id int) error { return c.SuspendMySQLDatabase(ctx, id) },
	resume:  func(c linodego.Client, id int) error { return c.ResumeMySQLDatabase(ctx, id) },
	ssl: func(c linodego.Client, id int) ([]byte, error) {
		s, err := c.GetMySQLDatabaseSSL(ctx, id)
		if err != nil {
			return nil, err
		}
		return s.CACertificate, nil
	},
	detachPrivate: func(c linodego.Client, id int) (db, error) {
		var none *linodego.DatabasePrivateNetwork
		d, err := c.UpdateMySQLDatabase(ctx, id, linodego.MySQLUpdateOptions{PrivateNetwork: &none})
		return mysqlDB(d), err
	},
}

func mysqlDB(d *linodego.MySQLDatabase) db {
	if d == nil {
		return db{}
	}
	return db{d.ID, d.ClusterSize, d.Label, string(d.Status), d.Type, d.Version, d.Platform, d.Hosts, d.AllowList,
		d.Encrypted, d.SSLConnection, d.Updates, d.Fork, d.PrivateNetwork, d.OldestRestoreTime != nil, len(d.Members) > 0}
}

var postgres = engine{
	kind:       linodego.DatabaseEngineTypePostgres,
	major:      "14",
	newerMajor: "15",
	create: func(c linodego.Client, s spec) (db, error) {
		d, err := c.CreatePostgresDatabase(ctx, linodego.PostgresCreateOptions{
			Label: s.label, Region: s.region, Type: s.typ, Engine: s.engine, AllowList: s.allowList,
			ClusterSize: s.clusterSize, Fork: s.fork, PrivateNetwork: s.privateNetwork,
		})
		return postgresDB(d), err
	},
	get: func(c linodego.Client, id int) (db, error) {
		d, err := c.GetPostgresDatabase(ctx, id)
		return postgresDB(d), err
	},
	list: func(c linodego.Client) ([]db, error) {
		ds, err := c.ListPostgresDatabases(ctx, nil)
		out := []db{}
		for i := range ds {
			out = append(out, postgresDB(&ds[i]))
		}
		return out, err
	},
	update: func(c linodego.Client, id int, ch change) (db, error) {
		d, err := c.UpdatePostgresDatabase(ctx, id, linodego.PostgresUpdateOptions{
			Label: ch.label, Type: ch.typ, Version: ch.version, ClusterSize: ch.clusterSize, AllowList: ch.allowList, Updates: ch.updates,
		})
		return postgresDB(d), err
	},
	remove: func(c linodego.Client, id int) error { return c.DeletePostgresDatabase(ctx, id) },
	credentials: func(c linodego.Client, id int) (string, string, error) {
		cr, err := c.GetPostgresDatabaseCredentials(ctx, id)
		if err != nil {
			return "", "", err
		}
		return cr.Username, cr.Password, nil
	},
	reset:   func(c linodego.Client, id int) error { return c.ResetPostgresDatabaseCredentials(ctx, id) },
	patch:   func(c linodego.Client, id int) error { return c.PatchPostgresDatabase(ctx, id) },
	suspend: func(c linodego.Client, id int) error { return c.SuspendPostgresDatabase(ctx, id) },
	resume:  func(c linodego.Client, id int) error { return c.ResumePostgresDatabase(ctx, id) },
	ssl: func(c linodego.Client, id int) ([]byte, error) {
		s, err := c.GetPostgresDatabaseSSL(ctx, id)
		if err != nil {
			return nil, err
		}
		return s.CACertificate, nil
	},
	// PostgresUpdateOptions.PrivateNetwork is a plain pointer with omitempty: linodego cannot send the
	// `null` that detaches a PostgreSQL database from its VPC (MySQL's is a pointer to a pointer).
	detachUnsupported: "linodego v1.69.1 cannot send private_network: null for PostgreSQL",
}

func postgresDB(d *linodego.PostgresDatabase) db {
	if d == nil {
		return db{}
	}
	return db{d.ID, d.ClusterSize, d.Label, string(d.Status), d.Type, d.Version, d.Platform, d.Hosts, d.AllowList,
		d.Encrypted, d.SSLConnection, d.Updates, d.Fork, d.PrivateNetwork, d.OldestRestoreTime != nil, len(d.Members) > 0}
}

// wait waits for the database to reach `status`, as a user of linodego does.
func wait(t *testing.T, c linodego.Client, e engine, id int, status linodego.DatabaseStatus) {
	t.Helper()
	must(t, c.WaitForDatabaseStatus(ctx, id, e.kind, status, 60))
}

func TestMySQLToday(t *testing.T)    { databaseStory(t, mysql) }
func TestPostgresToday(t *testing.T) { databaseStory(t, postgres) }

// databaseStory drives every per-database operation of one engine on today's platform, each on its
// success and failure paths, in the order a database lives through them.
func databaseStory(t *testing.T, e engine) {
	c := fresh(t)
	engineID := string(e.kind) + "/" + e.major
	label := "go-today-" + string(e.kind)
	base := spec{label: label, engine: engineID, typ: "g6-nanode-1", region: "us-east", clusterSize: 3,
		allowList: []string{"203.0.113.1", "192.0.1.0/24"}}

	// Refused creates: a short label, a full version as engine id, a 2-node cluster on a shared plan.
	_, err := e.create(c, spec{label: "x", engine: engineID, typ: "g6-nanode-1", region: "us-east"})
	refused(t, err, http.StatusBadRequest, "label", "")
	full := base
	full.engine = map[linodego.DatabaseEngineType]string{"mysql": "mysql/8.0.30", "postgresql": "postgresql/14.6"}[e.kind]
	_, err = e.create(c, full)
	refused(t, err, http.StatusBadRequest, "engine", "invalid engine")
	two := base
	two.clusterSize = 2
	_, err = e.create(c, two)
	refused(t, err, http.StatusBadRequest, "cluster_size", "")

	d, err := e.create(c, base)
	must(t, err)
	if d.label != label || d.status != "provisioning" || d.version != e.major || d.platform != linodego.DatabasePlatformRDBMSDefault ||
		d.clusterSize != 3 || !d.encrypted || !d.ssl || d.hosts.Standby == "" || d.hosts.Primary == "" {
		t.Fatalf("created %+v", d)
	}
	// Today's platform answers the allow list in CIDR form, sorted; the API chose a weekly 4-hour window.
	if !reflect.DeepEqual(d.allowList, []string{"192.0.1.0/24", "203.0.113.1/32"}) {
		t.Fatalf("allow list %v", d.allowList)
	}
	if d.updates.Duration != 4 || d.updates.Frequency != linodego.DatabaseMaintenanceFrequencyWeekly || d.updates.DayOfWeek < 1 {
		t.Fatalf("window %+v", d.updates)
	}
	_, err = e.create(c, base)
	refused(t, err, http.StatusBadRequest, "label", "")

	// While provisioning: no change, no credentials, no certificate, no patch, no suspend.
	_, err = e.update(c, d.id, change{label: label + "-2"})
	refused(t, err, http.StatusBadRequest, "", "Your database is provisioning")
	_, _, err = e.credentials(c, d.id)
	refused(t, err, http.StatusBadRequest, "", "")
	_, err = e.ssl(c, d.id)
	refused(t, err, http.StatusBadRequest, "", "")
	refused(t, e.patch(c, d.id), http.StatusBadRequest, "", "")
	wait(t, c, e, d.id, linodego.DatabaseStatusActive)

	got, err := e.get(c, d.id)
	must(t, err)
	if got.status != "active" || !strings.HasPrefix(got.version, e.major+".") || got.hosts != d.hosts {
		t.Fatalf("active %+v", got)
	}
	listed, err := e.list(c)
	must(t, err)
	if len(listed) != 1 || listed[0].id != d.id || listed[0].platform != linodego.DatabasePlatformRDBMSDefault {
		t.Fatalf("listed %+v", listed)
	}
	all, err := c.ListDatabases(ctx, nil)
	must(t, err)
	if len(all) != 1 || all[0].ID != d.id || all[0].Platform != linodego.DatabasePlatformRDBMSDefault || all[0].Hosts.Standby != d.hosts.Standby {
		t.Fatalf("all databases %+v", all)
	}

	user, password, err := e.credentials(c, d.id)
	must(t, err)
	cert, err := e.ssl(c, d.id)
	must(t, err)
	if user == "" || password == "" || !strings.Contains(string(cert), "CERTIFICATE") {
		t.Fatalf("credentials %q/%q, certificate %q", user, password, cert)
	}
	must(t, e.reset(c, d.id))
	wait(t, c, e, d.id, linodego.DatabaseStatusActive)
	_, again, err := e.credentials(c, d.id)
	must(t, err)
	if again == password {
		t.Fatal("the reset kept the password")
	}

	// Label, allow list and window in one PUT: answered active, the window as sent.
	allow := []string{"198.51.100.7"}
	window := linodego.DatabaseMaintenanceWindow{DayOfWeek: 2, Duration: 4, Frequency: "weekly", HourOfDay: 5}
	renamed, err := e.update(c, d.id, change{label: label + "-2", allowList: &allow, updates: &window})
	must(t, err)
	if renamed.label != label+"-2" || !reflect.DeepEqual(renamed.allowList, []string{"198.51.100.7/32"}) ||
		renamed.updates.DayOfWeek != 2 || renamed.updates.HourOfDay != 5 || renamed.updates.Duration != 4 {
		t.Fatalf("updated %+v", renamed)
	}
	wait(t, c, e, d.id, linodego.DatabaseStatusActive)
	_, err = e.update(c, d.id, change{label: "x"})
	refused(t, err, http.StatusBadRequest, "label", "")
	short := linodego.DatabaseMaintenanceWindow{DayOfWeek: 2, Duration: 3, Frequency: "weekly", HourOfDay: 5}
	_, err = e.update(c, d.id, change{updates: &short})
	refused(t, err, http.StatusBadRequest, "", "")
	_, err = e.update(c, d.id, change{clusterSize: 2})
	refused(t, err, http.StatusBadRequest, "cluster_size", "")

	// A plan change and a smaller cluster in one PUT, in place: same id, one node has no standby.
	_, err = e.update(c, d.id, change{typ: "g6-standard-1", clusterSize: 1})
	must(t, err)
	wait(t, c, e, d.id, linodego.DatabaseStatusActive)
	resized, err := e.get(c, d.id)
	must(t, err)
	if resized.id != d.id || resized.typ != "g6-standard-1" || resized.clusterSize != 1 || resized.hosts.Standby != "" {
		t.Fatalf("resized %+v", resized)
	}

	// A major version: a newer one of the same engine in place; an older or unknown one refused.
	if e.newerMajor != "" {
		_, err = e.update(c, d.id, change{version: e.newerMajor})
		must(t, err)
		wait(t, c, e, d.id, linodego.DatabaseStatusActive)
		upgraded, err := e.get(c, d.id)
		must(t, err)
		if !strings.HasPrefix(upgraded.version, e.newerMajor+".") {
			t.Fatalf("upgraded %+v", upgraded)
		}
		_, err = e.update(c, d.id, change{version: e.major})
		refused(t, err, http.StatusBadRequest, "version", "")
	}
	_, err = e.update(c, d.id, change{version: "99"})
	refused(t, err, http.StatusBadRequest, "version", "")

	// A patch: updating, a second one refused meanwhile.
	must(t, e.patch(c, d.id))
	refused(t, e.patch(c, d.id), http.StatusBadRequest, "", "")
	wait(t, c, e, d.id, linodego.DatabaseStatusActive)

	// Suspended: no credentials, no certificate, no change, no second suspend; resumed, active again.
	refused(t, e.resume(c, d.id), http.StatusBadRequest, "", "")
	must(t, e.suspend(c, d.id))
	wait(t, c, e, d.id, linodego.DatabaseStatusSuspended)
	_, _, err = e.credentials(c, d.id)
	refused(t, err, http.StatusBadRequest, "", "")
	_, err = e.ssl(c, d.id)
	refused(t, err, http.StatusBadRequest, "", "")
	_, err = e.update(c, d.id, change{label: label + "-3"})
	refused(t, err, http.StatusBadRequest, "", "suspended")
	refused(t, e.suspend(c, d.id), http.StatusBadRequest, "", "")
	must(t, e.resume(c, d.id))
	wait(t, c, e, d.id, linodego.DatabaseStatusActive)
	back, err := e.get(c, d.id)
	must(t, err)
	if back.hosts != resized.hosts || !reflect.DeepEqual(back.allowList, renamed.allowList) {
		t.Fatalf("resumed %+v", back)
	}

	must(t, e.remove(c, d.id))
	_, err = e.get(c, d.id)
	notFound(t, err)
	notFound(t, e.remove(c, d.id))
	_, err = e.update(c, d.id, change{label: "gone"})
	notFound(t, err)
	notFound(t, e.reset(c, d.id))
	notFound(t, e.patch(c, d.id))
	notFound(t, e.suspend(c, d.id))
	notFound(t, e.resume(c, d.id))
	_, _, err = e.credentials(c, d.id)
	notFound(t, err)
	_, err = e.ssl(c, d.id)
	notFound(t, err)
}
