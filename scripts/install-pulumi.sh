#!/usr/bin/env bash
# Installs the Pulumi engine this project is tested with into .tools/bin:
#   - the Pulumi CLI, built from Go modules pinned in scripts/pulumi-toolchain (go.mod + go.sum);
#   - the Node.js language host (pulumi-language-nodejs), built the same way when the Go module
#     proxy serves its pseudo-version (see docs/contributing.md: it is optional for this project);
#   - gen-sdk (scripts/pulumi-toolchain/gen-sdk), which writes the plugin's Go, Python and Node.js
#     SDKs from schema.json with Pulumi's code generators; built from the same pinned modules;
#   - the YAML language host (pulumi-language-yaml) of Pulumi YAML, built from Go
#     modules pinned in scripts/yaml-toolchain (go.mod + go.sum), so that `runtime: yaml` programs
#     (examples/yaml) run through the plain CLI;
#   - a link to @pulumi/pulumi's pulumi-resource-pulumi-nodejs, the dynamic provider the engine starts;
#   - schema-bind (scripts/pulumi-toolchain/schema-bind), which binds schema.json with Pulumi's own
#     schema package for test/schema/bind.test.ts; built from the same pinned modules;
#   - Node.js 22, 24 and 26, yarn classic and pnpm for the package-manager matrix and the runs on
#     newer Node.js majors (scripts/install-node-tools.sh).
#   - the Python tools (the `pulumi` Python SDK, mypy, the wheel builder) in a virtual
#     environment, .tools/python, pinned by scripts/python-toolchain/requirements.txt
#     (scripts/install-python.sh; fails without python3).
# Skips the build when .tools/bin already holds the pinned version, and reuses a `pulumi` on PATH when
# it is that version. Go's module and build caches make a second build quick.
# Usage: bash scripts/install-pulumi.sh   (then: export PATH="$PWD/.tools/bin:$PATH")
set -euo pipefail

PULUMI_VERSION="3.274.1"
# pulumi-language-nodejs has no tags of its own: it is fetched at the pseudo-version of the commit
# tagged v3.274.1, v3.0.0-20261105124506-<its first 12 hex digits> (the time is that of sdk/v3
# v3.274.1 on the Go module proxy). The proxy answers 403 for every version of that module and lists
# none, and no source reachable from this project's machines names the commit, so none is pinned and
# the host is not built; nothing here needs it (docs/contributing.md). Set the full pseudo-version
# here to build it where a proxy serves it.
LANGUAGE_HOST_VERSION=""
# Pulumi YAML's language host, a module of its own (github.com/pulumi/pulumi-yaml).
YAML_HOST_VERSION="1.25.0"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="$root/.tools/bin"
mkdir -p "$bin"

version_of() { "$1" version 2>/dev/null | head -n 1 | tr -d '[:space:]'; }

link_dynamic_provider() {
  local target="$root/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs"
  if [ ! -x "$target" ]; then
    echo "install-pulumi: $target is missing; run 'npm ci' first" >&2
    exit 1
  fi
  ln -sf "$target" "$bin/pulumi-resource-pulumi-nodejs"
}

build_cli() {
  if ! command -v go >/dev/null 2>&1; then
    echo "install-pulumi: Go is needed to build the Pulumi CLI v$PULUMI_VERSION (no such CLI on PATH)" >&2
    exit 1
  fi
  echo "install-pulumi: building the Pulumi CLI v$PULUMI_VERSION from Go modules (first time: several minutes)"
  # go.sum pins every module hash; the checksum database is not reachable from every network.
  (cd "$root/scripts/pulumi-toolchain" &&
    GOFLAGS=-mod=readonly GOSUMDB=off go build -trimpath \
      -ldflags "-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$PULUMI_VERSION" \
      -o "$bin/pulumi" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi)
}

build_language_host() {
  [ -n "$LANGUAGE_HOST_VERSION" ] || return 1
  command -v go >/dev/null 2>&1 || return 1
  local work
  work="$(mktemp -d)"
  cp "$root/scripts/pulumi-toolchain/go.mod" "$root/scripts/pulumi-toolchain/go.sum" "$work/"
  (cd "$work" &&
    GOSUMDB=off go get "github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3@$LANGUAGE_HOST_VERSION" >/dev/null 2>&1 &&
    GOSUMDB=off go build -trimpath \
      -ldflags "-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$PULUMI_VERSION" \
      -o "$bin/pulumi-language-nodejs" github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3)
  local status=$?
  rm -rf "$work"
  return $status
}

build_gen_sdk() {
  if ! command -v go >/dev/null 2>&1; then
    echo "install-pulumi: Go is needed to build gen-sdk (the SDK tests fail without it)" >&2
    return 0
  fi
  (cd "$root/scripts/pulumi-toolchain" &&
    GOFLAGS=-mod=readonly GOSUMDB=off go build -trimpath -o "$bin/gen-sdk" ./gen-sdk)
  echo "install-pulumi: built gen-sdk"
}

if [ "$(version_of "$bin/pulumi")" = "v$PULUMI_VERSION" ]; then
  echo "install-pulumi: Pulumi CLI v$PULUMI_VERSION already in .tools/bin"
elif command -v pulumi >/dev/null 2>&1 && [ "$(version_of "$(command -v pulumi)")" = "v$PULUMI_VERSION" ]; then
  ln -sf "$(command -v pulumi)" "$bin/pulumi"
  echo "install-pulumi: using the Pulumi CLI v$PULUMI_VERSION found on PATH"
else
  build_cli
fi

if [ -x "$bin/pulumi-language-nodejs" ]; then
  echo "install-pulumi: Node.js language host already in .tools/bin"
elif command -v pulumi-language-nodejs >/dev/null 2>&1; then
  ln -sf "$(command -v pulumi-language-nodejs)" "$bin/pulumi-language-nodejs"
elif build_language_host; then
  echo "install-pulumi: built the Node.js language host $LANGUAGE_HOST_VERSION"
else
  echo "install-pulumi: no Node.js language host: the Go module proxy serves none${LANGUAGE_HOST_VERSION:+ (tried $LANGUAGE_HOST_VERSION)};"
  echo "install-pulumi: programs run through the Automation API (npm run demo, npm test) do not need it (docs/contributing.md)"
fi

build_schema_bind() {
  if ! command -v go >/dev/null 2>&1; then
    echo "install-pulumi: Go is needed to build schema-bind (test/schema/bind.test.ts fails without it)" >&2
    return 0
  fi
  (cd "$root/scripts/pulumi-toolchain" &&
    GOFLAGS=-mod=readonly GOSUMDB=off go build -trimpath -o "$bin/schema-bind" ./schema-bind)
  echo "install-pulumi: built schema-bind"
}

# Pinned when the binary's module list names the pinned Pulumi YAML (`go version -m`); no version flag exists.
yaml_host_pinned() {
  [ -x "$bin/pulumi-language-yaml" ] &&
    go version -m "$bin/pulumi-language-yaml" 2>/dev/null | grep -Eq "github.com/pulumi/pulumi-yaml[[:space:]]+v$YAML_HOST_VERSION([[:space:]]|$)"
}

build_yaml_host() {
  if ! command -v go >/dev/null 2>&1; then
    echo "install-pulumi: Go is needed to build pulumi-language-yaml (test/e2e/yaml-program.test.ts fails without it)" >&2
    return 0
  fi
  if yaml_host_pinned; then
    echo "install-pulumi: YAML language host v$YAML_HOST_VERSION already in .tools/bin"
    return 0
  fi
  echo "install-pulumi: building the YAML language host v$YAML_HOST_VERSION from Go modules (first time: a few minutes)"
  (cd "$root/scripts/yaml-toolchain" &&
    GOFLAGS=-mod=readonly GOSUMDB=off go build -trimpath \
      -ldflags "-X github.com/pulumi/pulumi-yaml/pkg/version.Version=v$YAML_HOST_VERSION" \
      -o "$bin/pulumi-language-yaml" github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml)
  echo "install-pulumi: built the YAML language host v$YAML_HOST_VERSION"
}

link_dynamic_provider
build_yaml_host
build_schema_bind
build_gen_sdk
echo "install-pulumi: engine $("$bin/pulumi" version) in .tools/bin"

# What the package-manager matrix runs user projects with (Node.js 22, yarn, pnpm) and
# scripts/test-newest-sdk.mjs runs the tests on (Node.js 22, 24, 26).
bash "$root/scripts/install-node-tools.sh"

# What the Python stories build the generated SDK's wheel with and run Python programs on.
bash "$root/scripts/install-python.sh"
