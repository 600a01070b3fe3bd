"""Sentence-level wrappers (ninth round, :mod:`voice_scribe.understand.registers`): a formal or theatrical
run-up before a call, a flourish after it, hesitations and restarts, a self-correction (the LAST call said
whole wins), anglicisms for a grammar word.

Wordings written for these tests, by class (not taken from the corpus); each class is checked over
several calls.
"""

from __future__ import annotations

import pytest

from voice_scribe.understand import ResultKind
from voice_scribe.understand.registers import Registers

SPEAKER = "Perceval"


def _read(matcher, said):
    u = matcher.understand(said, speaker=SPEAKER)
    assert u.accepted, (said, u.to_json())
    thing = u.call or u.command
    return thing.kind.value, getattr(thing, "dice", None) or (), getattr(thing, "number", None), thing.target


CALLS = [
    ("pélican", ("pelican", (), None, None)),
    ("civet de quarante sur une velute", ("civet", (), 40, None)),
    ("grelottine sur léodagan", ("grelottine", (), None, "Léodagan")),
    ("quatre et deux", ("chouettes", (4, 2), None, None)),
    ("deux cinq six", ("des", (2, 5, 6), None, None)),
]


@pytest.mark.parametrize("call,meant", CALLS)
@pytest.mark.parametrize("run_up", [
    "oyez oyez", "par tous les dieux", "messire le scribe", "je me permets d'annoncer", "mes seigneurs",
    "euh oyez par les dieux", "avant de lancer mes chouettes", "le brave vous annonce",
])
def test_a_formal_run_up_before_the_call(matcher, call, meant, run_up):
    assert _read(matcher, f"{run_up} {call}") == meant


@pytest.mark.parametrize("call,meant", CALLS)
@pytest.mark.parametrize("flourish", [
    "par les dieux", "messires", "et que le ciel m'entende", "et que ça se sache", "easy", "let's go",
])
def test_an_oath_or_a_wish_closing_the_sentence(matcher, call, meant, flourish):
    assert _read(matcher, f"{call} {flourish}") == meant


@pytest.mark.parametrize("first,then,meant", [
    ("trois quatre", "trois cinq", ("chouettes", (3, 5), None, None)),
    ("un deux six", "un deux cinq", ("des", (1, 2, 5), None, None)),
    ("civet de vingt sur une chouette", "civet de trente sur une chouette", ("civet", (), 30, None)),
    ("grelottine sur karadoc", "grelottine sur léodagan", ("grelottine", (), None, "Léodagan")),
    ("linotte", "mouette", ("pari_oiseau", (), 4, None)),
])
@pytest.mark.parametrize("restart", ["non attends je veux dire", "euh pardon", "enfin non", "non je voulais dire"])
def test_a_self_correction_takes_the_corrected_call_never_the_first(matcher, first, then, meant, restart):
    assert _read(matcher, f"{first} {restart} {then}") == meant


@pytest.mark.parametrize("said,meant", [
    ("le cul ça fait deux non attends oui cinq", ("cul", (5,), None, None)),
    ("correction non attends je veux dire six six deux", ("correction", (6, 6, 2), None, None)),
])
def test_a_corrected_value_alone_keeps_what_it_is_the_value_of(matcher, said, meant):
    assert _read(matcher, said) == meant


@pytest.mark.parametrize("said,meant", [
    ("grelottine sur karadoc non attends je veux dire sur léodagan", ("grelottine", (), None, "Léodagan")),
    ("civet de vingt sur une chouette euh pardon sur une velute", ("civet", (), 20, None)),
    ("michette de deux enfin non de quatre", ("michette", (), 4, None)),
])
def test_only_the_argument_corrected_with_its_introducer(matcher, said, meant):
    assert _read(matcher, said) == meant
    if meant[0] == "civet":
        assert matcher.understand(said, speaker=SPEAKER).call.combination == "velute"


@pytest.mark.parametrize("said", [
    "civet de vingt sur une chouette non attends je veux dire sur mon cousin",
    "grelottine sur karadoc pardon sur le gars d'à côté",
])
def test_a_correction_that_does_not_read_never_falls_back_on_the_first_call(matcher, said):
    assert not matcher.understand(said, speaker=SPEAKER).accepted


@pytest.mark.parametrize("said,meant", [
    ("pélican messire pélican", ("pelican", (), None, None)),
    ("six six deux oui six six deux", ("des", (6, 6, 2), None, None)),
    ("beau sirop par les dieux beau sirop", ("beau_sirop", (), None, None)),
])
def test_the_call_said_twice_around_an_address_or_a_yes(matcher, said, meant):
    assert _read(matcher, said) == meant


@pytest.mark.parametrize("said", ["pélican messire linotte", "six six deux oui cinq cinq un"])
def test_two_different_calls_around_an_address_are_not_read(matcher, said):
    u = matcher.understand(said, speaker=SPEAKER)
    assert u.kind is not ResultKind.CALL or u.call.kind.value not in ("pelican", "pari_oiseau", "des"), u.to_json()


@pytest.mark.parametrize("said,kind", [("next", "suivant"), ("scribe cancel", "annule"), ("game over scribe", "fin_de_partie")])
def test_anglicisms_for_a_grammar_word(matcher, said, kind):
    assert _read(matcher, said)[0] == kind


@pytest.mark.parametrize("said", [
    "oyez oyez la soupe est servie",
    "par les dieux il fait chaud ce soir",
    "messire je reprendrais bien du pâté",
    "la dernière fois il a dit pélican non attends c'était linotte",
    "euh moi j'aime bien enfin j'aime pas trop en fait",
])
def test_a_wrapper_around_table_talk_stays_talk(matcher, said):
    assert not matcher.understand(said, speaker=SPEAKER).accepted


def test_the_data_loads_and_every_section_is_filled():
    registers = Registers.load()
    for name in ("leads", "run_up_ends", "tails", "judgements", "closings", "between", "restarts", "words", "heard"):
        assert getattr(registers, name), name


def test_no_wrapper_no_rereading():
    registers = Registers.load()
    assert list(registers.rereadings("pas mou le caillou", accepted=False, kinds=lambda text: frozenset())) == []
