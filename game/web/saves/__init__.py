"""What the page keeps: saves in the browser's storage, files and links, backups, the
records across games and the screen kept for the next start."""
