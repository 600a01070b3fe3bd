"""Wrappers of the seventeenth round (grammar data, ``grammars/fr/registers.txt``): a Belgian's « savoir » for
« pouvoir », his « une fois » and « non peut-être », and calls whispered among sleepers (« doucement », « chut »,
« pardon madame »). Patterns written for these tests (not the corpus's lines).
"""

from __future__ import annotations

import pytest

from test_understand_restarts import said_reading
from test_understand_throws_in_context import _cul_awaited


def _read(matcher, said, table=None):
    return said_reading(matcher, said, table, speaker="Perceval")


@pytest.mark.parametrize("said,meant", [
    ("tu sais me dire qui mène", {"kind": "qui_mene"}),
    ("vous savez nous dire les scores", {"kind": "scores"}),
    ("scribe tu sais me dire combien karadoc il a", {"kind": "score_joueur", "target": "Karadoc"}),
    ("non peut-être bichette de trois cent douze", {"kind": "bichette", "number": 312}),
    ("pélican une fois", {"kind": "pelican"}),
    ("je sirote non peut-être", {"kind": "je_sirote"}),
    ("doucement pas mou le caillou", {"kind": "pas_mou_le_caillou"}),
    ("pardon madame linotte", {"kind": "pari_oiseau", "number": 1}),
    ("beau sirop chut", {"kind": "beau_sirop"}),
    ("qui a le jarret tout bas", {"kind": "qui_a", "item": "jarret"}),
])
def test_belgian_and_whispered_wrappers_leave_the_call(matcher, said, meant):
    assert _read(matcher, said) == meant


def test_a_whispered_cul_is_the_cul(matcher):
    assert _read(matcher, "doucement trois pour le cul", _cul_awaited("Perceval")) == {"kind": "cul", "dice": (3,)}


@pytest.mark.parametrize("said", [
    "tu sais que la linotte c'est un oiseau",      # « tu sais que … »: talk, no question to the scribe
    "doucement avec le sirop il est fort",         # a syrup to drink
    "pardon madame je vous ai réveillée",
])
def test_the_wrappers_alone_make_no_call(matcher, said):
    assert _read(matcher, said) is None


@pytest.mark.parametrize("said,dice", [
    ("quatre trois quatre pardon madame", (4, 3, 4)),    # the apology to a stranger takes nothing back
    ("deux et cinq pardon monsieur", (2, 5)),
    ("six et quatre non peut-être qu'elles sont belles", (6, 4)),   # « of course », no denial
    ("cinq cinq un non peut-être regardez-moi ça", (5, 5, 1)),
])
def test_an_apology_or_a_belgian_yes_after_the_throw_leaves_the_throw(matcher, said, dice):
    from test_understand_throws_in_context import _chouettes_awaited
    kind = "chouettes" if len(dice) == 2 else "des"
    assert _read(matcher, said, _chouettes_awaited("Perceval")) == {"kind": kind, "dice": dice}


def test_pardon_before_other_faces_still_takes_the_first_back(matcher):
    from test_understand_throws_in_context import _chouettes_awaited
    assert _read(matcher, "trois quatre pardon trois cinq", _chouettes_awaited("Perceval")) == {
        "kind": "chouettes", "dice": (3, 5)}
