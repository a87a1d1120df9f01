"""Browser user interface (runs under PyScript on Pyodide)."""
