"""meeple: an engine and platform for Río de la Plata, El Grande, Doge and Genesia."""

__version__ = "0.1.0"

from meeple.compiled import choose_build  # noqa: E402

choose_build()  # before any module that may be compiled is imported

from meeple.engine.registry import games, load  # noqa: E402

__all__ = ["__version__", "games", "load"]
