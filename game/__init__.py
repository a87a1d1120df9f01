"""Manhattan, the board game by Andreas Seyfarth: a pure-Python rules engine.

No browser imports here: this package runs unchanged in CPython and in Pyodide. The browser
layer lives in ``game.web`` and the computer players in ``game.ai``.

Typical use::

    from game import Game, standard_settings
    game = Game(standard_settings(4), seed="table-1")
    while not game.state.is_over:
        game.play(game.state.legal_actions()[0])
"""

from .actions import (
                      Action,
                      Build,
                      ChooseStartPlayer,
                      OrderCities,
                      PlaceGodzilla,
                      ReturnPiece,
                      Select,
                      Shuffle,
                      action_from_json,
                      action_to_json,
)
from .errors import IllegalAction, SaveError, SettingsError
from .match import Game
from .material import CITIES, COLOURS, SEATS, Card, plot_for
from .scoring import Scoring, Standing, score_board
from .settings import PlayerSpec, Settings, standard_settings
from .state import State, new_state
from .view import PlayerView, player_view

__all__ = [
    "Action", "Build", "CITIES", "COLOURS", "Card", "ChooseStartPlayer", "Game",
    "IllegalAction", "OrderCities", "PlaceGodzilla", "PlayerSpec", "PlayerView",
    "ReturnPiece", "SEATS", "SaveError", "Scoring", "Select", "Settings", "SettingsError",
    "Shuffle", "Standing", "State", "action_from_json", "action_to_json", "new_state",
    "plot_for", "player_view", "score_board", "standard_settings",
]
