"""The browser shell: the only code that imports ``pyscript``."""
