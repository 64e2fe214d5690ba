"""Fixtures shared by several test folders: Debian's Chromium for the browser tests (the server's
pages in tests/server, the report pages in tests/lab)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """Debian's Chromium under Playwright, for a module of browser tests (see tests/server/browsing.py)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    from tests.server.browsing import launch

    with sync_api.sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()
