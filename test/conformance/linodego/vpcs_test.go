package conformance

import (
	"fmt"
	"strings"
	"testing"

	"github.com/linode/linodego"
)

func TestVPCLifecycle(t *testing.T) {
	c := fresh(t)
	vpc, err := c.CreateVPC(ctx, linodego.VPCCreateOptions{
		Label: "go-net", Region: "us-east", Description: "made by linodego",
		Subnets: []linodego.VPCSubnetCreateOptions{{Label: "web", IPv4: "10.0.1.0/24"}},
	})
	must(t, err)
	if vpc.Label != "go-net" || len(vpc.Subnets) != 1 || vpc.Subnets[0].IPv4 != "10.0.1.0/24" {
		t.Fatalf("created %+v", vpc)
	}
	_, err = c.CreateVPC(ctx, linodego.VPCCreateOptions{Label: "go-net", Region: "us-east"})
	refused(t, err, 400, "label")

	got, err := c.GetVPC(ctx, vpc.ID)
	must(t, err)
	if got.Description != "made by linodego" {
		t.Fatalf("read %+v", got)
	}
	updated, err := c.UpdateVPC(ctx, vpc.ID, linodego.VPCUpdateOptions{Label: "go-net-2"})
	must(t, err)
	if updated.Label != "go-net-2" {
		t.Fatalf("updated %+v", updated)
	}
	_, err = c.UpdateVPC(ctx, vpc.ID, linodego.VPCUpdateOptions{Label: "two--hyphens"})
	refused(t, err, 400, "label")

	subnet, err := c.CreateVPCSubnet(ctx, linodego.VPCSubnetCreateOptions{Label: "data", IPv4: "10.0.2.0/24"}, vpc.ID)
	must(t, err)
	_, err = c.CreateVPCSubnet(ctx, linodego.VPCSubnetCreateOptions{Label: "overlap", IPv4: "10.0.2.128/25"}, vpc.ID)
	refused(t, err, 400, "ipv4")
	got2, err := c.GetVPCSubnet(ctx, vpc.ID, subnet.ID)
	must(t, err)
	if got2.IPv4 != "10.0.2.0/24" {
		t.Fatalf("subnet %+v", got2)
	}
	renamed, err := c.UpdateVPCSubnet(ctx, vpc.ID, subnet.ID, linodego.VPCSubnetUpdateOptions{Label: "data-2"})
	must(t, err)
	if renamed.Label != "data-2" {
		t.Fatalf("renamed %+v", renamed)
	}
	_, err = c.UpdateVPCSubnet(ctx, vpc.ID, subnet.ID, linodego.VPCSubnetUpdateOptions{Label: ""})
	refused(t, err, 400, "label")
	subnets, err := c.ListVPCSubnets(ctx, vpc.ID, nil)
	must(t, err)
	if len(subnets) != 2 {
		t.Fatalf("subnets %+v", subnets)
	}

	ips, err := c.ListVPCIPAddresses(ctx, vpc.ID, nil)
	must(t, err)
	all, err := c.ListAllVPCIPAddresses(ctx, nil)
	must(t, err)
	if len(ips) != 0 || len(all) != 0 {
		t.Fatalf("no instance uses the VPC, yet %d and %d addresses", len(ips), len(all))
	}

	must(t, c.DeleteVPCSubnet(ctx, vpc.ID, subnet.ID))
	_, err = c.GetVPCSubnet(ctx, vpc.ID, subnet.ID)
	notFound(t, err)
	notFound(t, c.DeleteVPCSubnet(ctx, vpc.ID, subnet.ID))
	_, err = c.UpdateVPCSubnet(ctx, vpc.ID, subnet.ID, linodego.VPCSubnetUpdateOptions{Label: "gone"})
	notFound(t, err)

	must(t, c.DeleteVPC(ctx, vpc.ID))
	_, err = c.GetVPC(ctx, vpc.ID)
	notFound(t, err)
	notFound(t, c.DeleteVPC(ctx, vpc.ID))
	_, err = c.UpdateVPC(ctx, vpc.ID, linodego.VPCUpdateOptions{Label: "gone"})
	notFound(t, err)
	_, err = c.ListVPCSubnets(ctx, vpc.ID, nil)
	notFound(t, err)
	_, err = c.ListVPCIPAddresses(ctx, vpc.ID, nil)
	notFound(t, err)
	_, err = c.CreateVPCSubnet(ctx, linodego.VPCSubnetCreateOptions{Label: "late", IPv4: "10.0.3.0/24"}, vpc.ID)
	notFound(t, err)
}

func TestVPCListOverPages(t *testing.T) {
	c := fresh(t)
	for i := 0; i < 27; i++ {
		_, err := c.CreateVPC(ctx, linodego.VPCCreateOptions{Label: fmt.Sprintf("paged-%02d", i), Region: "us-east"})
		must(t, err)
	}
	before := log.count()
	vpcs, err := c.ListVPCs(ctx, &linodego.ListOptions{PageSize: 25})
	must(t, err)
	if len(vpcs) != 27 || vpcs[26].Label != "paged-26" {
		t.Fatalf("listed %d VPCs", len(vpcs))
	}
	pages := 0
	for _, e := range log.since(before) {
		if strings.Contains(e.query, "page=") {
			pages++
		}
	}
	if pages != 2 {
		t.Fatalf("want two pages read, got %d requests", pages)
	}
	_, err = c.ListVPCs(ctx, &linodego.ListOptions{PageSize: 10})
	refused(t, err, 400, "page_size")
}

func TestVPCFilteredList(t *testing.T) {
	c := fresh(t)
	for _, l := range []string{"filter-a", "filter-b", "filter-c"} {
		_, err := c.CreateVPC(ctx, linodego.VPCCreateOptions{Label: l, Region: "us-east"})
		must(t, err)
	}
	_, err := c.CreateVPC(ctx, linodego.VPCCreateOptions{Label: "filter-west", Region: "us-west"})
	must(t, err)
	one, err := c.ListVPCs(ctx, &linodego.ListOptions{Filter: `{"label": "filter-b"}`})
	must(t, err)
	if len(one) != 1 || one[0].Label != "filter-b" {
		t.Fatalf("filtered to %+v", one)
	}
	f := linodego.Filter{Order: linodego.Descending, OrderBy: "label"}
	f.AddField(linodego.Eq, "region", "us-east")
	js, err := f.MarshalJSON()
	must(t, err)
	east, err := c.ListVPCs(ctx, &linodego.ListOptions{Filter: string(js)})
	must(t, err)
	if len(east) != 3 || east[0].Label != "filter-c" {
		t.Fatalf("filtered and ordered to %+v", east)
	}
	_, err = c.ListVPCs(ctx, &linodego.ListOptions{Filter: `{"description": "x"}`})
	refused(t, err, 400, "X-Filter")
}
