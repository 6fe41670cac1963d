"""The state machines: a deal, a trick, a round, a step and a whole match.

Everything here is an immutable value built on :mod:`whist_ro.rules`, the
rule book as functions; the engine decides nothing the rules do not say.
"""
