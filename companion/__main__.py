"""``python -m companion``: the command line."""

from companion.cli.main import main

raise SystemExit(main())
