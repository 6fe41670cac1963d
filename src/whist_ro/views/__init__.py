"""Player views (R-VIEW-1..3): what one seat may know, and states drawn to match it.

:func:`view_of` takes the view of a :class:`~whist_ro.Round` or a
:class:`~whist_ro.Match` from one seat; :meth:`PlayerView.sample` draws a
full state uniformly among those the view allows, and
:meth:`PlayerView.count_deals` counts them exactly.  :func:`public_view`
takes what a spectator may see: public facts only, no hand
(:class:`SpectatorView`).

>>> import random, whist_ro as wr
>>> from whist_ro.views import view_of
>>> m = wr.Match.new(wr.variants.ROMANIAN, players=4, seed=1)
>>> v = view_of(m, 2)
>>> view_of(v.sample(random.Random(0)), 2) == v
True
"""

from typing import TYPE_CHECKING

from whist_ro._deprecation import moved_names
from whist_ro.views.public import SpectatorView, public_view
from whist_ro.views.render import render
from whist_ro.views.sample import constraints, count_deals, sample, unseen_cards
from whist_ro.views.view import _RESOLVE_PLAY_USE, Blind, PlayerView, blind_mode, view_of

__all__ = [
    "Blind",
    "PlayerView",
    "SpectatorView",
    "blind_mode",
    "constraints",
    "count_deals",
    "public_view",
    "render",
    "sample",
    "unseen_cards",
    "view_of",
]

if not TYPE_CHECKING:  # a type checker no longer sees the deprecated name
    # Deprecated: imported or read, it warns naming Round.resolve_play (never cached here).
    __getattr__ = moved_names(
        __name__, {"resolve_play": ("whist_ro.views.view:_resolve_play", _RESOLVE_PLAY_USE)}
    )
