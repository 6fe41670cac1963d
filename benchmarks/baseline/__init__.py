"""Pinned copies of earlier bots, kept as baselines for benchmarks/strength.py."""
