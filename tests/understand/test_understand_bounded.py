"""Bounded work: inputs longer than any call are refused up front, with a French reason."""

from __future__ import annotations

from voice_scribe.understand import ResultKind
from voice_scribe.understand.numbers import spell


def test_understand_ten_kilobytes_of_number_words_is_rejected(matcher):
    text = " ".join(spell(n) for n in range(100, 999))[:10_240]
    u = matcher.understand(text, speaker="Karadoc")
    assert u.kind is ResultKind.REJECTED
    assert "trop longue" in u.reason and "caractères" in u.reason
    assert u.speaker == "Karadoc"


def test_understand_too_many_words_is_rejected(matcher):
    u = matcher.understand("pas mou le caillou " * 11)  # 44 words, under the character cap
    assert u.kind is ResultKind.REJECTED and "44 mots" in u.reason


def test_understand_long_number_run_is_not_a_stake(matcher):
    """A run of number words longer than any French number is not read as one."""
    u = matcher.understand("civet de " + "trois " * 30 + "sur une chouette", speaker="Karadoc")
    assert u.kind is ResultKind.REJECTED and "nombre" in u.reason


def test_understand_call_with_fillers_is_under_the_caps(matcher):
    text = "euh alors Karadoc oui oui fort heureusement je tiens à préciser que l'incident n'a fait aucune victime voilà"
    u = matcher.understand(text)
    assert u.kind is ResultKind.CALL, u.to_json()
