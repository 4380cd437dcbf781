"""Command line: `python -m tammany simulate|replay …` (see cli.py)."""

import sys

from .cli import main

sys.exit(main())
