"""The `meeple` command (placeholder entry until the commands land)."""


def main() -> None:
    from meeple.cli.commands import cli

    cli()
