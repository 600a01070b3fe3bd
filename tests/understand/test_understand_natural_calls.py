"""Natural phrasings of the other calls, by frame (issue 15, seventh round): the Sloubi's outcome told to the
table, a call announced with a verb of playing. Each frame is read for every call it fits, and the same words
in table talk (a negation, a story about another game) stay table talk.
"""

from __future__ import annotations

import pytest

SPEAKER = "Karadoc"


def _kind(matcher, said: str) -> str | None:
    u = matcher.understand(said, speaker=SPEAKER)
    thing = u.call or u.command
    return thing.kind.value if u.accepted and thing is not None else None


@pytest.mark.parametrize("subject", ["il a", "tu as"])
@pytest.mark.parametrize("verb,kind", [("réussi", "sloubi_reussi"), ("validé", "sloubi_reussi"),
                                       ("raté", "sloubi_rate"), ("loupé", "sloubi_rate")])
def test_the_sloubi_outcome_told_as_what_the_singer_did(matcher, subject, verb, kind):
    assert _kind(matcher, f"{subject} {verb} son sloubi") == kind


@pytest.mark.parametrize("said,kind", [
    ("le sloubi est validé", "sloubi_reussi"), ("sloubi validé", "sloubi_reussi"),
    ("le sloubi est loupé", "sloubi_rate"), ("raté il s'est planté dans le sloubi", "sloubi_rate"),
])
def test_the_sloubi_outcome_told_as_its_state(matcher, said, kind):
    assert _kind(matcher, said) == kind


@pytest.mark.parametrize("said", [
    "il a jamais réussi son sloubi", "tu crois qu'il a raté son sloubi", "le sloubi est jamais réussi",
    "il s'est pas planté au sloubi", "il a raté son sloubi la dernière fois",
])
def test_the_sloubi_talked_about_stays_table_talk(matcher, said):
    assert _kind(matcher, said) not in ("sloubi_reussi", "sloubi_rate")


@pytest.mark.parametrize("verb", ["je joue", "j'annonce"])
@pytest.mark.parametrize("call,kind", [("bi jarret", "bi_jarret"), ("jarret sifflet", "jarret_sifflet"),
                                       ("rigodon", "rigodon"), ("chante sloubi", "chante_sloubi")])
def test_a_call_announced_with_a_verb_of_playing(matcher, verb, call, kind):
    assert _kind(matcher, f"{verb} {call}") == kind


def test_the_wish_to_sing_the_sloubi(matcher):
    assert _kind(matcher, "je veux jouer chante sloubi") == "chante_sloubi"


@pytest.mark.parametrize("said", [
    "je joue jamais bi jarret", "je fais jamais bi jarret", "je fais pas rigodon", "je veux pas jouer chante sloubi",
    "je voudrais pas jouer chante sloubi", "je veux pas rentrer chante sloubi", "tu joues bi jarret ou pas",
])
def test_a_call_denied_or_asked_about_is_not_said(matcher, said):
    assert _kind(matcher, said) is None


@pytest.mark.parametrize("said", ["suivant on traîne", "vas y suivant on traîne"])
def test_the_turn_handed_on_then_a_clause_with_on(matcher, said):
    assert _kind(matcher, said) == "suivant"


@pytest.mark.parametrize("said", ["on dit bévue quand on se trompe", "on fait pélican", "suivant on verra"])
def test_on_around_a_one_word_call_in_table_talk(matcher, said):
    assert _kind(matcher, said) is None


@pytest.mark.parametrize("said,kind", [
    ("velutée je les ai", "velutee"), ("sirop gagnant je l'avais dit", "sirop_gagnant"),
    ("pélican je l'ai", "pelican"), ("rigodon on y va", "rigodon"), ("excalibur je l'ai", "excalibur"),
])
def test_a_call_then_a_clause_of_its_own_in_grammar_words(matcher, said, kind):
    assert _kind(matcher, said) == kind


@pytest.mark.parametrize("said", [
    "attrape oiseau c'est pour les voleurs", "le passe grelot ça sert à quoi déjà", "velutée je les ai jamais",
    "velutée je les ai quand", "sirop gagnant je l'avais pas dit",
])
def test_a_clause_about_the_call_or_another_player_stays_table_talk(matcher, said):
    assert _kind(matcher, said) is None
