"""A field of one of the page's frozen states, as an attribute of the object holding them.

The controller keeps its state in frozen values (game/web/features/*: ``Page``, ``Table``,
``Coaching``...). The browser shell, the background jobs and older handlers read and set
plain attributes (``c.menu_open``, ``c.banner``, ``c.hint_job = None``); a :class:`Field`
keeps those working, typed, without a mutable copy of anything: it reads the state's field,
and a write replaces the whole state with a changed copy (``dataclasses.replace``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Generic, TypeVar, overload

T_ = TypeVar("T_")


class Field(Generic[T_]):
    """One field of one of the controller's frozen states, as a controller attribute:
    read, it is the state's field; set, the state is replaced by a copy with that field
    changed (``dataclasses.replace``), so the states themselves never change."""

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
        setattr(obj, self.state, replace(getattr(obj, self.state), **{self.name: value}))
