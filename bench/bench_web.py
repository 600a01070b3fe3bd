"""The table's page and the archive: how fast, and how right, on games the tests never saw.

    .venv/bin/python bench/bench_web.py [--games 120] [--updates 60]

1. Archive: bot games (``voice_scribe.engine.simulate``, levels 1–4, seeds the tests do not use)
   are replayed with their journals written, then imported into a fresh archive; the figures are
   the import speed and how many games read back with exactly the engine's final scores.
2. Page: a headless chromium (Debian's ``chromium``) shows the page while the board publishes
   ``--updates`` pictures; a MutationObserver in the page stamps when each new score is drawn,
   the latency is that stamp minus the publish time (one machine clock).

Nothing here is tuned, so there is no held-out split: every game and every update is measured.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "web"))

from voice_scribe.engine.rules import Rules  # noqa: E402
from voice_scribe.engine.simulate import simulate_game  # noqa: E402
from voice_scribe.history import Archive  # noqa: E402
from voice_scribe.replay import replay  # noqa: E402

PLAYERS = ["Karadoc", "Perceval", "Léodagan", "Bohort"]


def bench_archive(games: int, folder: Path) -> None:
    expected: dict[Path, dict[str, int]] = {}
    decisions = 0
    for i in range(games):
        level = 1 + i % 4
        calls = simulate_game(PLAYERS, seed=90_000 + i, rules=Rules(level=level))
        path = folder / f"bot-{i:04d}.jsonl"
        session, groups = replay(PLAYERS, calls, Rules(level=level), path)
        session.close()
        expected[path] = dict(session.game.scores)
        decisions += len(groups)
    archive = Archive.open(folder / "archive.sqlite")
    t0 = time.perf_counter()
    equal = sum(archive.import_journal(path).game.final_scores == scores for path, scores in expected.items())
    spent = time.perf_counter() - t0
    t1 = time.perf_counter()
    again = sum(not archive.import_journal(path).new for path in expected)
    respent = time.perf_counter() - t1
    print(f"archive: {games} bot games (levels 1–4), {decisions} decisions")
    print(f"  import: {games / spent:.1f} journals/s, {decisions / spent:.0f} decisions/s")
    print(f"  final scores equal to the engine's replay: {equal}/{games}")
    print(f"  re-import of the same journals: {again}/{games} recognised, {len(archive.games())} games kept, "
          f"{games / respent:.1f} journals/s")
    archive.close()


def bench_page(updates: int) -> None:
    from headless import Browser, find_browser

    from voice_scribe.session import Session
    from voice_scribe.web import Board, serve

    if find_browser() is None:
        print("page: skipped (no chromium: apt-get install chromium)")
        return
    session = Session.new(PLAYERS)
    board = Board(session)
    server = serve(board.feed, "127.0.0.1:0")
    board.publish()
    browser = Browser(1280, 800)
    try:
        browser.open(server.url)
        browser.wait_for("document.querySelectorAll('#joueurs tr').length === 4")
        browser.evaluate("""window.drawn = {};
            new MutationObserver(() => {
              const cell = document.querySelector('#joueurs tr[data-joueur="Karadoc"] .points');
              if (cell && !(cell.textContent in window.drawn)) window.drawn[cell.textContent] = Date.now();
            }).observe(document.getElementById('joueurs'), {childList: true, subtree: true, characterData: true});
            true""")
        sent: dict[str, float] = {}
        for i in range(1, updates + 1):
            session.game.state.players["Karadoc"].score = i  # only the picture is measured here
            sent[str(i)] = time.time() * 1000
            board.publish()
            time.sleep(0.1)
        time.sleep(0.5)
        drawn = browser.evaluate("window.drawn")
    finally:
        browser.close()
        server.stop()
    latencies = sorted(drawn[k] - sent[k] for k in sent if k in drawn)
    if not latencies:
        print("page: no update was drawn")
        return
    p95 = latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))]
    print(f"page: {len(latencies)}/{updates} pictures drawn; publish → drawn p50 {statistics.median(latencies):.1f} ms, "
          f"p95 {p95:.1f} ms, max {latencies[-1]:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--updates", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        bench_archive(args.games, Path(folder))
    bench_page(args.updates)


if __name__ == "__main__":
    main()
