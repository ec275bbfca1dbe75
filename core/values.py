"""Immutable value types: ``value`` is ``@dataclass(frozen=True, slots=True)`` (with ``eq=False`` for catalogue
entries compared by identity), and ``SymbolEnum`` an enum hashed by identity.

The engine once gave ``value`` an ``exec``-built ``__init__`` that wrote each slot through its descriptor instead
of ``object.__setattr__``; it saved about 0.05 ms of a 0.6–0.9 ms reading, well inside the 1 ms target, so the
plain dataclass is used.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar, dataclass_transform, overload

T = TypeVar("T")


@overload
def value(cls: type[T], /) -> type[T]: ...
@overload
def value(*, eq: bool = True) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True)
def value(cls: type[T] | None = None, /, *, eq: bool = True) -> type[T] | Callable[[type[T]], type[T]]:
    """``@dataclass(frozen=True, slots=True, eq=eq)``."""
    make = dataclass(frozen=True, slots=True, eq=eq)
    return make if cls is None else make(cls)


class SymbolEnum(Enum):
    """An enum of symbols hashed by identity: members are singletons, and ``Enum.__hash__`` is Python code run on
    every set and dict lookup of the analysis (relations, seasons, transformations …)."""

    __hash__ = object.__hash__
