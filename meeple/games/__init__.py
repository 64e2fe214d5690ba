"""One package per game; a package that exposes `GAME` is registered."""
