"""The page's features: each a module of its state and the handlers of its taps."""
