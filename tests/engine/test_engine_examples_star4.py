"""The ★★★★ Tichette, Doublette and Aquitaine example games, replayed through
``python -m voice_scribe replay --json``.

The expected scores (and sips) were worked out by hand, step by step, in the
comments of ``examples/game7_star4_tichette.calls.jsonl``,
``examples/game8_doublette.calls.jsonl`` and ``examples/game9_aquitaine.calls.jsonl``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def replay(log: str, players: str, rules: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "voice_scribe", "replay", "--calls", str(EXAMPLES / log), "--players", players,
         "--rules", str(EXAMPLES / rules), "--json"],
        capture_output=True, text=True, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def scores_of(events: list[dict]) -> list[tuple[str, str, int]]:
    return [(e.get("player"), e.get("reason"), e.get("points")) for e in events if e["kind"] == "score"]


def test_game7_a_tichette_at_four_stars() -> None:
    result = replay("game7_star4_tichette.calls.jsonl", "Karadoc,Perceval,Léodagan", "game7_star4_tichette.rules.toml")
    assert result["scores"] == {"Karadoc": 386, "Perceval": 307, "Léodagan": 62}
    assert result["winner"] == "Karadoc"
    assert result["eliminated"] == []
    events = result["events"]
    # the only refusal is Perceval's faulty « Bichette de 257 » (a 7), which Léodagan quiches
    assert [(e["player"], e["reason"]) for e in events if e["kind"] == "rejected"] == [("Perceval", "tiche_faulty")]
    steps = scores_of(events)
    assert ("Karadoc", "sirop_failed", -16) in steps  # the sirotage that made the Tichette
    assert ("Perceval", "quichage", -35) in steps  # his last valid quiche, not the faulty 257
    assert ("Léodagan", "quiche", -55) in steps  # the ticheur's quiche: 55 > 23 (half of 45, rounded up)
    assert ("Karadoc", "tichette_won", 45) in steps  # 255 on 2-5-5: the stake |45|
    ticheur_prompt = [e for e in events if e["kind"] == "prompt" and e["reason"] == "tichette_dice"]
    assert [p["players"] for p in ticheur_prompt] == [["Léodagan"]]
    # the hidden dice are said only when Karadoc tiches, in the decision's data
    revealed = [e for e in events if e.get("dice") == [2, 5, 5]]
    assert [(e["kind"], e["reason"]) for e in revealed] == [("score", "tichette_won")]


def test_game8_doublette_the_teams_share_their_scores() -> None:
    result = replay("game8_doublette.calls.jsonl", "Karadoc,Léodagan,Perceval,Bohort", "game8_doublette.rules.toml")
    assert result["scores"] == {"Karadoc": 351, "Léodagan": 308, "Perceval": 351, "Bohort": 308}
    assert result["winner"] == "Karadoc"  # the team Karadoc & Perceval; its first member is named
    assert result["eliminated"] == []
    events = result["events"]
    # the Chouette-Velute is decided once the first shout's tie window has passed (issue 10): the game is
    # won then, and what the log says after it (a late « Pas mou le caillou ! », the closing « Suivant ! »)
    # comes after the end
    faults = [(e["kind"], e.get("reason")) for e in events if e["kind"] in ("rejected", "bevue")]
    assert faults and set(faults) == {("rejected", "game_over")}
    assert events.index(next(e for e in events if e["kind"] == "winner")) < events.index(
        next(e for e in events if e["kind"] == "rejected"))
    assert events[-1]["kind"] == "rejected" and events[-1]["call"]["kind"] == "suivant"
    own = [(p, r, n) for p, r, n in scores_of([e for e in events if not e.get("team_of")])]
    assert ("Léodagan", "chouette_velute_team", 144) in own  # « 72*2 pts »
    assert ("Karadoc", "chouette_velute_team", 16) in own
    assert ("Bohort", "bleu_rouge_won", 58) in own  # his own relance, for the team
    # every change of a member is mirrored once on his team-mate
    mirrored = [(e["player"], e["team_of"], e["points"]) for e in events if e.get("team_of")]
    assert ("Perceval", "Karadoc", 100) in mirrored and ("Bohort", "Léodagan", 144) in mirrored
    assert len(mirrored) == len(own)


def test_game9_aquitaine_the_sips_announced() -> None:
    result = replay("game9_aquitaine.calls.jsonl", "Karadoc,Perceval,Léodagan", "game9_aquitaine.rules.toml")
    assert result["scores"] == {"Karadoc": 99, "Perceval": -5, "Léodagan": 76}
    assert result["winner"] is None  # « La partie s'achève au bon vouloir des joueurs »
    assert result["eliminated"] == []
    events = result["events"]
    assert not [e for e in events if e["kind"] == "rejected"]
    sips = [(e["player"], e["reason"], e["points"]) for e in events if e["kind"] == "sips"]
    assert sips == [
        ("Karadoc", "sips_given", 1),  # 1. a Chouette of 2: « 2x2=4 donc 10, puis 10/10=1 »
        ("Léodagan", "excalibur_king", 2),  # 3. the King drinks as many sips as shouters
        ("Karadoc", "sips_given", 10),  # 4. a Cul de chouette of 6
        ("Léodagan", "sips_drunk", 1),  # 6. the last « Grelotte ça picote » (−10)
        ("Léodagan", "sips_given", 2),  # 7. the Grelottine: Perceval's two Grelottines
        ("Perceval", "sips_drunk", 2),
        ("Léodagan", "sips_given", 5),  # 7. his Velute of 5
        ("Karadoc", "sips_drunk", 1),  # 8. three dice at once: a Bévue
        ("Perceval", "sips_drunk", 1),  # 9. « Pas mou le caillou » on a Chouette: a Bévue
        ("Léodagan", "sips_given", 4),  # 10. a Chouette of 6: 36 → 40
    ]
    given: dict[str, int] = {}
    drunk: dict[str, int] = {}
    for player, reason, n in sips:
        book = given if reason == "sips_given" else drunk
        book[player] = book.get(player, 0) + n
    assert given == {"Karadoc": 11, "Léodagan": 11}
    assert drunk == {"Léodagan": 3, "Perceval": 3, "Karadoc": 1}
    forfeited = [e for e in events if e["kind"] == "score" and e.get("forfeited")]
    assert [(e["player"], e["forfeited"]) for e in forfeited] == [("Perceval", 25)]
    assert ("Karadoc", "wrong_call") in [(e["player"], e["reason"]) for e in events if e["kind"] == "bevue"]
