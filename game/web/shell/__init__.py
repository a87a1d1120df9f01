"""The browser shell: the only code that imports ``pyscript`` (issue 24.3)."""
