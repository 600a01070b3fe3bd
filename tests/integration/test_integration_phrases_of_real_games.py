"""Every decision of simulated games, at every level, is said in French without a hitch.

The phrasebook's own tests build events by hand; this walks the events the engine really emits
(bots playing ★ to ★★★★, with teams and with the Aquitaine), as the scribe tells them.
"""

from __future__ import annotations

import re

import pytest

from voice_scribe.engine import Rules
from voice_scribe.engine.game import Game
from voice_scribe.engine.simulate import simulate_game
from voice_scribe.scribe import told
from voice_scribe.voice.phrasebook import Phrasebook

PLAYERS = ["Karadoc", "Perceval", "Léodagan", "Bohort"]
TABLES = {
    "level1": Rules(level=1),
    "level2": Rules(level=2),
    "level3": Rules(level=3),
    "level4": Rules(level=4),
    "level3_no_negatives": Rules(level=3, negative_scores=False),
    "teams": Rules(level=3, teams=(("Karadoc", "Perceval"), ("Léodagan", "Bohort"))),
    "aquitaine": Rules(aquitaine=True),
}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_decision_of_simulated_games_is_said(name: str) -> None:
    rules = TABLES[name]
    book = Phrasebook(rules)
    said = 0
    for seed in range(12):
        game = Game(PLAYERS, rules)
        for call in simulate_game(PLAYERS, seed=seed, rules=rules, max_calls=400):
            events = told(game.apply(call))
            if not events:
                continue
            phrase = book.events(events)
            assert phrase.spoken and phrase.screen, events
            assert not re.search(r"\d", phrase.spoken), phrase.spoken  # numbers are said in words
            assert "{" not in phrase.spoken and "{" not in phrase.screen, phrase.screen
            said += 1
    assert said > 100
