"""The frozen frame each render draws: built from the page state (framing), read by the
screens (frame), with the start screen's and the story's parts."""
