"""The end-to-end pass (scenario.py) in WebKit: WebKitGTK's MiniBrowser, the iPad's engine.

Needs a display: scripts/test.sh runs it under
``xvfb-run -a -s '-screen 0 1280x1024x24' dbus-run-session --``."""

from __future__ import annotations

from scenario import Pass


def test_webkit_pass(webkit, site, prepared_game):
    run = Pass(webkit, site, prepared_game)
    try:
        run.run()
    finally:
        print(run.report())
