"""The page in plain Python: events, effects, drawing and background jobs."""
