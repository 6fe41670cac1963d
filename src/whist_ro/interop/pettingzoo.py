"""Romanian whist as a PettingZoo AEC environment.

Needs the ``[pettingzoo]`` extra (``pip install 'whist-ro[pettingzoo]'``).
:func:`env` is the environment wrapped as PettingZoo's classic games are
(an illegal action ends the game with reward -1 for the seat that took it;
actions out of range and calls out of order are refused); :class:`raw_env`
is the bare one.  Agents ``player_0`` ... are the seats.  One episode is a
match; each agent's observation is a dict with ``"observation"`` (the
information-state tensor of :class:`whist_ro.interop.encoding.Layout`,
values in [-1, 1]) and ``"action_mask"`` (62 entries, 1 for each legal
action id, all 0 when it is not the agent's turn).

``rewards="round"`` (the default) pays each seat its points (with any
streak bonus) when each round ends; ``rewards="match"`` pays only at the
end: the final totals, or in classic the match points (R-RANK-8).

>>> from whist_ro.interop.pettingzoo import env
>>> e = env(variant="romanian", players=3)
>>> e.reset(seed=1)
>>> observation, reward, termination, truncation, info = e.last()
>>> e.agent_selection, observation["action_mask"].nonzero()[0].tolist(), reward
('player_2', [53, 54], 0.0)
"""

from __future__ import annotations

import random
from typing import Any, Final

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped, import-not-found, unused-ignore]
except ModuleNotFoundError as error:  # an optional dependency: say which extra brings it
    from whist_ro.errors import missing_extra

    raise missing_extra(error, extra="pettingzoo", needed_by=__name__) from None

from whist_ro import variants as _variants
from whist_ro._check import excerpt, is_whole
from whist_ro.engine.match import Match
from whist_ro.errors import ActionTypeError, ActionValueError, ConfigurationError
from whist_ro.interop._tracker import Tracker
from whist_ro.interop.encoding import (
    _MOVES,
    NUM_ACTIONS,
    Layout,
    action_of,
    legal_ids,
    match_results,
    match_sizes,
    score_scale,
)
from whist_ro.schedule import check_players
from whist_ro.variants import Variant

__all__ = ["env", "raw_env"]

_RENDER_MODES: Final = ("ansi", "human")


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual wrappers (see :class:`raw_env` for arguments).

    PettingZoo's ``TerminateIllegalWrapper`` (an illegal action ends the
    game, reward -1), ``AssertOutOfBoundsWrapper`` and
    ``OrderEnforcingWrapper``, the last one with whist-ro's own checks of
    what a caller passes: ``step`` takes a whole number 0..61 (an ``int``,
    a NumPy integer or a 0-d integer array) for a live agent and ``None``
    for a finished one, ``observe`` a known agent, and neither comes before
    ``reset``.  Anything else raises a :class:`~whist_ro.errors.WhistError`
    subclass (:class:`~whist_ro.errors.ActionTypeError`,
    :class:`~whist_ro.errors.ActionValueError` or
    :class:`~whist_ro.errors.ConfigurationError`) and changes nothing.

    >>> e = env(variant="classic")
    >>> e.reset(seed=0)
    >>> e.num_agents, int(e.action_space("player_0").n)
    (4, 62)
    >>> e.step(53.9)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ActionTypeError: player_0 steps with an action id, a whole number ... not 53.9
    """
    wrapped: AECEnv = raw_env(**kwargs)
    wrapped = _TerminateIllegal(wrapped, illegal_reward=-1)
    wrapped = _AssertOutOfBounds(wrapped)
    return _Checked(wrapped)


# The AEC state every wrapper reads at every step.  PettingZoo's BaseWrapper
# finds these through __getattr__, one failed lookup per wrapper and read:
# about 40 a step, more than the game itself costs.  None of the wrappers
# env() uses changes them on its own object (they write to the raw
# environment), so reading them straight from the raw environment gives the
# same values.
_STATE: Final = (
    "agents",
    "agent_selection",
    "terminations",
    "truncations",
    "rewards",
    "infos",
    "_cumulative_rewards",
)
# What PettingZoo's OrderEnforcingWrapper refuses to show before reset().
_AFTER_RESET: Final = frozenset(_STATE) - {"_cumulative_rewards"}


def _read_raw(name: str, *, after_reset: bool) -> property:
    if after_reset:

        def get(wrapper: Any) -> Any:
            if not wrapper._has_reset:
                raise AttributeError(f"{name} cannot be accessed before reset")
            return getattr(wrapper._raw, name)

    else:

        def get(wrapper: Any) -> Any:
            return getattr(wrapper._raw, name)

    return property(get, doc=f"The raw environment's ``{name}``.")


class _TerminateIllegal(wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    """PettingZoo's ``TerminateIllegalWrapper``, reading the AEC state from the raw env."""

    def __init__(self, env: raw_env, illegal_reward: float) -> None:
        self._raw = env
        super().__init__(env, illegal_reward=illegal_reward)


class _AssertOutOfBounds(wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's ``AssertOutOfBoundsWrapper``, reading the AEC state from the raw env."""

    def __init__(self, env: AECEnv) -> None:
        self._raw = env.unwrapped
        super().__init__(env)

    def __str__(self) -> str:
        return str(self.env)


def _action_value(action: object) -> int | None:
    """``action`` as an int if it is a whole number (int, NumPy integer, 0-d integer array)."""
    if isinstance(action, bool | np.bool_):
        return None
    if isinstance(action, int | np.integer):
        return int(action)
    if (
        isinstance(action, np.ndarray)
        and action.shape == ()
        and np.issubdtype(action.dtype, np.integer)
    ):
        return int(action)
    return None


class _Checked(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper`` plus whist-ro's checks of the caller's input.

    ``raw_env`` is PettingZoo's unchecked layer; this outermost wrapper
    refuses, with a precise error and before anything changes, what
    PettingZoo's wrappers would let through or refuse only with an
    ``assert``.  It reads the AEC state from the raw environment, as the
    inner wrappers do, and refuses it before ``reset()`` as PettingZoo's
    wrapper does.
    """

    def __init__(self, env: AECEnv) -> None:
        self._raw = env.unwrapped
        super().__init__(env)

    @property
    def unwrapped(self) -> raw_env:
        """The raw environment."""
        raw: raw_env = self._raw
        return raw

    def step(self, action: Any) -> None:
        if not self._has_reset:
            raise ConfigurationError("call reset() before step()", field="reset")
        raw = self._raw
        if raw.agents:  # else PettingZoo warns that every agent is done
            agent = raw.agent_selection
            if raw.terminations[agent] or raw.truncations[agent]:
                if action is not None:
                    raise ActionValueError(
                        f"{agent} is done: its only step is step(None), not {excerpt(action)}"
                    )
            else:
                value = _action_value(action)
                if value is None:
                    raise ActionTypeError(
                        f"{agent} steps with an action id, a whole number from 0 to "
                        f"{NUM_ACTIONS - 1} (an int or a NumPy integer), not {excerpt(action)}"
                    )
                if not 0 <= value < NUM_ACTIONS:
                    raise ActionValueError(
                        f"{agent} steps with an action id from 0 to {NUM_ACTIONS - 1}, "
                        f"not {excerpt(action)}"
                    )
        super().step(action)

    def observe(self, agent: Any) -> Any:
        if not self._has_reset:
            raise ConfigurationError("call reset() before observe()", field="reset")
        _seat_of(self._raw, agent)
        return super().observe(agent)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """As ``AECEnv.last``: the observation, reward, flags and info of the agent to act."""
        if not self._has_reset:
            # As PettingZoo's wrapper refuses agent_selection before reset.
            raise AttributeError("agent_selection cannot be accessed before reset")
        raw = self._raw
        agent = raw.agent_selection
        observation = self.observe(agent) if observe else None
        return (
            observation,
            raw._cumulative_rewards[agent],
            raw.terminations[agent],
            raw.truncations[agent],
            raw.infos[agent],
        )

    def __str__(self) -> str:
        return str(self.env)


for _name in _STATE:
    setattr(_TerminateIllegal, _name, _read_raw(_name, after_reset=False))
    setattr(_AssertOutOfBounds, _name, _read_raw(_name, after_reset=False))
    setattr(_Checked, _name, _read_raw(_name, after_reset=_name in _AFTER_RESET))


class _ActionIds(spaces.Discrete):
    """Gymnasium's ``Discrete(62)``, answering ``contains`` for a plain int at once.

    PettingZoo's ``AssertOutOfBoundsWrapper`` asks at every step; for an
    ``int`` the answer is the same as ``Discrete``'s, without its NumPy
    round trip.
    """

    def contains(self, x: Any) -> bool:
        if type(x) is int:
            return bool(0 <= x < self.n)
        return bool(super().contains(x))


def _seat_of(raw: raw_env, agent: object) -> int:
    """The seat of ``agent`` (``"player_0"`` ...), or a ConfigurationError naming the agents."""
    try:
        return raw._seats[agent]  # type: ignore[index]
    except (KeyError, TypeError):
        raise ConfigurationError(
            f"no agent named {excerpt(agent)}; the agents are " + ", ".join(raw.possible_agents),
            field="agent",
        ) from None


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801  (PettingZoo's name)
    """A whist-ro match as an AEC environment.

    ``variant`` is a preset name or a :class:`~whist_ro.variants.Variant`;
    ``rewards`` is ``"round"`` or ``"match"``; ``render_mode`` is None,
    ``"ansi"`` (:meth:`render` returns the text of the seat to act) or
    ``"human"`` (prints it).  ``reset(seed=...)`` deals from the seed
    (R-DEAL-1), so equal seeds replay equal matches.

    >>> e = raw_env(variant="inverted", players=5, rewards="match")
    >>> e.reset(seed=3)
    >>> e.observation_space("player_0")["observation"].shape
    (3180,)
    >>> raw_env(rewards="trick")
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: rewards must be 'round' or 'match', not 'trick'
    """

    metadata: Final = {
        "render_modes": list(_RENDER_MODES),
        "name": "whist_ro_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str | Variant = "romanian",
        players: int = 4,
        *,
        rewards: str = "round",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if not isinstance(variant, Variant):
            variant = _variants.get(variant)
        if not is_whole(players):
            raise ConfigurationError(
                f"players must be a whole number, not {excerpt(players)}", field="players"
            )
        check_players(variant, players)
        if not (isinstance(rewards, str) and rewards in ("round", "match")):
            raise ConfigurationError(
                f"rewards must be 'round' or 'match', not {excerpt(rewards)}", field="rewards"
            )
        if render_mode is not None and not (
            isinstance(render_mode, str) and render_mode in _RENDER_MODES
        ):
            raise ConfigurationError(
                f"render_mode must be None, 'ansi' or 'human', not {excerpt(render_mode)}",
                field="render_mode",
            )
        self._variant = variant
        self._players = players
        self._per_round = rewards == "round"
        self.render_mode = render_mode
        sizes = match_sizes(variant, players)
        self._layout = Layout(
            players=players,
            max_hand=max(sizes),
            rounds=len(sizes),
            scale=score_scale(variant, sizes),
        )
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self._seats = {agent: s for s, agent in enumerate(self.possible_agents)}
        self.agents = self.possible_agents[:]
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=-1.0, high=1.0, shape=(self._layout.size,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: _ActionIds(NUM_ACTIONS) for agent in self.possible_agents}
        self._match: Match | None = None
        self._tracker = Tracker(self._layout)
        # The legal ids of the seat to act, found once per step when asked for.
        self._legal: list[int] | None = None
        self._to_act: int | None = None  # the match's seat to act, kept for every step
        self._paid = False  # some reward of the last step is not zero

    # -- spaces --------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same ``Dict`` space for every agent."""
        try:
            return self._observation_spaces[agent]
        except (KeyError, TypeError):
            _seat_of(self, agent)  # raises the error naming the agents
            raise

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(62)``: the action ids of :mod:`whist_ro.interop.encoding`."""
        try:
            return self._action_spaces[agent]
        except (KeyError, TypeError):
            _seat_of(self, agent)
            raise

    # -- the AEC API -----------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new match, dealt from ``seed`` (a random one when None)."""
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        match = self._match = Match.new(self._variant, players=self._players, seed=seed)
        self._tracker.reset(match)
        self._legal = None
        self._paid = False
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._to_act = match.to_act
        self.agent_selection = self._agent(match.to_act)

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """``agent``'s information-state tensor and its action mask (new arrays).

        Both are built when asked for, and only for ``agent``.
        """
        match = self._live()
        seat = _seat_of(self, agent)
        mask = np.zeros(NUM_ACTIONS, np.int8)
        if self._to_act == seat:
            legal = self._legal
            if legal is None:
                legal = self._legal = legal_ids(match)
            mask[legal] = 1
        return {"observation": self._tracker.observe(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The agent to act takes ``action`` (an id); a finished agent steps with None."""
        match = self._live()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._to_act
        assert seat is not None
        value = action if type(action) is int else _action_value(action)
        if value is None:
            raise ActionTypeError(
                f"{agent} steps with an action id, a whole number, not {excerpt(action)}"
            )
        move = _MOVES[seat][value] if 0 <= value < NUM_ACTIONS else action_of(value, seat=seat)
        match = self._match = match.apply(move)
        self._legal = None
        ended = self._tracker.advance(match, seat=seat, action=value)
        self._cumulative_rewards[agent] = 0.0
        rewards = self.rewards
        if self._paid:
            for name in rewards:
                rewards[name] = 0.0
            self._paid = False
        if ended is not None and self._per_round:
            for s, paid in enumerate(ended):
                rewards[self.possible_agents[s]] = float(paid)
            self._paid = True
        to_act = self._to_act = match.to_act
        if to_act is None:
            if not self._per_round:
                for s, result in enumerate(match_results(match)):
                    rewards[self.possible_agents[s]] = result
                self._paid = True
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self._agent((seat + 1) % self._players)
        else:
            self.agent_selection = self.possible_agents[to_act]
        if self._paid:
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as the seat to act sees it (``"ansi"`` returns it, ``"human"`` prints)."""
        if self.render_mode is None or self._match is None:
            return None
        seat = self._match.to_act
        text = str(self._match.view(seat if seat is not None else 0))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    # -- helpers ---------------------------------------------------------------------

    def _agent(self, seat: int | None) -> str:
        assert seat is not None
        return self.possible_agents[seat]

    def _live(self) -> Match:
        if self._match is None:
            raise ConfigurationError("call reset() before using the environment", field="reset")
        return self._match
