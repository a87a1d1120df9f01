"""Screens as pure functions from UI state to element trees (see :mod:`game.web.screens.vdom`)."""
