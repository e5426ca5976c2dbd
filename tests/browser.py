"""What the browser tests share: Debian's chromium, driven by playwright (`.ci/run` installs it and sets
``SNIPER_BROWSER_TEST=required``, so there a missing browser fails instead of skipping)."""

import os
import shutil

import pytest

CHROMIUM = os.environ.get("SNIPER_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
if os.environ.get("SNIPER_BROWSER_TEST") == "required":
    from playwright import sync_api  # CI: a missing browser or playwright is a failure, not a skip

    assert CHROMIUM is not None, "SNIPER_BROWSER_TEST=required but no chromium is installed"
else:
    if CHROMIUM is None:
        pytest.skip("no chromium to drive (apt-get install chromium)", allow_module_level=True)
    sync_api = pytest.importorskip("playwright.sync_api")
