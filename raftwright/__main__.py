"""``python -m raftwright`` is the ``raftwright`` console script."""

import sys

from raftwright.cli import main

sys.exit(main())
