"""How a table speaks around a call (issue 15, eighth round): regional pronouns, the scribe addressed by name,
« t'as dit quoi » with its last word taken for a particle. Each is read for what it wraps, and the same
words in table talk stay table talk."""

from __future__ import annotations

import pytest

from voice_scribe.understand.normalize import tokens

SPEAKER = "Karadoc"


def _kind(matcher, said: str) -> str | None:
    u = matcher.understand(said, speaker=SPEAKER)
    thing = u.call or u.command
    return thing.kind.value if u.accepted and thing is not None else None


@pytest.mark.parametrize("said,plain", [("moé je sirote", ["moi", "je", "sirote"]), ("c'est toé", ["c", "est", "toi"])])
def test_regional_pronouns_are_the_pronouns(said, plain):
    assert tokens(said) == plain


@pytest.mark.parametrize("said,kind", [("moé je sirote", "je_sirote"), ("perceval c'est toé le roi", "roi")])
def test_a_call_said_with_a_regional_pronoun(matcher, said, kind):
    assert _kind(matcher, said) == kind


@pytest.mark.parametrize("said,kind", [
    ("suivant scribe", "suivant"), ("eh scribe qui a des grelottines", "qui_a"), ("scribe répète", "repete"),
])
def test_the_scribe_addressed_at_either_end(matcher, said, kind):
    assert _kind(matcher, said) == kind


@pytest.mark.parametrize("said", ["le scribe il a noté linotte", "scribe t'as vu cette chouette"])
def test_the_scribe_named_in_table_talk_stays_table_talk(matcher, said):
    assert _kind(matcher, said) is None


@pytest.mark.parametrize("said", ["t'as dit quoi", "t'as dit quoi scribe", "tu as dit quoi"])
def test_what_did_you_say_asks_to_repeat(matcher, said):
    assert _kind(matcher, said) == "repete"


def test_what_did_you_say_about_a_call_is_not_a_request(matcher):
    assert _kind(matcher, "t'as dit linotte") is None


@pytest.mark.parametrize("said,kind", [("j'achète aussi", "rachat"), ("moi aussi j'achète", "rachat"), ("j'achète", "achat")])
def test_the_second_buyer_buys_too(matcher, said, kind):
    assert _kind(matcher, said) == kind


@pytest.mark.parametrize("said,kind", [("fauvette grave", "pari_oiseau"), ("je sirote grave", "je_sirote"),
                                       ("pélican grave", "pelican")])
def test_grave_ending_a_call_is_its_emphasis(matcher, said, kind):
    assert _kind(matcher, said) == kind


@pytest.mark.parametrize("said", ["c'est grave", "t'as vu cette chouette c'est grave"])
def test_grave_in_table_talk_stays_table_talk(matcher, said):
    assert _kind(matcher, said) is None


@pytest.mark.parametrize("said,rule", [
    ("la grelottine c'est quoi la règle", "grelottine"), ("la règle de la bévue c'est combien de points", "bevue"),
    ("la règle du civet c'est quoi", "civet"),
])
def test_the_rule_named_first_then_asked_in_the_explicit_form(matcher, said, rule):
    u = matcher.understand(said, speaker=SPEAKER)
    assert u.accepted and u.command is not None and u.command.kind.value == "regle" and u.command.rule == rule


@pytest.mark.parametrize("said", ["la grelottine c'est quoi déjà", "le civet c'est quand"])
def test_the_call_asked_about_without_the_rule_named_stays_table_talk(matcher, said):
    assert _kind(matcher, said) is None
