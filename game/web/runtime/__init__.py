"""The page in plain Python: events, effects, drawing and background jobs (issue 24.2, 24.3)."""
