"""Entry point of the `meeple` command: errors meant for people become one line and an exit code."""

from __future__ import annotations

import sys

from meeple.engine import MeepleError


def main() -> None:
    from meeple.cli.commands import cli

    try:
        cli(standalone_mode=True)
    except MeepleError as e:  # anything a command did not turn into a usage error itself
        print(f"meeple: error: {e}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        print("meeple: interrupted", file=sys.stderr)
        sys.exit(130)
