"""Replay throughput: calls folded per second over simulated random games.

    .venv/bin/python bench/bench_replay.py [--games 10000] [--players 4]

The games come from the bot table (voice_scribe.engine.simulate); they are
generated first, then replayed from scratch by a fresh Game each: only the
fold is timed.
"""

from __future__ import annotations

import argparse
import statistics
import time

from voice_scribe.engine.game import Game
from voice_scribe.engine.rules import Rules
from voice_scribe.engine.simulate import simulate_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--level", type=int, default=1, help="rules level 1–4 of the simulated games")
    args = parser.parse_args()
    rules = Rules(level=args.level)
    players = ["Karadoc", "Perceval", "Léodagan", "Bohort", "Gauvain", "Yvain", "Lancelot", "Arthur"][: args.players]

    t0 = time.perf_counter()
    games = [simulate_game(players, seed=seed, rules=rules) for seed in range(args.games)]
    generated = time.perf_counter() - t0
    total_calls = sum(len(g) for g in games)

    per_game: list[float] = []
    winners = 0
    t0 = time.perf_counter()
    for calls in games:
        g0 = time.perf_counter()
        game = Game(players, rules)
        for call in calls:
            game.apply(call)
        game.finish()
        per_game.append(time.perf_counter() - g0)
        winners += game.state.winner is not None
    elapsed = time.perf_counter() - t0

    print(f"games replayed      : {args.games} ({args.players} players, level {args.level}), {winners} won")
    print(f"calls replayed      : {total_calls} (mean {total_calls / args.games:.0f} per game)")
    print(f"replay throughput   : {total_calls / elapsed:,.0f} calls/s ({elapsed:.1f} s)")
    print(f"per game            : median {statistics.median(per_game) * 1000:.2f} ms, "
          f"max {max(per_game) * 1000:.2f} ms")
    print(f"(generation took {generated:.1f} s, not counted)")


if __name__ == "__main__":
    main()
