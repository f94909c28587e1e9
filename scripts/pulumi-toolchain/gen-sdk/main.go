// Command gen-sdk writes the Go, Python and Node.js SDKs of the provider plugin from schema.json
// with Pulumi's own code generators, the ones `pulumi package gen-sdk` runs. It calls them
// directly because gen-sdk needs a language host per language, and the module proxy serves none.
//
//	gen-sdk [-lang go,python,nodejs] <schema.json> <out-dir>
//
// Each language lands in <out-dir>/<lang>; the Go SDK also gets a go.mod, so a program can point a
// replace directive at <out-dir>/go.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/blang/semver"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// tool names the generator in the "do not edit" header of every generated file.
const tool = "pulumi-cloudplatform gen-sdk"

// goImportBasePath is where the Go SDK's package lives. The schema leaves the Go options out (they
// describe a repository layout, not the API), so the generator supplies them; the module is one
// level up, as in Pulumi's own provider repositories.
const goImportBasePath = "example.com/pulumi-cloudplatform/sdk/go/cloudplatform"

// goSDKVersion is the Go SDK the generated code is built against: the engine's version, so a
// program's module graph holds one Pulumi SDK. The code generator of v3.274 calls
// ctx.ExistsResource, which the Go SDK has since v3.269.0.
const goSDKVersion = "v3.274.1"

// noPackages is the loader of a package that refers to no other: a load is an error, never a
// plugin download.
type noPackages struct{}

func (noPackages) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("package %s refers to another package, which gen-sdk does not load", pkg)
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

// dropInputDefaults removes the defaults of resource inputs, which the code generators would have
// a program send when it leaves the input out. The schema's defaults are the contract platform's,
// and today's platform refuses some of them (encrypted false, replicationCommitType "local"): the
// plugin fills in what a program leaves out, by the database's platform, so an SDK must send an
// absent input as absent, as pulumi-cloudplatform/plugin does.
func dropInputDefaults(spec *schema.PackageSpec) {
	for token, resource := range spec.Resources {
		for name, property := range resource.InputProperties {
			property.Default = nil
			resource.InputProperties[name] = property
		}
		spec.Resources[token] = resource
	}
}

// bind reads and binds the schema afresh: each generator records its own options in the bound
// package, so no two share one.
func bind(file string) (*schema.Package, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(data, &spec); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	dropInputDefaults(&spec)
	if spec.Language == nil {
		spec.Language = map[string]schema.RawMessage{}
	}
	if _, ok := spec.Language["go"]; !ok {
		goInfo, err := json.Marshal(gogen.GoPackageInfo{ImportBasePath: goImportBasePath})
		if err != nil {
			return nil, err
		}
		spec.Language["go"] = goInfo
	}
	if _, ok := spec.Language["python"]; !ok {
		// The package's own version (package.json's, as PEP 440) in the wheel's metadata and in
		// pulumi-plugin.json, where the generator would write 0.0.0 for a release step to replace;
		// a pyproject.toml, so `python -m build` and `pip install` take the directory as it is.
		pyInfo := python.PackageInfo{RespectSchemaVersion: true}
		pyInfo.PyProject.Enabled = true
		raw, err := json.Marshal(pyInfo)
		if err != nil {
			return nil, err
		}
		spec.Language["python"] = raw
	}
	pkg, diags, err := schema.BindSpec(spec, noPackages{}, schema.ValidationOptions{})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s: %s", file, diags.Error())
	}
	return pkg, nil
}

// generate runs one language's generator over a freshly bound package.
func generate(lang, schemaFile string) (map[string][]byte, error) {
	pkg, err := bind(schemaFile)
	if err != nil {
		return nil, err
	}
	switch lang {
	case "go":
		files, err := gogen.GeneratePackage(tool, pkg, nil)
		if err != nil {
			return nil, err
		}
		// The generator writes a go.mod only for "support pack" schemas; this one is written here
		// so the SDK is a module a program can require and replace.
		modulePath := path.Dir(goImportBasePath)
		files["go.mod"] = []byte(fmt.Sprintf("module %s\n\ngo 1.26.6\n\nrequire github.com/pulumi/pulumi/sdk/v3 %s\n",
			modulePath, goSDKVersion))
		// Paths in the map start with the package name; the module root is their parent.
		return relocate(files, path.Base(goImportBasePath)), nil
	case "python":
		files, err := python.GeneratePackage(tool, pkg, nil, noPackages{})
		if err != nil {
			return nil, err
		}
		// pyproject.toml names README.md beside it as the wheel's description; the generator
		// writes the README inside the package only.
		if readme, ok := files["pulumi_cloudplatform/README.md"]; ok {
			files["README.md"] = readme
		}
		return files, nil
	case "nodejs":
		return nodejs.GeneratePackage(tool, pkg, nil, nil, false, noPackages{})
	}
	return nil, fmt.Errorf("unknown language %q (go, python or nodejs)", lang)
}

// relocate moves the Go package's files under the directory its import path names, leaving the
// module's go.mod at the root.
func relocate(files map[string][]byte, pkgDir string) map[string][]byte {
	out := map[string][]byte{}
	for name, data := range files {
		if name == "go.mod" || strings.HasPrefix(name, pkgDir+"/") {
			out[name] = data
		} else {
			out[path.Join(pkgDir, name)] = data
		}
	}
	return out
}

// write replaces dir with exactly the generated files, so a field dropped from the schema leaves
// no stale source behind.
func write(dir string, files map[string][]byte) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	for name, data := range files {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(file, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func main() {
	langs := flag.String("lang", "go,python,nodejs", "comma-separated languages to generate")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: gen-sdk [-lang go,python,nodejs] <schema.json> <out-dir>")
	}
	flag.Parse()
	if flag.NArg() != 2 {
		flag.Usage()
		os.Exit(2)
	}
	schemaFile, outDir := flag.Arg(0), flag.Arg(1)
	for _, lang := range strings.Split(*langs, ",") {
		files, err := generate(lang, schemaFile)
		if err == nil {
			err = write(filepath.Join(outDir, lang), files)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "gen-sdk: %s: %v\n", lang, err)
			os.Exit(1)
		}
		fmt.Printf("gen-sdk: %s SDK: %d files in %s\n", lang, len(files), filepath.Join(outDir, lang))
	}
}
