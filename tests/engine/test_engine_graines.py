"""Seed 000 « Les Graines » ★★: what the scribe can and cannot track."""

from __future__ import annotations

from engine_table import K, Table


def test_je_ne_mange_pas_de_graines_is_heard_and_changes_nothing() -> None:
    t = Table("Karadoc", "Perceval", level=2)
    events = t.say("Perceval", K.GRAINES)
    assert events == [] and t.scores == {"Karadoc": 0, "Perceval": 0}


def test_sitting_down_without_it_is_a_bevue_the_table_declares() -> None:
    # « Si un joueur se rassoit à la table … sans crier l'annonce, il y a Bévue. » The scribe cannot see it:
    # « Bévue pour Perceval ! » (decision E4).
    t = Table("Karadoc", "Perceval", level=2)
    t.say("Karadoc", K.BEVUE, target="Perceval")
    assert t.bevues() == [("Perceval", "declared")] and t.score("Perceval") == -5


def test_at_one_star_the_graines_are_not_played() -> None:
    t = Table("Karadoc", "Perceval")
    assert t.rejected(t.say("Perceval", K.GRAINES)) == ["rule_off"]
