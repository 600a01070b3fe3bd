"""Eleventh round: a call's own word is never a misheard rival, the name said to a player is the target of
the call said to him, an elided letter is no number, and « … et un » counts a die whatever follows.

Patterns by class, written for these tests (not taken from the corpus); each is checked over several calls.
"""

from __future__ import annotations

import pytest

from voice_scribe.engine.calls import CallKind
from voice_scribe.understand.alignment import rival_words
from voice_scribe.understand.normalize import token_pairs

SPEAKER = "Karadoc"


def _read(matcher, said, speaker=SPEAKER):
    u = matcher.understand(said, speaker=speaker)
    assert u.accepted, (said, u.to_json())
    return u.call or u.command


def _two_word_siblings(matcher) -> list[tuple[str, CallKind]]:
    """Calls of two plain words sharing their first word with another such call (« sirop gagnant »,
    « sirop jeannot », « sirop grelot »): each the other's rival."""
    by_first: dict[str, set[tuple[str, CallKind]]] = {}
    for t in matcher.grammar.templates:
        words = [tok.word for tok in t.toks if tok.kind == "word"]
        if isinstance(t.target, CallKind) and len(t.toks) == 2 and len(words) == 2 and len(words[1]) > 3:
            by_first.setdefault(words[0], set()).add((t.text, t.target))
    return sorted(p for group in by_first.values() if len({k for _, k in group}) > 1 for p in group)


def test_rival_words_are_the_words_of_another_meaning_after_the_same_word(matcher):
    rivals = rival_words(matcher.grammar.templates)
    assert {"gagnant", "grelot"} <= rivals["jeannot"]
    assert "jeannot" in rivals["gagnant"]
    # one meaning said two ways (« annule la dernière annonce | décision ») is no rivalry
    assert "decision" not in rivals.get("annonce", frozenset())


def test_there_are_sibling_calls_to_check(matcher):
    assert len(_two_word_siblings(matcher)) >= 6


@pytest.mark.parametrize("tail", ["pour karadoc", "à karadoc", "pour moi karadoc"])
def test_a_sibling_call_said_with_the_speakers_name_is_never_its_rival(matcher, tail):
    """« sirop gagnant pour Karadoc » was read as « sirop jeannot à Karadoc »: the other call's own word."""
    for phrase, kind in _two_word_siblings(matcher):
        u = matcher.understand(f"{phrase} {tail}", speaker=SPEAKER)
        if u.accepted:
            assert (u.call or u.command).kind is kind, (phrase, tail, u.to_json())


@pytest.mark.parametrize("call,kind", [
    ("artichette", CallKind.ARTICHETTE), ("lance civet filoché", CallKind.LANCE_CIVET_FILOCHE),
    ("quichage", CallKind.QUICHAGE), ("lance civet", CallKind.LANCE_CIVET),
])
@pytest.mark.parametrize("remark", ["t'as dormi", ""])
def test_the_player_named_before_a_call_said_to_him_is_its_target(matcher, call, kind, remark):
    """« Léodagan, artichette, t'as dormi ! » said by Karadoc: Léodagan's Artichette, even with a remark
    between the call and where the name would stand."""
    got = _read(matcher, f"léodagan {call} {remark}".strip())
    assert got.kind is kind and got.target == "Léodagan", got


def test_the_speakers_own_name_before_his_call_is_not_its_target(matcher):
    got = _read(matcher, "karadoc artichette t'as dormi")
    assert got.kind is CallKind.ARTICHETTE and got.target != "Karadoc", got


def test_a_name_before_a_call_without_target_stays_no_target(matcher):
    got = _read(matcher, "léodagan pas mou le caillou")
    assert got.kind is CallKind.PAS_MOU_LE_CAILLOU and got.target is None, got


@pytest.mark.parametrize("said", ["civet filoché sur perceval trente sur une velute",
                                  "civet filoché à perceval de trente sur une velute",
                                  "civet-filoché contre perceval trente points sur une velute"])
def test_a_civet_filoche_with_its_target_named_first(matcher, said):
    got = _read(matcher, said)
    assert (got.kind, got.target, got.number, got.combination) == (CallKind.CIVET_FILOCHE, "Perceval", 30, "velute")


@pytest.mark.parametrize("word", ["chums", "chuns", "jhun"])
def test_an_elided_letter_glued_to_a_number_sound_is_no_number(matcher, word):
    """« les chums » (Québécois: the friends) was read « c' » + « un »: three dice out of two. Only « d' » and
    « l' » elide before a number."""
    assert not any(u.is_number for u in matcher.words.canonical(token_pairs(word)))
    got = _read(matcher, f"six et six les {word}")
    assert got.dice == (6, 6), got


@pytest.mark.parametrize("remark", ["désolé", "ouf", "pardon", "oups"])
def test_a_die_counted_after_et_is_a_die_whatever_follows(matcher, remark):
    """« correction cinq quatre et un, désolé »: « un » after « … et » is the last die, not an article."""
    got = _read(matcher, f"correction cinq quatre et un {remark}")
    assert got.dice == (5, 4, 1), got
