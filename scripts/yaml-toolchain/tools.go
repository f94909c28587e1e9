//go:build tools

// Package tools pins the Pulumi YAML language host's Go modules for scripts/install-pulumi.sh.
// Nothing here is compiled into the project; the build names the command package directly.
package tools

import _ "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml"
