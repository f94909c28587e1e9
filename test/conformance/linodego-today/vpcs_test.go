package conformance

import (
	"net/http"
	"strings"
	"testing"

	"github.com/linode/linodego"
)

// TestVPCIPv6: linodego's VPC IPv6 calls (todays-vpcs.md §1): a dual-stack VPC with a /62 subnet
// created in one request, as linodego's own TestVPC_ListIPv6Addresses does; a subnet of `auto`;
// a prefix length the region does not offer refused naming the range; the IPv6 listings of one
// VPC and of the account (filtered by compute instance); and an account without IPv6 access,
// whose create answers 200 without `ipv6` (TF #2248).
func TestVPCIPv6(t *testing.T) {
	c := fresh(t)
	vpc, err := c.CreateVPC(ctx, linodego.VPCCreateOptions{
		Label: "dual", Region: "us-east",
		IPv6: []linodego.VPCCreateOptionsIPv6{{Range: ptr("/52")}},
		Subnets: []linodego.VPCSubnetCreateOptions{{Label: "first", IPv4: "10.0.0.0/24",
			IPv6: []linodego.VPCSubnetCreateOptionsIPv6{{Range: ptr("/62")}}}},
	})
	must(t, err)
	if len(vpc.IPv6) != 1 || !strings.HasSuffix(vpc.IPv6[0].Range, "/52") {
		t.Fatalf("want one /52, got %+v", vpc.IPv6)
	}
	first := vpc.Subnets[0]
	if len(first.IPv6) != 1 || !strings.HasSuffix(first.IPv6[0].Range, "/62") {
		t.Fatalf("want one /62 subnet range, got %+v", first.IPv6)
	}
	auto, err := c.CreateVPCSubnet(ctx, linodego.VPCSubnetCreateOptions{Label: "auto", IPv4: "10.0.1.0/24",
		IPv6: []linodego.VPCSubnetCreateOptionsIPv6{{Range: ptr("auto")}}}, vpc.ID)
	must(t, err)
	if len(auto.IPv6) != 1 || !strings.HasSuffix(auto.IPv6[0].Range, "/56") {
		t.Fatalf("want an auto /56, got %+v", auto.IPv6)
	}
	got, err := c.GetVPC(ctx, vpc.ID)
	must(t, err)
	if got.IPv6[0].Range != vpc.IPv6[0].Range || len(got.Subnets) != 2 {
		t.Fatalf("the VPC read back differs: %+v", got)
	}
	_, err = c.CreateVPC(ctx, linodego.VPCCreateOptions{Label: "large", Region: "us-east",
		IPv6: []linodego.VPCCreateOptionsIPv6{{Range: ptr("/48")}}})
	refused(t, err, http.StatusBadRequest, "ipv6[0].range", "not available in this region")

	control(t, "POST", "/seed", map[string]any{"computes": []map[string]any{
		{"id": 7101, "region": "us-east", "interfaces": []map[string]any{{"subnet_id": first.ID, "ipv6": map[string]bool{"is_public": true}}}},
		{"id": 7102, "region": "us-east", "interfaces": []map[string]any{{"subnet_id": auto.ID, "ipv6": map[string]bool{"is_public": false}}}},
	}}, nil)
	ips, err := c.ListVPCIPv6Addresses(ctx, vpc.ID, nil)
	must(t, err)
	if len(ips) != 2 || ips[0].LinodeID != 7101 || ips[0].IPv6Range == nil || !strings.HasSuffix(*ips[0].IPv6Range, "/64") ||
		ips[0].IPv6IsPublic == nil || !*ips[0].IPv6IsPublic || len(ips[0].IPv6Addresses) != 1 || ips[0].SubnetID != first.ID {
		t.Fatalf("want the two interfaces' /64s, got %+v", ips)
	}
	filtered, err := c.ListAllVPCIPv6Addresses(ctx, linodego.NewListOptions(0, `{"linode_id": 7102}`))
	must(t, err)
	if len(filtered) != 1 || filtered[0].LinodeID != 7102 || *filtered[0].IPv6IsPublic {
		t.Fatalf("want compute 7102's entry only, got %+v", filtered)
	}
	_, err = c.ListVPCIPv6Addresses(ctx, 999999, nil)
	notFound(t, err)
	_, err = c.ListAllVPCIPv6Addresses(ctx, linodego.NewListOptions(0, `{"ipv6_range": "x"}`))
	refused(t, err, http.StatusBadRequest, "X-Filter", "")

	control(t, "PUT", "/vpc-account", map[string]bool{"ipv6": false}, nil)
	dropped, err := c.CreateVPC(ctx, linodego.VPCCreateOptions{Label: "dropped", Region: "us-east",
		IPv6: []linodego.VPCCreateOptionsIPv6{{Range: ptr("/52")}}})
	must(t, err)
	if dropped.IPv6 != nil {
		t.Fatalf("an account without IPv6 access gets no ipv6, got %+v", dropped.IPv6)
	}
}

// TestVPCAvailability: linodego's vpc-availability calls: every region listed, one read alone, the
// prefix lengths the emulator's control API offers, none without IPv6 access, an unknown region 404.
func TestVPCAvailability(t *testing.T) {
	c := fresh(t)
	all, err := c.ListRegionsVPCAvailability(ctx, nil)
	must(t, err)
	regions, err := c.ListRegions(ctx, nil)
	must(t, err)
	if len(all) != len(regions) {
		t.Fatalf("want an entry per region (%d), got %d", len(regions), len(all))
	}
	one, err := c.GetRegionVPCAvailability(ctx, "us-east")
	must(t, err)
	if one.Region != "us-east" || !one.Available || len(one.AvailableIPV6PrefixLengths) != 1 || one.AvailableIPV6PrefixLengths[0] != 52 {
		t.Fatalf("want us-east available with /52, got %+v", one)
	}
	control(t, "PUT", "/vpc-account", map[string]any{"prefixLengths": map[string][]int{"us-east": {52, 48}}}, nil)
	one, err = c.GetRegionVPCAvailability(ctx, "us-east")
	must(t, err)
	if len(one.AvailableIPV6PrefixLengths) != 2 || one.AvailableIPV6PrefixLengths[1] != 48 {
		t.Fatalf("want /52 and /48, got %+v", one)
	}
	control(t, "PUT", "/vpc-account", map[string]bool{"ipv6": false}, nil)
	one, err = c.GetRegionVPCAvailability(ctx, "us-east")
	must(t, err)
	if len(one.AvailableIPV6PrefixLengths) != 0 {
		t.Fatalf("want no lengths without IPv6 access, got %+v", one)
	}
	_, err = c.GetRegionVPCAvailability(ctx, "xx-none")
	notFound(t, err)
}
