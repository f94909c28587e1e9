#!/usr/bin/env bash
# Installs the Python tools this project is tested with into a virtual environment, .tools/python:
# the `pulumi` Python SDK, the mypy type checker and the wheel builder (`build`, setuptools,
# wheel), every package at the version scripts/python-toolchain/requirements.txt pins, from the
# Python package index pip is configured for. The Python stories (test/e2e/python-program.test.ts,
# test/plugin/python-sdk.test.ts) build the generated SDK into a wheel with it and run programs
# through the `pulumi` package's Automation API.
# Fails, never skips, without python3 (3.9 or newer) and its venv module. Quick when the
# environment already holds what requirements.txt pins (a stamp records the file it was made from).
# Usage: bash scripts/install-python.sh   (scripts/install-pulumi.sh runs it)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
requirements="$root/scripts/python-toolchain/requirements.txt"
venv="$root/.tools/python"
stamp="$venv/.requirements"

if ! command -v python3 >/dev/null 2>&1; then
  echo "install-python: python3 is missing: the Python SDK's tests need CPython 3.9 or newer with pip and venv" >&2
  exit 1
fi
if ! python3 -c 'import sys; sys.exit(0 if sys.version_info >= (3, 9) else 1)'; then
  echo "install-python: $(python3 --version 2>&1) is too old: the generated SDK needs Python 3.9 or newer" >&2
  exit 1
fi

if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && cmp -s "$stamp" "$requirements"; then
  echo "install-python: the Python tools of scripts/python-toolchain/requirements.txt already in .tools/python"
  exit 0
fi

echo "install-python: installing the pinned Python tools into .tools/python"
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
cp "$requirements" "$stamp"
echo "install-python: $("$venv/bin/python" --version), pulumi $("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("pulumi"))'), $("$venv/bin/mypy" --version)"
