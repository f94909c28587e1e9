package conformance

import (
	"net/http"
	"reflect"
	"sort"
	"testing"

	"github.com/linode/linodego"
)

// TestCatalogue: today's engines (`<engine>/<major>`) and the engine settings' limits, as linodego
// reads them; an unknown engine id is IsNotFound and a filter on a key that cannot be filtered on
// is a 400 naming X-Filter.
func TestCatalogue(t *testing.T) {
	c := fresh(t)
	engines, err := c.ListDatabaseEngines(ctx, nil)
	must(t, err)
	ids := []string{}
	for _, e := range engines {
		ids = append(ids, e.ID)
	}
	sort.Strings(ids)
	want := []string{"mysql/8", "postgresql/13", "postgresql/14", "postgresql/15", "postgresql/16", "postgresql/17"}
	if !reflect.DeepEqual(ids, want) {
		t.Fatalf("engines %v, want %v", ids, want)
	}
	one, err := c.GetDatabaseEngine(ctx, nil, "mysql/8")
	must(t, err)
	if one.Engine != "mysql" || one.Version != "8" {
		t.Fatalf("engine %+v", one)
	}
	_, err = c.GetDatabaseEngine(ctx, nil, "mysql/8.0.30")
	notFound(t, err)
	_, err = c.ListDatabaseEngines(ctx, linodego.NewListOptions(0, `{"nope":"x"}`))
	refused(t, err, http.StatusBadRequest, "X-Filter", "")

	my, err := c.GetMySQLDatabaseConfig(ctx)
	must(t, err)
	if my.MySQL.ConnectTimeout.Minimum != 2 || my.MySQL.ConnectTimeout.Maximum != 3600 ||
		!my.MySQL.InnoDBFTMinTokenSize.RequiresRestart || my.BinlogRetentionPeriod.Minimum != 600 {
		t.Fatalf("mysql settings %+v", my)
	}
	pg, err := c.GetPostgresDatabaseConfig(ctx)
	must(t, err)
	if pg.PG.AutovacuumMaxWorkers.Minimum != 1 || pg.PG.AutovacuumMaxWorkers.Maximum != 20 ||
		!pg.PG.AutovacuumMaxWorkers.RequiresRestart || pg.WorkMem.Maximum != 1024 ||
		pg.PGLookout.PGLookoutMaxFailoverReplicationTimeLag.Minimum != 10 {
		t.Fatalf("postgresql settings %+v", pg)
	}
}

// TestPlans: the plans with the cluster sizes each takes, as linodego reads them; an unknown plan
// is IsNotFound and a bad filter a 400 naming X-Filter.
func TestPlans(t *testing.T) {
	c := fresh(t)
	if reason, absent := notServed["GET /databases/types"]; absent {
		_, err := c.ListDatabaseTypes(ctx, nil)
		notFound(t, err)
		_, err = c.GetDatabaseType(ctx, nil, "g6-nanode-1")
		notFound(t, err)
		t.Log(reason)
		return
	}
	types, err := c.ListDatabaseTypes(ctx, nil)
	must(t, err)
	sizes := map[string][]int{}
	for _, ty := range types {
		for _, q := range ty.Engines.MySQL {
			sizes[ty.ID] = append(sizes[ty.ID], q.Quantity)
		}
		if len(ty.Engines.PostgreSQL) != len(ty.Engines.MySQL) {
			t.Fatalf("type %s: %d PostgreSQL sizes, %d MySQL", ty.ID, len(ty.Engines.PostgreSQL), len(ty.Engines.MySQL))
		}
	}
	if !reflect.DeepEqual(sizes["g6-nanode-1"], []int{1, 3}) || !reflect.DeepEqual(sizes["g6-dedicated-2"], []int{1, 2, 3}) {
		t.Fatalf("cluster sizes per plan %v", sizes)
	}
	nanode, err := c.GetDatabaseType(ctx, nil, "g6-nanode-1")
	must(t, err)
	if nanode.Disk != 9216 || nanode.Engines.MySQL[0].Price.Monthly <= 0 {
		t.Fatalf("type %+v", nanode)
	}
	_, err = c.GetDatabaseType(ctx, nil, "g6-nope-1")
	notFound(t, err)
	_, err = c.ListDatabaseTypes(ctx, linodego.NewListOptions(0, `{"nope":"x"}`))
	refused(t, err, http.StatusBadRequest, "X-Filter", "")

}

// TestEveryList: the lists refuse a filter on a key that cannot be filtered on, and a wrong token.
func TestEveryList(t *testing.T) {
	c := fresh(t)
	bad := linodego.NewListOptions(0, `{"nope":"x"}`)
	_, err := c.ListDatabases(ctx, bad)
	refused(t, err, http.StatusBadRequest, "X-Filter", "")
	_, err = c.ListMySQLDatabases(ctx, bad)
	refused(t, err, http.StatusBadRequest, "X-Filter", "")
	_, err = c.ListPostgresDatabases(ctx, bad)
	refused(t, err, http.StatusBadRequest, "X-Filter", "")
	stranger := newClient("wrong-token")
	_, err = stranger.ListDatabases(ctx, nil)
	refused(t, err, http.StatusUnauthorized, "", "")
}
