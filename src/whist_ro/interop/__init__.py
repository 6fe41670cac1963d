"""Adapters to game-AI toolkits: an OpenSpiel game, a PettingZoo environment, a vector env.

Importing this package imports none of their libraries.  Import
:mod:`whist_ro.interop.openspiel` (extra ``[openspiel]``) to register the
OpenSpiel game ``"whist_ro"``, :mod:`whist_ro.interop.pettingzoo` (extra
``[pettingzoo]``) for the AEC environment, and
:mod:`whist_ro.interop.vector` (extra ``[vector]``, NumPy) for many games in
lockstep as arrays.  All number actions as :mod:`whist_ro.interop.encoding`
describes; the first two also encode player views as it describes.

>>> import whist_ro.interop
>>> whist_ro.interop.NUM_ACTIONS
62
"""

from whist_ro.interop.encoding import (
    BID_BASE,
    MAX_BID,
    NUM_ACTIONS,
    NUM_CARDS,
    ONLY_CARD,
    Layout,
    action_id,
    action_of,
    card_id,
    card_of,
    encode,
    history_text,
)

__all__ = [
    "BID_BASE",
    "MAX_BID",
    "NUM_ACTIONS",
    "NUM_CARDS",
    "ONLY_CARD",
    "Layout",
    "action_id",
    "action_of",
    "card_id",
    "card_of",
    "encode",
    "history_text",
]
