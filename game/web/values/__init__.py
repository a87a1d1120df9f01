"""The values every layer of the page passes around: the game at the table (``session``) and
the choice in progress (``draft``), the setup form, what the storage shows (``shelf``), and
the messages out and in (``effects``, the storage's and the jobs' ``answers``)."""
