"""The page's state between taps: the controller and its typed attribute views, the
action table, the game at the table (session) and the choice in progress (draft), the
setup form."""
