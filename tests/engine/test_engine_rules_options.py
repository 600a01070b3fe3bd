"""``Rules``: defaults are seed 000; a TOML file overrides them; bad files say why in French."""

from __future__ import annotations

import re

import pytest
from engine_table import K, Table

from voice_scribe.engine import Rules, RulesError


def test_defaults_are_seed_000() -> None:
    rules = Rules()
    assert (rules.negative_scores, rules.bevue_penalty, rules.target) == (True, 5, 343)
    assert rules.level == 1 and rules.is_enabled("sirop") and not rules.is_enabled("artichette")
    assert rules.achat_call == "achete" and rules.tichette_direction == "right"


def test_the_required_keys_load_from_toml(tmp_path) -> None:
    path = tmp_path / "rules.toml"
    path.write_text(
        'negative_scores = false\nbevue_penalty = 10\ntarget = 200\ntie_window_ms = 90\n'
        'reaction_window_s = 2.5\nenabled = ["sirop", "civet", "artichette"]\n'
        'achat_call = "volette"\ntichette_direction = "left"\ngrelottine_caps = "002"\n'
    )
    rules = Rules.load(path)
    assert rules.negative_scores is False and rules.bevue_penalty == 10 and rules.target == 200
    assert rules.tie_window_s == 0.09 and rules.reaction_window_s == 2.5
    assert rules.is_enabled("artichette") and not rules.is_enabled("grelottine")
    assert (rules.achat_call, rules.tichette_direction, rules.grelottine_caps) == ("volette", "left", "002")


def test_level_switches_whole_star_groups() -> None:
    assert Rules(level=3).is_enabled("bleu_rouge") and not Rules(level=3).is_enabled("flan")
    assert Rules(level=4).is_enabled("tichette")


@pytest.mark.parametrize(
    "text,message",
    [
        ("bevue_penalty = 7", "5 (seed 000) ou 10"),
        ("level = 9", "de 1 à 4"),
        ('enabled = ["chouette", "baguette"]', "baguette"),
        ("couleur = 'bleu'", "inconnue"),
        ("reaction_window_s = -1", "positif"),
        ("negative_scores = 'oui'", "true ou false"),
        ("target = = 3", "illisible"),
    ],
)
def test_bad_rules_files_say_why(tmp_path, text: str, message: str) -> None:
    path = tmp_path / "rules.toml"
    path.write_text(text)
    with pytest.raises(RulesError, match=re.escape(message)):
        Rules.load(path)


def test_a_missing_rules_file_is_a_clear_error(tmp_path) -> None:
    with pytest.raises(RulesError, match="introuvable"):
        Rules.load(tmp_path / "nope.toml")


def test_a_call_for_a_rule_the_table_does_not_play_is_ignored_not_punished() -> None:
    # docs/rules.md « Calls for rules that are off »
    t = Table("Karadoc", "Perceval")
    t.throw("Karadoc", 4, 3, 4)
    events = t.say("Karadoc", K.RAITOURNELLE)
    assert t.rejected(events) == ["rule_off"] and t.bevues() == []
    t.close()
    assert t.score("Karadoc") == 16  # at ★, 4-3-4 is a plain Chouette of 4


def test_a_target_below_343() -> None:
    t = Table("Karadoc", "Perceval", target=50)
    t.des("Karadoc", 2, 3, 5)
    assert t.game.state.winner == "Karadoc"
