"""One module per ``homegame`` subcommand; each defines ``register(subparsers)``."""
