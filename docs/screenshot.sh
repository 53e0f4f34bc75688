#!/usr/bin/env bash
# Take a docs picture again, as a phone shows it, with Debian's headless chromium
# (apt-get install -y chromium). Run from the repository root:
#   bash docs/screenshot.sh [page|enrol] [seconds before the shot]
# page: docs/page.png, the status page of `companion demo` (30 s into the game by default);
# enrol: docs/enrol.png, the page of `companion enrol --source simulated` (after 60 s by default).
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-.venv/bin/python}
which=${1:-page}
work=$(mktemp -d)
# A home, a store and a decks folder of their own: the shot touches no real store or deck.
export HOME=$work COMPANION_DECKS=$work/decks PYTHONPATH=$PWD
case $which in
    page) wait=${2:-30}
          "$python" -m companion demo --store "$work/demo.db" --host 127.0.0.1 --port 8765 --speed 2 \
              --linger 60 --lang en >"$work/out.txt" 2>&1 & ;;
    enrol) wait=${2:-60}
           "$python" -m companion enrol --game tranquility --source simulated --deck kitchen \
               --host 127.0.0.1 --port 8766 --lang en >"$work/out.txt" 2>&1 & ;;
    *) echo "usage: bash docs/screenshot.sh [page|enrol] [seconds]" >&2; exit 2 ;;
esac
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
until grep -q '^page: ' "$work/out.txt"; do sleep 0.5; done
sleep "$wait"
address=$(grep -m1 '^page: ' "$work/out.txt" | cut -d' ' -f2)
# --timeout: the page's live stream never ends loading, so take the shot after 6 s.
/usr/bin/chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --timeout=6000 \
    --window-size=412,1400 --screenshot="$PWD/docs/$which.png" "$address" 2>/dev/null
