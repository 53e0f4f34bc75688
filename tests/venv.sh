#!/usr/bin/env bash
# Create or update the project's virtual environment in .venv and install the
# companion into it (with the extras named as arguments, e.g. `test`).
# Works on a fresh Debian with Python 3.11: Debian ships the venv module in a
# separate package, installed here when missing (as root, or with sudo).
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
extras=$(IFS=,; echo "$*")

if [ ! -x .venv/bin/python ] || ! .venv/bin/python -m pip --version >/dev/null 2>&1; then
    rm -rf .venv
    if ! "$python" -m venv .venv >/dev/null 2>&1; then
        rm -rf .venv
        sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        echo "venv is missing: installing Debian's python3-venv" >&2
        $sudo apt-get update -qq
        $sudo apt-get install -y -qq python3-venv >/dev/null
        "$python" -m venv .venv
    fi
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null 2>&1 || true
if [ -n "$extras" ]; then
    .venv/bin/python -m pip install -q -e ".[$extras]"
else
    .venv/bin/python -m pip install -q -e .
fi
