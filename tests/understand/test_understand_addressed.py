"""The table addressed around a call, politeness, and table control in its formal frames (sixth round).

Patterns by class, written for these tests (not taken from the corpus); each is checked over several calls.
"""

from __future__ import annotations

import pytest

from voice_scribe.understand import ResultKind

SPEAKER = "Karadoc"


def _kind(matcher, said):
    u = matcher.understand(said, speaker=SPEAKER)
    assert u.accepted, (said, u.to_json())
    return (u.call or u.command).kind.value


@pytest.mark.parametrize("call,kind", [
    ("pélican", "pelican"), ("sloubi raté", "sloubi_rate"), ("velutée", "velutee"), ("beau sirop", "beau_sirop"),
    ("pas mou le caillou", "pas_mou_le_caillou"),
])
@pytest.mark.parametrize("tail", ["mon vieux", "mes amis", "les amis", "mon pote", "j'ai dit"])
def test_the_table_addressed_or_the_call_insisted_on_after_it(matcher, call, kind, tail):
    assert _kind(matcher, f"{call} {tail}") == kind


@pytest.mark.parametrize("said", ["mon vieux", "c'est ce que j'ai dit", "j'ai dit", "les amis", "merci mon pote"])
def test_the_address_alone_is_table_talk(matcher, said):
    assert not matcher.understand(said, speaker=SPEAKER).accepted


@pytest.mark.parametrize("said,kind", [
    ("pourriez vous répéter", "repete"), ("veuillez redire", "repete"), ("redis voir", "repete"),
    ("répète la dernière annonce", "repete"), ("redis le dernier coup", "repete"),
    ("veuillez annuler", "annule"), ("pourriez vous annuler la dernière annonce", "annule"),
    ("on fait un break", "pause"), ("on suspend la partie", "pause"),
    ("on repart", "reprends"), ("la partie reprend", "reprends"), ("veuillez reprendre la partie", "reprends"),
    ("je déclare la partie terminée", "fin_de_partie"), ("on clôt la partie", "fin_de_partie"),
    ("reprenons la partie voulez vous", "reprends"), ("les scores je vous prie", "scores"),
])
def test_table_control_in_its_formal_and_familiar_frames(matcher, said, kind):
    assert _kind(matcher, said) == kind


@pytest.mark.parametrize("said", ["la partie de dimanche reprend demain", "on repart en vacances", "veuillez patienter"])
def test_near_control_is_table_talk(matcher, said):
    u = matcher.understand(said, speaker=SPEAKER)
    assert not u.accepted, u.to_json()


@pytest.mark.parametrize("said", ["deux chouette", "dix une velute", "quinze une suite"])
def test_a_bare_stake_without_sur_is_not_read(matcher, said):
    """« deux chouette » is as much « cul de chouette » misheard as a stake of two: not read."""
    u = matcher.understand(said, speaker=SPEAKER)
    assert not u.accepted and u.kind is ResultKind.REJECTED, u.to_json()


@pytest.mark.parametrize("said,number", [("deux sur une chouette", 2), ("dix points sur une velute", 10)])
def test_a_bare_stake_with_sur_is_read(matcher, said, number):
    u = matcher.understand(said, speaker=SPEAKER)
    assert u.accepted and u.call.kind.value == "grelottine_mise" and u.call.number == number, u.to_json()


@pytest.mark.parametrize("said,combination,number", [
    ("une velute et je mets douze", "velute", 12), ("chouette velute et je mise huit points", "chouette_velute", 8),
])
def test_the_stake_said_after_the_combination_with_a_verb(matcher, said, combination, number):
    u = matcher.understand(said, speaker=SPEAKER)
    assert u.accepted and (u.call.combination, u.call.number) == (combination, number), u.to_json()


@pytest.mark.parametrize("said,kind", [
    ("quelqu'un a un civet", "qui_a"), ("quelle est la règle exacte du civet", "regle"),
    ("je voudrais la règle de la soufflette", "regle"), ("je laisse filer", "file_sirop"),
    ("file sirop moi je passe", "file_sirop"),
])
def test_questions_and_sirop_in_the_players_words(matcher, said, kind):
    assert _kind(matcher, said) == kind
