"""Self-play on the vectorised environment: a linear policy learns to bid and play 3-card rounds.

Needs the vector extra (NumPy): ``pip install 'whist-ro[vector]'``.

Every seat of 512 games shares one softmax policy that is linear in the
observation bytes.  Each round, all games bid and play in lockstep; at the end
each decision is credited with the points its seat made (REINFORCE, with the
mean over the games as the baseline).  Then the policy, in seat 0, plays
against three random opponents: it should score clearly more than they do.

Run it with ``python examples/vector_training.py``.
"""

from __future__ import annotations

import sys
from typing import Any

try:
    import numpy as np
except ModuleNotFoundError:  # the vector extra is not installed: say so, not a traceback
    sys.exit("examples/vector_training.py needs NumPy: pip install 'whist-ro[vector]'")

from whist_ro.interop.vector import VectorEnv

Array = np.ndarray[Any, Any]

GAMES = 512
ROUNDS = 30
HAND_SIZE = 3
LEARNING_RATE = 0.1


def features(observations: Array) -> Array:
    """The observation bytes scaled to about [0, 1], plus a constant."""
    return np.hstack([observations / 16.0, np.ones((len(observations), 1))])


def act(weights: Array, x: Array, mask: Array, rng: np.random.Generator) -> tuple[Array, Array]:
    """Sample an action per game from the policy restricted to its legal actions."""
    logits = np.where(mask.astype(bool), x @ weights, -np.inf)
    p = np.exp(logits - logits.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    actions = (p.cumsum(axis=1) > rng.random((len(p), 1))).argmax(axis=1)
    return actions, p


def train(env: VectorEnv, rng: np.random.Generator) -> tuple[Array, list[float]]:
    steps = env.players + env.players * env.hand_size  # every round takes as many steps
    weights = np.zeros((env.observation_size + 1, env.num_actions))
    observations, infos = env.reset(seed=1)
    curve = []
    for _ in range(ROUNDS):
        taken = []
        for _ in range(steps):
            x = features(observations)
            actions, p = act(weights, x, infos["action_mask"], rng)
            taken.append((x, p, actions, infos["seat"].copy()))
            observations, rewards, ended, _, infos = env.step(actions)
        assert ended.all()  # in lockstep, every game ends its round together
        points = rewards.copy()  # each seat's points for the round
        curve.append(float(points.mean()))
        gradient = np.zeros_like(weights)
        games = np.arange(env.num_envs)
        for x, p, actions, seats in taken:
            made = points[games, seats]  # the points of the seat that took the decision
            advantage = (made - made.mean()) / (made.std() + 1e-6)
            step = -p
            step[games, actions] += 1.0  # d log p(action) / d logits
            gradient += x.T @ (step * advantage[:, None])
        weights += LEARNING_RATE * gradient / env.num_envs
        observations, _, _, _, infos = env.step(np.zeros(env.num_envs, np.int64))  # new deals
    return weights, curve


def evaluate(env: VectorEnv, weights: Array, rng: np.random.Generator) -> Array:
    """Mean points per seat over one round of every game: the policy in seat 0."""
    observations, infos = env.reset(seed=2)
    for _ in range(env.players + env.players * env.hand_size):
        mine, _ = act(weights, features(observations), infos["action_mask"], rng)
        others = env.sample_actions(rng)
        actions = np.where(infos["seat"] == 0, mine, others)
        observations, rewards, _, _, infos = env.step(actions)
    result: Array = rewards.mean(axis=0)
    return result


def main() -> None:
    rng = np.random.default_rng(0)
    env = VectorEnv("romanian", players=4, num_envs=GAMES, hand_size=HAND_SIZE)
    weights, curve = train(env, rng)
    print(f"self-play, {GAMES} games a round: mean points per seat and round")
    for i in range(0, ROUNDS, 5):
        print(f"  round {i + 1:2}: {curve[i]:5.2f}")
    print(f"  round {ROUNDS:2}: {curve[-1]:5.2f}")
    seats = evaluate(env, weights, rng)
    print("the policy in seat 0 against three random players, mean points per seat:")
    print("  " + "  ".join(f"seat {s}: {p:5.2f}" for s, p in enumerate(seats)))
    if not (curve[-1] > curve[0] and seats[0] > seats[1:].max()):
        raise SystemExit("the policy did not learn")


if __name__ == "__main__":
    main()
