#!/usr/bin/env bash
# Take docs/enrol.png again: the enrolment's page of `companion enrol --source simulated`, as a phone
# shows it, with Debian's headless chromium (apt-get install -y chromium). From the repository root:
#   bash docs/enrol-screenshot.sh [seconds of computing before the shot, 60 by default]
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-.venv/bin/python}
wait=${1:-60}
work=$(mktemp -d)
# A home and a decks folder of their own: the shot touches no real deck.
HOME=$work COMPANION_DECKS=$work/decks PYTHONPATH=$PWD "$python" -m companion enrol --game tranquility \
    --source simulated --deck kitchen --host 127.0.0.1 --port 8766 --lang en >"$work/out.txt" 2>&1 &
enrol=$!
trap 'kill "$enrol" 2>/dev/null || true; rm -rf "$work"' EXIT
until grep -q '^page: ' "$work/out.txt"; do sleep 0.5; done
sleep "$wait"
address=$(grep -m1 '^page: ' "$work/out.txt" | cut -d' ' -f2)
/usr/bin/chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --timeout=6000 \
    --window-size=412,1400 --screenshot="$PWD/docs/enrol.png" "$address" 2>/dev/null
