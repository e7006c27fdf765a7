"""``python -m homegame`` runs the ``homegame`` command."""

import sys

from homegame.cli import main

if __name__ == "__main__":
    sys.exit(main())
