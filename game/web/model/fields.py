"""A field of one of the page's frozen states, read as an attribute of the controller.

The controller keeps its state in frozen values (game/web/features/*: ``Page``, ``Table``,
``Coaching``...), each changed only through the controller's one door
(:meth:`game.web.model.controller.Controller.step`). The browser shell, the background jobs
and the tests read plain attributes (``c.menu_open``, ``c.banner``, ``c.hint_job``); a
:class:`Field` keeps those working, typed, and read-only: setting one is an
``AttributeError``, so a change cannot go round its state's update."""

from __future__ import annotations

from typing import Any, Generic, TypeVar, overload

T_ = TypeVar("T_")


class Field(Generic[T_]):
    """One field of one of the controller's frozen states, as a read-only controller
    attribute (a data descriptor: ``__set__`` refuses, so nothing shadows it)."""

    def __init__(self, state: str, name: str = "") -> None:
        self.state = state
        self.name = name

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = self.name or name

    @overload
    def __get__(self, obj: None, owner: type) -> Field[T_]: ...
    @overload
    def __get__(self, obj: Any, owner: type) -> T_: ...

    def __get__(self, obj: Any | None, owner: type) -> T_ | Field[T_]:
        if obj is None:
            return self
        value: T_ = getattr(getattr(obj, self.state), self.name)
        return value

    def __set__(self, obj: Any, value: T_) -> None:
        raise AttributeError(
            f"{self.name} is read-only: change {self.state} through Controller.step")
