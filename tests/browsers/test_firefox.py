"""The end-to-end pass (scenario.py) in Firefox ESR, driven over WebDriver BiDi (headless)."""

from __future__ import annotations

from scenario import Pass


def test_firefox_pass(firefox, site, prepared_game):
    run = Pass(firefox, site, prepared_game)
    try:
        run.run()
    finally:
        print(run.report())
