"""PyScript entry point: start the user interface in ``#app`` and mark the page ready."""

from game.web.app import App

app = App()
app.start()
