"""A table that narrates itself, whispers, talks to viewers and reads their messages (eleventh round).

Patterns by class, written for these tests (not taken from the corpus); each is checked over several calls.
The wrappers are data (``grammars/fr/registers.txt``); the narration is :func:`sentence_frames.narrated`.
"""

from __future__ import annotations

import pytest

SPEAKER = "Karadoc"
CALLS = [("pélican", "pelican"), ("cul quatre", "cul"), ("beau sirop", "beau_sirop"), ("sloubi raté", "sloubi_rate"),
         ("civet de vingt sur une velute", "civet")]


def _kind(matcher, said, speaker=SPEAKER):
    u = matcher.understand(said, speaker=speaker)
    assert u.accepted, (said, u.to_json())
    return (u.call or u.command).kind.value


@pytest.mark.parametrize("call,kind", CALLS)
@pytest.mark.parametrize("frame", ["et karadoc annonce {}", "karadoc annonce {}", "karadoc dit {}", "{} annonce karadoc",
                                   "et karadoc déclare {}"])
def test_the_speaker_narrating_himself(matcher, frame, call, kind):
    assert _kind(matcher, frame.format(call)) == kind


def test_narration_keeps_the_target_named_before_it(matcher):
    u = matcher.understand("perceval roi annonce karadoc", speaker=SPEAKER)
    assert u.accepted and u.call.kind.value == "roi" and u.call.target == "Perceval", u.to_json()


@pytest.mark.parametrize("call,kind", CALLS)
@pytest.mark.parametrize("frame", ["chut écoutez bien {}", "psst psst {}", "tout bas au micro {}", "je chuchote {}",
                                   "ok le chat {}", "salut les viewers {}", "{} pour le chat", "{} les viewers"])
def test_a_call_whispered_or_said_to_the_viewers(matcher, frame, call, kind):
    assert _kind(matcher, frame.format(call)) == kind


@pytest.mark.parametrize("call,kind", CALLS)
@pytest.mark.parametrize("frame", ["{} et y'a kevin qui dit trop fort", "{} et il y a julie qui demande pourquoi",
                                   "y'a kevin qui dit allez bref {}", "on me demande si je triche bon bref {}"])
def test_a_viewers_message_read_before_or_after_the_call(matcher, frame, call, kind):
    assert _kind(matcher, frame.format(call)) == kind


@pytest.mark.parametrize("said", ["le chat dort sur le canapé", "ok le chat", "bref", "et y'a kevin qui dit bonjour",
                                  "chut écoutez bien", "salut les viewers bienvenue sur le stream"])
def test_the_wrappers_alone_are_table_talk(matcher, said):
    assert not matcher.understand(said, speaker=SPEAKER).accepted


@pytest.mark.parametrize("call,kind", CALLS)
@pytest.mark.parametrize("frame", ["on l'a crié tous les deux {}", "{} on l'a dit ensemble", "{} on l'a dit ensemble avec perceval",
                                   "{} tous les deux pile en même temps", "{} ensemble hein perceval aussi l'a dit"])
def test_a_call_shouted_together_said_so_around_it(matcher, frame, call, kind):
    assert _kind(matcher, frame.format(call)) == kind


@pytest.mark.parametrize("said", ["on l'a dit ensemble", "on l'a crié tous les deux", "ensemble hein", "tous les trois en même temps"])
def test_together_said_alone_is_table_talk(matcher, said):
    assert not matcher.understand(said, speaker=SPEAKER).accepted


def test_names_joined_by_pis_are_all_the_callers(matcher):
    """« Karadoc, Perceval pis Léodagan : grelotte ça picote ! » (Québécois « puis »): the three of them."""
    u = matcher.understand("karadoc perceval pis léodagan grelotte ça picote", speaker="Karadoc")
    assert u.accepted and set(u.players) == {"Karadoc", "Perceval", "Léodagan"}, u.to_json()


@pytest.mark.parametrize("said,dice", [("six et encore six", (6, 6)), ("deux et encore un deux", (2, 2))])
def test_the_second_die_said_as_the_same_again(matcher, said, dice):
    u = matcher.understand(said, speaker=SPEAKER)
    assert u.accepted and u.call.dice == dice, u.to_json()


@pytest.mark.parametrize("said", ["tu peux expliquer la velute", "vous pouvez nous expliquer l'artichette",
                                  "tu pourrais m'expliquer le civet"])
def test_a_rule_asked_politely(matcher, said):
    assert _kind(matcher, said) == "regle"


@pytest.mark.parametrize("said,kind", [
    ("pourriez-vous me dire qui est en tête", "qui_mene"),  # the question turned round
    ("pourrais-tu m'expliquer le civet", "regle"),
    ("auriez-vous la gentillesse de répéter", "repete"),  # more formally still
    ("je serais curieux de connaître les scores", "scores"),  # a wish to know
    ("j'aimerais savoir qui est en tête", "qui_mene"),
])
def test_the_scribe_asked_formally_or_as_a_wish(matcher, said, kind):
    assert _kind(matcher, said) == kind


@pytest.mark.parametrize("throw,dice", [("cinq cinq cinq", (5, 5, 5)), ("quatre trois", (4, 3))])
@pytest.mark.parametrize("judgement", ["on prend", "ça passe", "mouais", "pas terrible"])
def test_a_throw_judged_in_plain_words(matcher, throw, dice, judgement):
    u = matcher.understand(f"{throw} {judgement}", speaker=SPEAKER)
    assert u.accepted and u.call.dice == dice, u.to_json()
