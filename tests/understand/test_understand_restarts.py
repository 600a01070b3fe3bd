"""A word broken off and said again (seventeenth round): :mod:`voice_scribe.understand.restarts`.

A hiccup, a yawn, the train braking: the speaker stops in the middle of a word, says « hic », « pardon »,
« euh », then says it whole, often with the words that led to it. Patterns written for these tests (not the
corpus's lines); each break is tried in several calls, and each guard on words that only look broken off.
"""

from __future__ import annotations

import pytest

from test_understand_throws_in_context import _chouettes_awaited, _cul_awaited
from voice_scribe.understand.normalize import tokens
from voice_scribe.understand.restarts import restarted, said_again

BETWEEN = ["hic pardon", "pardon", "euh", "oups pardon hein"]


def said_reading(matcher, said, table=None, speaker="Karadoc"):
    """What ``said`` is read as (its kind and arguments), None when not accepted (shared by this round's tests)."""
    u = matcher.understand(said, speaker=speaker, table=table)
    if not u.accepted:
        return None
    thing = u.call or u.command
    out = {"kind": thing.kind.value}
    for name in ("target", "dice", "number", "item", "rule"):
        if getattr(thing, name, None) is not None:
            out[name] = getattr(thing, name)
    return out


_read = said_reading


@pytest.mark.parametrize("between", BETWEEN)
@pytest.mark.parametrize("said,meant", [
    ("pas mou le cail {} le caillou", {"kind": "pas_mou_le_caillou"}),
    ("grelotte ça pic {} ça picote", {"kind": "grelotte_ca_picote"}),
    ("qui a la grelo {} la grelottine", {"kind": "qui_a", "item": "grelottine"}),
    ("je siro {} je sirote", {"kind": "je_sirote"}),
    ("sirop jean {} sirop jeannot perceval", {"kind": "sirop_jeannot", "target": "Perceval"}),
])
def test_a_word_broken_off_then_said_whole_reads_as_said_whole(matcher, said, meant, between):
    assert _read(matcher, said.format(between)) == meant


@pytest.mark.parametrize("said,dice", [
    ("six et qua hic pardon six et quatre", (6, 4)),
    ("trois cin pardon cinq", (3, 5)),
])
def test_faces_broken_off_then_said_again_are_the_throw_at_its_moment(matcher, said, dice):
    assert _read(matcher, said, _chouettes_awaited()) == {"kind": "chouettes", "dice": dice}


def test_a_cul_broken_off_then_said_again_is_the_cul(matcher):
    assert _read(matcher, "le cul fait qua hic pardon quatre", _cul_awaited()) == {"kind": "cul", "dice": (4,)}


def test_the_rewrite_drops_the_lead_said_again():
    known = set("qui a la grelottine pas mou le caillou".split()).__contains__
    assert restarted(tokens("qui a la grelo hic pardon la grelottine"), known) == tokens("qui a la grelottine")
    assert restarted(tokens("pas mou le cai le caillou"), known) == tokens("pas mou le caillou")


@pytest.mark.parametrize("said", [
    "la lance",                       # nothing between: a stutter's business, not a restart
    "si je sirote et que je rate",    # « si »: a small word of French, no word broken off
    "si et six",                      # « si » sounds as « six »: misheard, not broken off
    "ci vet de cinquante",            # half of « civet » split in two
])
def test_words_that_only_look_broken_off_are_left_as_said(matcher, said):
    assert restarted(tokens(said), matcher._knows) is None


def test_a_broken_word_is_never_read_as_another_call(matcher):
    # the word said whole decides: « linot… pardon, fauvette » is a fauvette, never a linotte
    assert _read(matcher, "lino hic pardon fauvette") in (None, {"kind": "pari_oiseau", "number": 3})
    assert _read(matcher, "je mise sur la lino pardon la linotte") == {"kind": "pari_oiseau", "number": 1}


# -- the call said again after an aside (« deux six, pardon monsieur, deux six ») ------------------------------

ASIDES = ["pardon monsieur", "chut", "vous entendez pas", "doucement là"]


@pytest.mark.parametrize("aside", ASIDES)
@pytest.mark.parametrize("said,dice", [("quatre trois", (4, 3)), ("cinq et un", (5, 1))])
def test_faces_whispered_then_said_again_are_the_throw(matcher, said, dice, aside):
    assert _read(matcher, f"{said} {aside} {said}", _chouettes_awaited()) == {"kind": "chouettes", "dice": dice}


@pytest.mark.parametrize("aside", ASIDES)
def test_a_three_dice_throw_said_again_after_an_aside(matcher, aside):
    assert _read(matcher, f"six trois deux {aside} six trois deux", _chouettes_awaited()) == {
        "kind": "des", "dice": (6, 3, 2)}


@pytest.mark.parametrize("aside", ASIDES)
@pytest.mark.parametrize("said,meant", [
    ("qui est en tête", {"kind": "qui_mene"}),
    ("le cul fait cinq", {"kind": "cul", "dice": (5,)}),
])
def test_a_call_said_again_after_an_aside(matcher, said, meant, aside):
    from test_understand_throws_in_context import _cul_awaited
    assert _read(matcher, f"{said} {aside} {said}", _cul_awaited()) == meant


@pytest.mark.parametrize("said", [
    "trois quatre trois",                  # faces said between faces: a throw of three dice, no aside
    "cinq et cinq",                        # two dice joined, not one die said twice
    "jarret souple je garde le jarret",    # « souple … garde »: talk, no aside
    "la grelottine ouais qui l a la grelottine",   # a question between: talk of its own
    "double deux c etait double deux",     # a story between
    "deux six deux six",                   # faces said twice in a row: maybe four dice, left as said
])
def test_words_between_that_are_no_aside_leave_the_sentence_as_said(matcher, said):
    assert said_again(tokens(said), matcher._holds) is None


def test_what_was_read_right_as_said_is_not_read_again(matcher):
    # the sentence read whole first: said again only when it reads as nothing (« trois quatre trois » stays)
    assert _read(matcher, "trois quatre trois", _chouettes_awaited()) == {"kind": "des", "dice": (3, 4, 3)}


# -- one die awaited, its face said several times (« six six », « trois trois, ouais, le cul fait trois ») -----

@pytest.mark.parametrize("said,face", [
    ("cinq cinq", 5), ("un chut un", 1), ("quatre quatre ouais le cul fait quatre", 4), ("trois trois au cul trois", 3),
])
def test_the_cul_said_several_times_is_the_cul(matcher, said, face):
    assert _read(matcher, said, _cul_awaited()) == {"kind": "cul", "dice": (face,)}


def test_the_chouettes_pair_said_again_is_not_taken_for_the_cul(matcher):
    from voice_scribe.engine.calls import Call, CallKind
    game = _chouettes_awaited()
    game.apply(Call(CallKind.CHOUETTES, "Karadoc", 1.0, dice=(6, 6)))
    assert _read(matcher, "six six", game) is None or _read(matcher, "six six", game)["dice"] != (6,)


def test_faces_said_several_times_at_the_chouettes_stay_the_chouettes(matcher):
    assert _read(matcher, "cinq cinq", _chouettes_awaited()) == {"kind": "chouettes", "dice": (5, 5)}
