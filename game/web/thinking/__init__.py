"""Thinking for the table: hint requests and the post-game review (the worker's side and
the page's), run in the background by game.web.runtime.jobs."""
