"""A call said first, then talk that starts with small words and names the game's things later (seventeenth
round): :func:`voice_scribe.understand.talk_after.first_run_end`.

« salsifi et ma main sur la table … »: the talk's « et », « ma », « sur », « la » hold nothing, so the call ends
after its first run of words, though « main », « table » are words of other calls. Patterns written for these
tests (not the corpus's lines): each talk after several calls, and each guard on talk about the call.
"""

from __future__ import annotations

import pytest

from test_understand_restarts import said_reading
from test_understand_throws_in_context import _chouettes_awaited
from voice_scribe.understand.talk_after import first_run_end

SPEAKER = "Karadoc"
CALLS = [
    ("salsifi", {"kind": "salsifi"}),
    ("sirop gagnant", {"kind": "sirop_gagnant"}),
    ("zbradaraldjan", {"kind": "zbradaraldjan"}),
    ("raitournelle", {"kind": "raitournelle"}),
    ("sloubi réussi", {"kind": "sloubi_reussi"}),
]
#: Talk that opens with a clause of its own and names a call's word further on (« table », « main », « jarret »)
TALK = [
    "et ma main sur la table le prouve",
    "et je vous mets tous au défi de faire mieux",
    "et sans me vanter je le sentais venir depuis le début",
    "et toc la main est plus rapide que vos yeux",
]


def _read(matcher, said, table=None):
    return said_reading(matcher, said, table, speaker=SPEAKER)


@pytest.mark.parametrize("call,meant", CALLS)
@pytest.mark.parametrize("talk", TALK)
def test_a_call_then_a_clause_that_names_the_games_things_reads_as_the_call(matcher, call, meant, talk):
    assert _read(matcher, f"{call} {talk}") == meant


@pytest.mark.parametrize("said", [
    "pélican et cormoran sont des oiseaux de mer",           # « et » lists another noun: talk about the name
    "artichette et velute je les confonds toujours",
    "excalibur et les chevaliers de la table ronde",
    "raitournelle mais il faut la dire avant les autres",     # « mais »: talk about the call's rule
    "bergeronnette on dirait un prénom de grand-mère",        # « on dirait »: about the word itself
    "alouette gentille alouette je te plumerai",               # the key word again after other words: a song
    "excalibur le film était long",                           # the past tense: a story
])
def test_talk_about_the_call_said_first_is_no_call(matcher, said):
    assert _read(matcher, said) is None


@pytest.mark.parametrize("said", [
    "on reprend je sens que la chance tourne",
    "bon allez on reprend je sens que la table est chaude",
])
def test_no_command_is_taken_after_the_first_run_only(matcher, said):
    # a command's cut stays where :func:`cuts` puts it; the first run's cut is for calls
    assert _read(matcher, said) is None


def test_a_number_or_a_name_in_the_talk_keeps_the_call_whole(matcher):
    holds = matcher._holds
    pairs = [(w, w) for w in "grelottine et je vise perceval".split()]
    assert first_run_end(pairs, holds) is None  # the target said later belongs to the call
    pairs = [(w, w) for w in "un un deux un coup de chance".split()]
    assert first_run_end(pairs, holds) == 3  # three faces said: the « un » after them is the talk's article


def test_the_first_run_cut_is_after_the_calls_own_words(matcher):
    pairs = [(w, w) for w in "sirop gagnant et sans me vanter".split()]
    assert first_run_end(pairs, matcher._holds) == 2


def test_a_throw_then_such_talk_stays_a_throw_at_its_moment(matcher):
    assert _read(matcher, "cinq deux et ma main sur la table", _chouettes_awaited(SPEAKER)) == {
        "kind": "chouettes", "dice": (5, 2)}


@pytest.mark.parametrize("said,dice", [
    ("cinq cinq trois la chance n'est pas de mon côté", (5, 5, 3)),    # « la » first in the talk: an article
    ("deux et cinq des chiffres d'une tristesse rare", (2, 5)),          # faces joined by « et », then talk
    ("six quatre deux une jolie descente", (6, 4, 2)),                   # « une » before a noun: an article
    ("quatre trois un bien joué moi", (4, 3, 1)),                        # « un » right after faces: a face
])
def test_faces_then_a_remark_after_them_are_the_throw_at_its_moment(matcher, said, dice):
    kind = "chouettes" if len(dice) == 2 else "des"
    assert _read(matcher, said, _chouettes_awaited(SPEAKER)) == {"kind": kind, "dice": dice}


def test_no_fourth_die_is_read_from_an_article(matcher):
    # « un un deux | un coup de chance »: three faces said, the « un » after them opens the talk
    assert _read(matcher, "un un deux un coup de chance", _chouettes_awaited(SPEAKER)) != {"kind": "des", "dice": (1, 2, 1)}


def test_a_yes_then_c_est_after_the_call_answers_about_it(matcher):
    assert _read(matcher, "à kadoc oui c'est un hommage à mon oncle") is None
