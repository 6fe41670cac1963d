"""The library's one immutability mechanism: a value, once built, never changes.

Every value whist-ro hands out (cards, actions, card sets, deals, rounds,
matches, views, variants, steps, score sheets, records, reports, results)
is an instance of :class:`Immutable`, or of an :class:`ImmutableIntEnum`
for the enumerations.  Such a value refuses, with
:class:`~whist_ro.errors.ImmutableError`:

- ``setattr`` and ``delattr``, of any name (``__class__`` included);
- ``__setstate__`` on a live object: pickling goes through ``__reduce__``
  to :func:`_rebuild` (or to a constructor), which builds a *new* object, so
  nothing needs ``__setstate__`` and it refuses always;
- a second call of ``__init__`` (a first call is the construction);
- writes through ``__dict__``: values keep their fields in slots and have
  no ``__dict__`` (an enum member shows a read-only one).

Copying returns the object itself: nothing can change, so a copy would only
waste memory.  Pickling round-trips to an equal object.

How to declare a value class: subclass :class:`Immutable` and give the
class ``__slots__`` (a class that does not gets a ``__dict__``, and the test
that walks every class refuses it).  Either write the class by hand and set
its slots in construction with ``object.__setattr__`` (or, on a hot path,
through the slot descriptor: ``Cls.__dict__["name"].__set__``), or decorate
it with ``@attrs.frozen`` (attrs makes it slotted);
``Immutable.__init_subclass__`` removes the ``__setattr__``,
``__delattr__``, ``__getstate__`` and ``__setstate__`` that attrs writes, so
every value refuses the same way.  A value made at every move of a game
(:class:`~whist_ro.Round`) may instead be filled in as a *draft*: an
instance of a private class that declares the same slots and refuses
nothing, which becomes the value when its class is set to the value class
(``draft.__class__ = Value``; Python allows it between classes of one
layout).  The value class then takes its slots from that shared base and
adds none (see ``whist_ro.engine.round._Draft``); no reference to the
draft may be kept, and nothing writes to it after the change.  A slot that
caches something worked out from the others (a hash) is named in
:attr:`Immutable._volatile_`: it is not pickled, and a rebuilt object
starts with ``None`` there (as does attrs' own cached hash, for a class
declared with ``cache_hash=True``).  Mappings inside values are
:class:`FrozenMapping`.

What is out of reach of any Python class, and so out of scope: writing
through ``object.__setattr__`` or a slot descriptor called by hand, and
reaching objects through frames or the garbage collector.  The engine itself
fills its rounds in as drafts, as above, and writes a few other values
through the slot descriptors.  Code that runs in the same process (an
in-process agent, say) is trusted code.

>>> import pickle
>>> from whist_ro import Card
>>> ace = Card.parse("Ah")
>>> ace.__setstate__({"rank": 2})
Traceback (most recent call last):
...
whist_ro.errors.ImmutableError: Card is immutable; __setstate__ cannot rewrite a live object
>>> pickle.loads(pickle.dumps(ace)) is ace
True
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Final, NoReturn, Self, TypeVar

from whist_ro.errors import ImmutableError

__all__ = ["FrozenMapping", "Immutable", "ImmutableIntEnum"]

# What attrs writes into a frozen slotted class; Immutable's versions replace them.
_ATTRS_MADE: Final = ("__setattr__", "__delattr__", "__getstate__", "__setstate__")
# What a hand-written value class may not define: each would let a live value change.
_FORBIDDEN: Final = ("__setattr__", "__delattr__", "__setstate__")
# Slots that hold no field: Python's own, and the hash attrs may cache.
_ATTRS_HASH: Final = "_attrs_cached_hash"  # attrs' slot for the hash of cache_hash=True
_NOT_FIELDS: Final = frozenset({"__dict__", "__weakref__", _ATTRS_HASH})


def _refuse_set(self: object, name: str, value: object) -> NoReturn:
    raise ImmutableError(f"{type(self).__name__} is immutable; cannot set {name!r}")


def _refuse_delete(self: object, name: str) -> NoReturn:
    raise ImmutableError(f"{type(self).__name__} is immutable; cannot delete {name!r}")


def _refuse_setstate(self: object, state: object) -> NoReturn:
    # Unpickling never calls this (see __reduce__), so only a caller trying
    # to rewrite a live value gets here.
    raise ImmutableError(
        f"{type(self).__name__} is immutable; __setstate__ cannot rewrite a live object"
    )


class Immutable:
    """Base of every value class: its instances refuse every ordinary way to change.

    See the module docstring for how to declare a subclass.

    >>> from whist_ro import CardSet
    >>> hand = CardSet.parse("Ah Kd")
    >>> hand._mask = 0
    Traceback (most recent call last):
    ...
    whist_ro.errors.ImmutableError: CardSet is immutable; cannot set '_mask'
    """

    __slots__ = ()

    _volatile_: ClassVar[frozenset[str]] = frozenset()
    """Slots that cache a value worked out from the others: not pickled, ``None`` when rebuilt."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__
        if "__attrs_attrs__" in own:
            # The slotted class attrs builds: drop its writers so the
            # refusals below are inherited, one voice for every value.
            for name in _ATTRS_MADE:
                if name in own:
                    delattr(cls, name)
        else:
            for name in _FORBIDDEN:
                if name in own:
                    raise TypeError(f"{cls.__qualname__} is Immutable and cannot define {name}")
        init = own.get("__init__")
        if init is not None and init not in _GUARDS:
            type.__setattr__(cls, "__init__", _guarded(cls, init))

    __setattr__ = _refuse_set
    __delattr__ = _refuse_delete
    __setstate__ = _refuse_setstate

    def __reduce__(self) -> tuple[object, ...]:
        kept, _ = _layout(type(self))
        state = []
        for name, slot in kept:
            try:
                state.append((name, slot.__get__(self)))
            except AttributeError:  # never set: a lazily filled slot
                continue
        return (_rebuild, (type(self), tuple(state)))

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self


def _guarded(cls: type, init: Callable[..., None]) -> Callable[..., None]:
    """``init`` refusing an object already built (the test is one slot's presence)."""
    attributes = cls.__dict__.get("__attrs_attrs__")
    if attributes:
        probe = attributes[0].name
    else:
        kept, _ = _layout(cls)
        if not kept:
            return init
        probe = kept[0][0]

    @functools.wraps(init)
    def guarded_init(self: object, *args: Any, **kwargs: Any) -> None:
        if hasattr(self, probe):
            raise ImmutableError(
                f"{type(self).__name__} is immutable; __init__ cannot rebuild a live object"
            )
        init(self, *args, **kwargs)

    _GUARDS.add(guarded_init)
    return guarded_init


# The guards made so far: a class whose __init_subclass__ runs again keeps one guard.
_GUARDS: Final[set[Callable[..., None]]] = set()


# Per class: its field slots as (name, descriptor), and its volatile slots' descriptors.
_Layout = tuple[tuple[tuple[str, Any], ...], tuple[Any, ...]]
_LAYOUTS: dict[type, _Layout] = {}


def _layout(cls: type) -> _Layout:
    layout = _LAYOUTS.get(cls)
    if layout is None:
        volatile: frozenset[str] = getattr(cls, "_volatile_", frozenset())
        kept: list[tuple[str, Any]] = []
        cached: list[Any] = []
        for klass in reversed(cls.__mro__):
            slots = klass.__dict__.get("__slots__", ())
            for name in (slots,) if isinstance(slots, str) else slots:
                if name in _NOT_FIELDS:
                    if name == _ATTRS_HASH:  # attrs' cached hash: None until first asked
                        cached.append(klass.__dict__[name])
                    continue
                if name.startswith("__") and not name.endswith("__"):
                    name = f"_{klass.__name__.lstrip('_')}{name}"  # noqa: PLW2901  (mangled)
                slot = klass.__dict__[name]
                if name in volatile:
                    cached.append(slot)
                else:
                    kept.append((name, slot))
        layout = _LAYOUTS[cls] = (tuple(kept), tuple(cached))
    return layout


def _rebuild(cls: type[Immutable], state: Iterable[tuple[str, object]]) -> Immutable:
    """A new ``cls`` holding ``state`` (what :meth:`Immutable.__reduce__` saved).

    Trusted, as unpickling is: nothing is checked.  Pickles name this
    function, so it keeps its name and module.
    """
    kept, cached = _layout(cls)
    slots = dict(kept)
    obj = object.__new__(cls)
    for name, value in state:
        slots[name].__set__(obj, value)
    for slot in cached:
        slot.__set__(obj, None)
    return obj


class ImmutableIntEnum(enum.IntEnum):
    """Base of the library's enumerations: members refuse changes as values do.

    An enum member keeps its name and value in a ``__dict__``; here that
    ``__dict__`` reads as a read-only mapping, and assignment, deletion and
    ``__setstate__`` are refused once the members exist.  Members pickle and
    copy as themselves.

    >>> from whist_ro import Suit
    >>> Suit.HEARTS._name_ = "SPADES"
    Traceback (most recent call last):
    ...
    whist_ro.errors.ImmutableError: Suit is immutable; cannot set '_name_'
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # By now the members exist (the enum machinery made them while it
        # built the class); from here on they refuse changes.  A class
        # without members is a base for other enums, whose members are
        # still to be made: it stays open.
        super().__init_subclass__(**kwargs)
        if vars(cls).get("_member_map_"):
            type.__setattr__(cls, "__setattr__", _refuse_set)
            type.__setattr__(cls, "__delattr__", _refuse_delete)

    @property
    def __dict__(self) -> Mapping[str, Any]:  # type: ignore[override]
        return MappingProxyType(_member_dict(self))

    __setstate__ = _refuse_setstate


_member_dict: Final = enum.IntEnum.__dict__["__dict__"].__get__

_K = TypeVar("_K")
_V = TypeVar("_V")


class FrozenMapping(Immutable, Mapping[_K, _V]):
    """A read-only mapping that pickles: what values hold where they need a dict.

    >>> meta = FrozenMapping({"event": "club night"})
    >>> meta["event"], dict(meta) == {"event": "club night"}
    ('club night', True)
    >>> meta["event"] = "x"
    Traceback (most recent call last):
    ...
    TypeError: 'FrozenMapping' object does not support item assignment
    """

    __slots__ = ("_items",)

    _items: Mapping[_K, _V]

    def __init__(self, items: Mapping[_K, _V] | Iterable[tuple[_K, _V]] = ()) -> None:
        object.__setattr__(self, "_items", MappingProxyType(dict(items)))

    def __getitem__(self, key: _K) -> _V:
        return self._items[key]

    def __iter__(self) -> Iterator[_K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __reduce__(self) -> tuple[object, ...]:
        return (FrozenMapping, (dict(self._items),))

    def __hash__(self) -> int:
        # Equal mappings hash alike (Mapping's __eq__ compares items); a value that is not
        # hashable makes the mapping unhashable too, as it would a tuple.
        return hash(frozenset(self._items.items()))

    def __repr__(self) -> str:
        return f"FrozenMapping({dict(self._items)!r})"
