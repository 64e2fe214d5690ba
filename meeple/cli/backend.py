"""The `--backend` and `--address` flags that simulate, arena, ladder and report share."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from typing import Any

import click

from meeple.arena.backends import BACKENDS


def backend_flags(command: Callable[..., Any]) -> Callable[..., Any]:
    command = click.option(
        "--address",
        help="With --backend ray: the address of a running Ray cluster (e.g. ray://head:10001 or auto); "
        "without it a local Ray with --jobs CPUs is started for the run.",
    )(command)
    return click.option(
        "--backend",
        type=click.Choice(BACKENDS),
        default="process",
        show_default=True,
        help="Where the games run: worker processes on this machine, or Ray tasks (pip install 'meeple[ray]').",
    )(command)


def check_backend(backend: str, address: str | None) -> None:
    if address and backend != "ray":
        raise click.BadParameter("--address is the address of a Ray cluster; give --backend ray with it", param_hint="--address")
    if backend == "ray" and importlib.util.find_spec("ray") is None:
        raise click.BadParameter("the Ray backend needs Ray: pip install 'meeple[ray]'", param_hint="--backend")
