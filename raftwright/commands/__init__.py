"""One module per ``raftwright`` subcommand; each exposes ``register(subparsers)``."""
