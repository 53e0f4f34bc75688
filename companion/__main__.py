"""``python -m companion``: the command line."""

from companion.cli import main

raise SystemExit(main())
