// Command schema-bind binds a Pulumi package schema with Pulumi's own schema package, the way SDK
// generation does before it writes any code, and prints every diagnostic. It exits 0 only when
// the schema binds with no diagnostics at all (errors or warnings).
//
//	schema-bind schema.json
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/blang/semver"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// noPackages is the loader of a package that refers to no other: any load is an error, which the
// binder reports as a diagnostic instead of fetching a plugin.
type noPackages struct{}

func (noPackages) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("package %s refers to another package, which this check does not load", pkg)
}

func (l noPackages) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return l.LoadPackage(d.Name, nil)
}

func (l noPackages) LoadPackageReference(pkg string, v *semver.Version) (schema.PackageReference, error) {
	_, err := l.LoadPackage(pkg, v)
	return nil, err
}

func (l noPackages) LoadPackageReferenceV2(_ context.Context, d *schema.PackageDescriptor) (schema.PackageReference, error) {
	return l.LoadPackageReference(d.Name, nil)
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: schema-bind <schema.json>")
		os.Exit(2)
	}
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(data, &spec); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
	pkg, diags, err := schema.BindSpec(spec, noPackages{}, schema.ValidationOptions{})
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
	for _, d := range diags {
		fmt.Fprintln(os.Stderr, d.Error())
	}
	if len(diags) > 0 {
		fmt.Fprintf(os.Stderr, "%s: %d diagnostic(s)\n", os.Args[1], len(diags))
		os.Exit(1)
	}
	fmt.Printf("%s: package %s %s bound with no diagnostics: %d resources, %d functions, %d types\n",
		os.Args[1], pkg.Name, pkg.Version, len(pkg.Resources), len(pkg.Functions), len(pkg.Types))
}
