"""Rules switch on and off by level (seed 000 « Niveaux de difficulté ») and one by one (seed 004)."""

from __future__ import annotations

import pytest
from engine_table import K, Table

from voice_scribe.engine import CALL_SPECS, Rules

STAR2_3 = [kind for kind, spec in CALL_SPECS.items() if spec.level in (2, 3)]


@pytest.mark.parametrize("kind", STAR2_3, ids=lambda k: k.value)
def test_at_one_star_every_star2_and_star3_call_is_ignored_not_punished(kind: K) -> None:
    t = Table("Karadoc", "Perceval")
    t.throw("Karadoc", 4, 4, 2)
    events = t.say("Perceval", kind, target="Karadoc", number=10)
    assert t.rejected(events) == ["rule_off"] and t.bevues() == []


@pytest.mark.parametrize("kind", [k for k in STAR2_3 if CALL_SPECS[k].level == 3], ids=lambda k: k.value)
def test_at_two_stars_the_star3_calls_are_off(kind: K) -> None:
    t = Table("Karadoc", "Perceval", level=2)
    assert t.rejected(t.say("Perceval", kind, target="Karadoc", number=10)) == ["rule_off"]


def test_one_star_behaviour_is_unchanged() -> None:
    t = Table("Karadoc", "Perceval")
    t.throw("Karadoc", 4, 3, 4)  # a plain Chouette of 4
    t.close()
    t.throw("Perceval", 1, 2, 3)  # Suite + the roller's Velute of 3
    t.say("Karadoc", K.GRELOTTE_CA_PICOTE, after=0.1)
    t.say("Perceval", K.GRELOTTE_CA_PICOTE, after=0.5)
    t.close()
    t.throw("Karadoc", 5, 5, 5)  # paid when it falls (no doublé at ★)
    assert t.scores == {"Karadoc": 16 + 90, "Perceval": 18 - 10}
    t.close()
    t.throw("Perceval", 4, 2, 1)  # a Néant: a Grelottine
    t.close()
    t.throw("Karadoc", 3, 4, 3)  # a Chouette of 3
    t.close()
    assert t.holds("Perceval", "grelottine") and t.score("Karadoc") == 16 + 90 + 9


def test_two_stars_keep_star3_figures_as_star1_combinations() -> None:
    t = Table("Karadoc", "Perceval", level=2)
    t.throw("Karadoc", 3, 4, 3)
    t.close()
    t.throw("Perceval", 1, 4, 6)
    t.close()
    assert t.score("Karadoc") == 9 and t.holds("Perceval", "grelottine")


def test_rules_switch_on_one_by_one() -> None:
    # 004: « Le niveau 4 ajoute des règles à choisir une à une avant la partie »
    rules = Rules(enabled=frozenset({"sirop", "suite", "artichette"}))
    t = Table("Karadoc", "Perceval", rules=rules)
    t.throw("Karadoc", 4, 3, 4)
    t.say("Karadoc", K.RAITOURNELLE, after=0.2)
    t.close()
    t.throw("Perceval", 1, 2, 3)  # Suite-Velutée is off: the ★ Velute of 3
    assert t.rejected(t.say("Perceval", K.PATTE_DE_CANARD, after=0.2)) == ["rule_off"]
    t.say("Perceval", K.GRELOTTE_CA_PICOTE, after=0.1)
    t.say("Karadoc", K.GRELOTTE_CA_PICOTE, after=0.5)
    t.close()
    assert t.scores == {"Karadoc": 16 - 10, "Perceval": 18}


def test_bleu_rouge_without_pelican_or_jarret() -> None:
    rules = Rules(enabled=frozenset({"bleu_rouge"}))
    t = Table("Karadoc", "Perceval", rules=rules)
    t.throw("Karadoc", 3, 4, 3)
    t.say("Perceval", K.RELANCE, number=10)
    t.des("Karadoc", 1, 3, 6)  # a Néant: no Jarret when the Jarret is not played
    assert t.rejected(t.say("Perceval", K.LANCE_BUCHES, after=0.2)) == ["rule_off"]
    t.close()
    assert t.score("Perceval") == 56 and not t.holds("Perceval", "jarret")


def test_with_options_level_rederives_the_rules() -> None:
    assert Rules().with_options(level=3).is_enabled("bleu_rouge")
    assert not Rules(enabled=frozenset({"sirop"})).with_options(level=3).is_enabled("bleu_rouge")
