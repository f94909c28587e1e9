package conformance

import (
	"testing"

	"github.com/linode/linodego"
)

// TestListRefusals: every list linodego reads refuses a filter on a key it cannot filter by,
// naming X-Filter (api-behaviour.md, "Filtering"), and linodego reads that refusal.
func TestListRefusals(t *testing.T) {
	c := fresh(t)
	bad := &linodego.ListOptions{Filter: `{"no_such_key": "x"}`}
	lists := map[string]func() error{
		"vpcs":            func() error { _, err := c.ListVPCs(ctx, bad); return err },
		"vpc ips":         func() error { _, err := c.ListAllVPCIPAddresses(ctx, bad); return err },
		"regions":         func() error { _, err := c.ListRegions(ctx, bad); return err },
		"availability":    func() error { _, err := c.ListRegionsAvailability(ctx, bad); return err },
		"engines":         func() error { _, err := c.ListDatabaseEngines(ctx, bad); return err },
		"databases":       func() error { _, err := c.ListDatabases(ctx, bad); return err },
		"mysql":           func() error { _, err := c.ListMySQLDatabases(ctx, bad); return err },
		"postgresql":      func() error { _, err := c.ListPostgresDatabases(ctx, bad); return err },
		"filter not JSON": func() error { _, err := c.ListVPCs(ctx, &linodego.ListOptions{Filter: "[1]"}); return err },
	}
	for name, list := range lists {
		t.Run(name, func(t *testing.T) { refused(t, list(), 400, "X-Filter") })
	}
	other := newClient()
	other.SetToken("not-a-token")
	_, err := other.ListDatabases(ctx, nil)
	refused(t, err, 401, "")
}
