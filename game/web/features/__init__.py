"""The page's features: each a module of its state, its update, its taps as typed messages
and their update."""
