"""Set-up for the web UI logic tests: pure Python, no browser (``game.web`` minus app/dom).

Nothing to set up: ``import game`` works through ``pythonpath`` in pyproject.toml and the
test kit (``webkit``) through pytest's default import mode.
"""
