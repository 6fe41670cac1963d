"""A mixin for the library's small immutable value classes."""

from __future__ import annotations

from typing import Any, Self


class Immutable:
    """Refuses attribute writes; copying returns the object itself.

    Subclasses set their slots once, in construction, through
    ``object.__setattr__``.  Since nothing can change afterwards, a copy
    would only waste memory, so :mod:`copy` hands back the same object.
    """

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable; cannot delete {name!r}")

    def __setstate__(self, state: object) -> None:
        # Unpickling restores slots through setattr, which this class
        # refuses; set them the way construction does.
        slots = state[1] if isinstance(state, tuple) else state
        assert isinstance(slots, dict)
        for name, value in slots.items():
            object.__setattr__(self, name, value)

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self
