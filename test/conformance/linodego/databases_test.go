package conformance

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/linode/linodego"
)

// db is what both engines' records share, as the suite reads them.
type db struct {
	id, clusterSize                 int
	label, status, typ, replication string
	allowList                       []string
}

// engine adapts linodego's per-engine functions to one shape, so one story drives both.
type engine struct {
	kind         linodego.DatabaseEngineType
	engineID     string
	create       func(c linodego.Client, label string, allow []string) (db, error)
	get          func(c linodego.Client, id int) (db, error)
	list         func(c linodego.Client) ([]db, error)
	update       func(c linodego.Client, id int, label, typ string, allow *[]string) (db, error)
	remove       func(c linodego.Client, id int) error
	credentials  func(c linodego.Client, id int) (string, error)
	reset        func(c linodego.Client, id int) error
	ssl          func(c linodego.Client, id int) ([]byte, error)
	patch        func(c linodego.Client, id int) error
	backup       func(c linodego.Client, id int, label string) error
	backups      func(c linodego.Client, id int) ([]int, error)
	getBackup    func(c linodego.Client, id, backupID int) (string, error)
	restore      func(c linodego.Client, id, backupID int) error
	defaultRepli string
}

var mysql = engine{
	kind:     linodego.DatabaseEngineTypeMySQL,
	engineID: "mysql/8.0.30",
	create: func(c linodego.Client, label string, allow []string) (db, error) {
		d, err := c.CreateMySQLDatabase(ctx, linodego.MySQLCreateOptions{
			Label: label, Region: "us-east", Type: "g6-nanode-1", Engine: "mysql/8.0.30", AllowList: allow, ClusterSize: 3,
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
	update: func(c linodego.Client, id int, label, typ string, allow *[]string) (db, error) {
		d, err := c.UpdateMySQLDatabase(ctx, id, linodego.MySQLUpdateOptions{Label: label, Type: typ, AllowList: allow})
		return mysqlDB(d), err
	},
	remove: func(c linodego.Client, id int) error { return c.DeleteMySQLDatabase(ctx, id) },
	credentials: func(c linodego.Client, id int) (string, error) {
		cr, err := c.GetMySQLDatabaseCredentials(ctx, id)
		if err != nil {
			return "", err
		}
		return cr.Password, nil
	},
	reset: func(c linodego.Client, id int) error { return c.ResetMySQLDatabaseCredentials(ctx, id) },
	ssl: func(c linodego.Client, id int) ([]byte, error) {
		s, err := c.GetMySQLDatabaseSSL(ctx, id)
		if err != nil {
			return nil, err
		}
		return s.CACertificate, nil
	},
	patch: func(c linodego.Client, id int) error { return c.PatchMySQLDatabase(ctx, id) },
	backup: func(c linodego.Client, id int, label string) error {
		return c.CreateMySQLDatabaseBackup(ctx, id, linodego.MySQLBackupCreateOptions{Label: label, Target: linodego.MySQLDatabaseTargetPrimary})
	},
	backups: func(c linodego.Client, id int) ([]int, error) {
		bs, err := c.ListMySQLDatabaseBackups(ctx, id, nil)
		ids := []int{}
		for _, b := range bs {
			ids = append(ids, b.ID)
		}
		return ids, err
	},
	getBackup: func(c linodego.Client, id, backupID int) (string, error) {
		b, err := c.GetMySQLDatabaseBackup(ctx, id, backupID)
		if err != nil {
			return "", err
		}
		return b.Label, nil
	},
	restore: func(c linodego.Client, id, backupID int) error {
		return c.RestoreMySQLDatabaseBackup(ctx, id, backupID)
	},
	defaultRepli: "semi_synch",
}

func mysqlDB(d *linodego.MySQLDatabase) db {
	if d == nil {
		return db{}
	}
	return db{d.ID, d.ClusterSize, d.Label, string(d.Status), d.Type, d.ReplicationType, d.AllowList}
}

var postgres = engine{
	kind:     linodego.DatabaseEngineTypePostgres,
	engineID: "postgresql/14.6",
	create: func(c linodego.Client, label string, allow []string) (db, error) {
		d, err := c.CreatePostgresDatabase(ctx, linodego.PostgresCreateOptions{
			Label: label, Region: "us-east", Type: "g6-nanode-1", Engine: "postgresql/14.6", AllowList: allow, ClusterSize: 3,
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
	update: func(c linodego.Client, id int, label, typ string, allow *[]string) (db, error) {
		d, err := c.UpdatePostgresDatabase(ctx, id, linodego.PostgresUpdateOptions{Label: label, Type: typ, AllowList: allow})
		return postgresDB(d), err
	},
	remove: func(c linodego.Client, id int) error { return c.DeletePostgresDatabase(ctx, id) },
	credentials: func(c linodego.Client, id int) (string, error) {
		cr, err := c.GetPostgresDatabaseCredentials(ctx, id)
		if err != nil {
			return "", err
		}
		return cr.Password, nil
	},
	reset: func(c linodego.Client, id int) error { return c.ResetPostgresDatabaseCredentials(ctx, id) },
	ssl: func(c linodego.Client, id int) ([]byte, error) {
		s, err := c.GetPostgresDatabaseSSL(ctx, id)
		if err != nil {
			return nil, err
		}
		return s.CACertificate, nil
	},
	patch: func(c linodego.Client, id int) error { return c.PatchPostgresDatabase(ctx, id) },
	backup: func(c linodego.Client, id int, label string) error {
		return c.CreatePostgresDatabaseBackup(ctx, id, linodego.PostgresBackupCreateOptions{Label: label, Target: linodego.PostgresDatabaseTargetPrimary})
	},
	backups: func(c linodego.Client, id int) ([]int, error) {
		bs, err := c.ListPostgresDatabaseBackups(ctx, id, nil)
		ids := []int{}
		for _, b := range bs {
			ids = append(ids, b.ID)
		}
		return ids, err
	},
	getBackup: func(c linodego.Client, id, backupID int) (string, error) {
		b, err := c.GetPostgresDatabaseBackup(ctx, id, backupID)
		if err != nil {
			return "", err
		}
		return b.Label, nil
	},
	restore: func(c linodego.Client, id, backupID int) error {
		return c.RestorePostgresDatabaseBackup(ctx, id, backupID)
	},
	defaultRepli: "async",
}

func postgresDB(d *linodego.PostgresDatabase) db {
	if d == nil {
		return db{}
	}
	return db{d.ID, d.ClusterSize, d.Label, string(d.Status), d.Type, string(d.ReplicationType), d.AllowList}
}

func TestMySQLLifecycle(t *testing.T)    { databaseStory(t, mysql) }
func TestPostgresLifecycle(t *testing.T) { databaseStory(t, postgres) }

// databaseStory drives every operation of one engine, each on its success and failure paths.
func databaseStory(t *testing.T, e engine) {
	c := fresh(t)
	label := "go-" + string(e.kind)
	_, err := e.create(c, "x", nil)
	refused(t, err, 400, "label")
	d, err := e.create(c, label, []string{"203.0.113.1", "192.0.1.0/24"})
	must(t, err)
	if d.label != label || d.clusterSize != 3 || d.replication != e.defaultRepli || d.status != "provisioning" {
		t.Fatalf("created %+v", d)
	}
	_, err = e.create(c, label, nil)
	refused(t, err, 400, "label")

	// Credentials and the certificate are refused until the database is active.
	_, err = e.credentials(c, d.id)
	refused(t, err, 400, "")
	_, err = e.ssl(c, d.id)
	refused(t, err, 400, "")
	_, err = e.backups(c, d.id)
	refused(t, err, 400, "")
	must(t, c.WaitForDatabaseStatus(ctx, d.id, e.kind, linodego.DatabaseStatusActive, 60))

	got, err := e.get(c, d.id)
	must(t, err)
	if got.status != "active" || len(got.allowList) != 2 {
		t.Fatalf("read %+v", got)
	}
	listed, err := e.list(c)
	must(t, err)
	if len(listed) != 1 || listed[0].id != d.id {
		t.Fatalf("listed %+v", listed)
	}
	all, err := c.ListDatabases(ctx, nil)
	must(t, err)
	if len(all) != 1 || all[0].ID != d.id {
		t.Fatalf("all databases %+v", all)
	}

	password, err := e.credentials(c, d.id)
	must(t, err)
	cert, err := e.ssl(c, d.id)
	must(t, err)
	if password == "" || !strings.Contains(string(cert), "CERTIFICATE") {
		t.Fatalf("credentials %q, certificate %q", password, base64.StdEncoding.EncodeToString(cert))
	}
	must(t, e.reset(c, d.id))
	must(t, c.WaitForDatabaseStatus(ctx, d.id, e.kind, linodego.DatabaseStatusActive, 60))
	again, err := e.credentials(c, d.id)
	must(t, err)
	if again == password {
		t.Fatal("the reset kept the password")
	}

	// A resize and an allow-list change in one request are refused; a label of 33 characters too.
	allow := []string{"198.51.100.0/24"}
	_, err = e.update(c, d.id, "", "g6-standard-1", &allow)
	refused(t, err, 400, "")
	_, err = e.update(c, d.id, strings.Repeat("a", 33), "", nil)
	refused(t, err, 400, "label")
	renamed, err := e.update(c, d.id, label+"-2", "", &allow)
	must(t, err)
	if renamed.label != label+"-2" {
		t.Fatalf("updated %+v", renamed)
	}
	must(t, c.WaitForDatabaseStatus(ctx, d.id, e.kind, linodego.DatabaseStatusActive, 60))
	_, err = e.update(c, d.id, "", "g6-standard-1", nil)
	must(t, err)
	refused(t, e.patch(c, d.id), 400, "")
	must(t, c.WaitForDatabaseStatus(ctx, d.id, e.kind, linodego.DatabaseStatusActive, 60))
	must(t, e.patch(c, d.id))
	must(t, c.WaitForDatabaseStatus(ctx, d.id, e.kind, linodego.DatabaseStatusActive, 60))

	refused(t, e.backup(c, d.id, "bad label!"), 400, "label")
	must(t, e.backup(c, d.id, "before_change"))
	must(t, c.WaitForDatabaseStatus(ctx, d.id, e.kind, linodego.DatabaseStatusActive, 60))
	ids, err := e.backups(c, d.id)
	must(t, err)
	if len(ids) == 0 {
		t.Fatal("no backup listed")
	}
	snapshot := ids[len(ids)-1]
	for _, id := range ids {
		if l, _ := e.getBackup(c, d.id, id); l == "before_change" {
			snapshot = id
		}
	}
	backupLabel, err := e.getBackup(c, d.id, snapshot)
	must(t, err)
	if backupLabel != "before_change" {
		t.Fatalf("backup %d is %q", snapshot, backupLabel)
	}
	_, err = e.getBackup(c, d.id, 999999)
	notFound(t, err)
	notFound(t, e.restore(c, d.id, 999999))
	must(t, e.restore(c, d.id, snapshot))
	must(t, c.WaitForDatabaseStatus(ctx, d.id, e.kind, linodego.DatabaseStatusActive, 60))

	must(t, e.remove(c, d.id))
	_, err = e.get(c, d.id)
	notFound(t, err)
	notFound(t, e.remove(c, d.id))
	_, err = e.update(c, d.id, "gone", "", nil)
	notFound(t, err)
	notFound(t, e.reset(c, d.id))
	notFound(t, e.patch(c, d.id))
	notFound(t, e.backup(c, d.id, "late"))
	_, err = e.credentials(c, d.id)
	notFound(t, err)
	_, err = e.ssl(c, d.id)
	notFound(t, err)
}
