"""Keeping the game when the storage refuses (issue 23.3; issue 24.1: handlers, each
``(controller, arguments)``, listed in :data:`game.web.controller.ACTIONS`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..controller import Controller


def retry_storage(c: Controller, args: None) -> None:
    """"Try again" after a computer's move the storage refused: the computers go on
    (and wait again, thinking once, if the storage still refuses)."""
    c.storage_wait = False
    c.banner = None
