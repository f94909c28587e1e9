package conformance

import (
	"strings"
	"testing"
)

func TestRegionsAndEngines(t *testing.T) {
	c := fresh(t)
	regions, err := c.ListRegions(ctx, nil)
	must(t, err)
	if len(regions) < 4 {
		t.Fatalf("regions %+v", regions)
	}
	region, err := c.GetRegion(ctx, "us-east")
	must(t, err)
	if region.ID != "us-east" || len(region.Capabilities) == 0 {
		t.Fatalf("region %+v", region)
	}
	_, err = c.GetRegion(ctx, "nowhere-1")
	notFound(t, err)

	availability, err := c.ListRegionsAvailability(ctx, nil)
	must(t, err)
	if len(availability) == 0 || availability[0].Plan == "" {
		t.Fatalf("availability %+v", availability)
	}
	// The API answers one region's availability as a bare array (api-behaviour.md, "Regions"), and
	// so does the emulator; linodego decodes one object, so it cannot read that answer (disagrees).
	_, err = c.GetRegionAvailability(ctx, "us-east")
	if err == nil || !strings.Contains(err.Error(), "cannot unmarshal array") {
		t.Fatalf("want linodego's decoding error for the API's array, got %v", err)
	}
	_, err = c.GetRegionAvailability(ctx, "nowhere-1")
	notFound(t, err)

	engines, err := c.ListDatabaseEngines(ctx, nil)
	must(t, err)
	if len(engines) != 4 {
		t.Fatalf("engines %+v", engines)
	}
	engine, err := c.GetDatabaseEngine(ctx, nil, "mysql/8.0.30")
	must(t, err)
	if engine.Engine != "mysql" || engine.Version != "8.0.30" {
		t.Fatalf("engine %+v", engine)
	}
	_, err = c.GetDatabaseEngine(ctx, nil, "mysql/0.1")
	notFound(t, err)
}
