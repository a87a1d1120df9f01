"""PyScript entry point: start the user interface in ``#app`` and mark the page ready.

The first render runs in a task of its own, after the one that imports the interface
(on a first visit both run at the runtime's baseline tier: together they made one task
of a few hundred ms, issue 12.6)."""

import asyncio

from game.web.app import App

app = App()
asyncio.get_event_loop().call_soon(app.start)
