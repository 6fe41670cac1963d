"""Adapters to game-AI toolkits: an OpenSpiel game and a PettingZoo environment.

Importing this package imports neither toolkit.  Import
:mod:`whist_ro.interop.openspiel` (extra ``[openspiel]``) to register the
OpenSpiel game ``"whist_ro"``, and :mod:`whist_ro.interop.pettingzoo`
(extra ``[pettingzoo]``) for the AEC environment.  Both number actions and
encode player views as :mod:`whist_ro.interop.encoding` describes.

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
