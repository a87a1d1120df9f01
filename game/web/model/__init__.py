"""The page's state between taps: the controller that holds the features' frozen states and
the game at the table, the one door to them, the action table, and the updates that change
more than one feature's state (a tap's, a storage answer's, a job's)."""
