"""Immutable value types that are cheap to build and to hash.

``@dataclass(frozen=True, slots=True)`` routes every field of ``__init__`` through ``object.__setattr__``, which
costs four times a plain slot write; a reading builds a few hundred such values (findings, actors, timings,
frame parts), so that toll was an eighth of its time.  ``value`` is exactly that dataclass (fields, repr, eq,
hash, immutability after construction) with an ``__init__`` that writes each slot through its descriptor — the
same generated-code technique ``dataclasses`` itself uses.  ``SymbolEnum`` is an enum hashed by identity.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from enum import Enum
from typing import Any, TypeVar, dataclass_transform, overload

T = TypeVar("T")


@overload
def value(cls: type[T], /) -> type[T]: ...
@overload
def value(*, eq: bool = True) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True)
def value(cls: type[T] | None = None, /, *, eq: bool = True) -> type[T] | Callable[[type[T]], type[T]]:
    """``@dataclass(frozen=True, slots=True, eq=eq)`` with a fast ``__init__`` (plain defaults only)."""

    def wrap(c: type[T]) -> type[T]:
        made = dataclass(frozen=True, slots=True, eq=eq)(c)
        made.__init__ = _slot_init(made)  # type: ignore[misc]
        return made

    return wrap if cls is None else wrap(cls)


def _slot_init(cls: type) -> Callable[..., None]:
    env: dict[str, Any] = {}
    params, body = [], []
    for f in fields(cls):
        if not f.init or f.default_factory is not MISSING or f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name}: value classes take plain positional fields only")
        slot = next(k.__dict__[f.name] for k in cls.__mro__ if f.name in k.__dict__)
        env[f"_set_{f.name}"] = slot.__set__
        if f.default is MISSING:
            params.append(f.name)
        else:
            env[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        body.append(f"    _set_{f.name}(self, {f.name})")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    exec(f"def __init__(self, {', '.join(params)}) -> None:\n" + "\n".join(body or ["    pass"]), env)
    init: Callable[..., None] = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


class SymbolEnum(Enum):
    """An enum of symbols hashed by identity: members are singletons, and ``Enum.__hash__`` is Python code run on
    every set and dict lookup of the analysis (relations, seasons, transformations …)."""

    __hash__ = object.__hash__
