#!/usr/bin/env bash
# Take docs/page.png again: the status page of `companion demo`, as a phone shows it,
# with Debian's headless chromium (apt-get install -y chromium). Run from the repository root:
#   bash docs/screenshot.sh [seconds into the game, 30 by default]
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-.venv/bin/python}
wait=${1:-30}
work=$(mktemp -d)
# A store and home of its own, so the shot shows a fresh demo game and touches no real store.
HOME=$work PYTHONPATH=$PWD "$python" -m companion demo --store "$work/demo.db" --host 127.0.0.1 \
    --port 8765 --speed 2 --linger 60 --lang en >"$work/out.txt" 2>&1 &
demo=$!
trap 'kill "$demo" 2>/dev/null || true; rm -rf "$work"' EXIT
until grep -q '^page: ' "$work/out.txt"; do sleep 0.5; done
sleep "$wait"
address=$(grep -m1 '^page: ' "$work/out.txt" | cut -d' ' -f2)
# --timeout: the page's live stream never ends loading, so take the shot after 6 s.
/usr/bin/chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --timeout=6000 \
    --window-size=412,1400 --screenshot="$PWD/docs/page.png" "$address" 2>/dev/null
