"""Robustness by class: every seed announcement, damaged one way at a time, keeps its reading.

The announcements come from the seed facts (``data/seed_announcements.toml``);
each damage is a class of what a recogniser or a player does to a shout, applied
the same way to all of them — not a list of examples.
"""

from __future__ import annotations

import pytest
from seed_facts import SEED_CALLS

from voice_scribe.understand import ResultKind
from voice_scribe.understand.normalize import tokens


SPEAKER = "Karadoc"


def reading(u):
    if not u.accepted:
        return (u.kind, None)
    thing = u.call or u.command
    return (u.kind, thing.kind, getattr(thing, "number", None), getattr(thing, "combination", None),
            getattr(thing, "target", None), getattr(thing, "max_stake", None))


def _first_word_twice(text: str) -> str:
    words = text.split()
    return " ".join([words[0], *words]) if not tokens(words[0])[0].isdigit() else text


DAMAGES = {
    "filler before": lambda t: f"euh {t}",
    "encouragement before": lambda t: f"allez {t}",
    "filler after": lambda t: f"{t} oui",
    "own name before": lambda t: f"{SPEAKER}, {t}",
    "own name after": lambda t: f"{t} {SPEAKER}",
    "speaker introduces himself": lambda t: f"c'est {SPEAKER} {t}",
    "first word said twice": _first_word_twice,
    "shouted (punctuation, capitals)": lambda t: f"{t.upper()} !!!",
}
#: a number said in digits cannot be said twice in words
_CASES = [(a, name) for a in SEED_CALLS for name in DAMAGES]


@pytest.mark.parametrize("a,damage", _CASES, ids=[f"{a.text}|{d}" for a, d in _CASES])
def test_damage_class_keeps_the_reading(matcher, a, damage):
    clean = matcher.understand(a.text, speaker=SPEAKER)
    assert clean.accepted
    damaged = DAMAGES[damage](a.text)
    u = matcher.understand(damaged, speaker=SPEAKER)
    assert reading(u) == reading(clean), (damaged, u.to_json())


BIRDS = ["linotte", "alouette", "fauvette", "mouette", "bergeronnette", "chouette"]


@pytest.mark.parametrize("said", BIRDS)
def test_a_bird_is_never_read_as_another(matcher, said):
    for phrase in (f"{said}", f"je mise sur la {said}", f"{said} pour moi", f"euh {said}"):
        u = matcher.understand(phrase, speaker=SPEAKER)
        assert u.kind is ResultKind.CALL and u.call.number == BIRDS.index(said) + 1, (phrase, u.to_json())


@pytest.mark.parametrize(
    "said,combination",
    [("chouette", "chouette"), ("velute", "velute"), ("chouette velute", "chouette_velute"), ("suite", "suite"),
     ("néant", "neant"), ("cul de chouette", "cul_de_chouette")],
)
def test_a_combination_is_never_read_as_another(matcher, said, combination):
    u = matcher.understand(f"civet de vingt sur une {said}", speaker=SPEAKER)
    assert u.kind is ResultKind.CALL and u.call.combination == combination, u.to_json()


@pytest.mark.parametrize(
    "text",
    [
        "quelle bévue mon pauvre",
        "t'as vu la chouette sur le toit",
        "il a dit linotte ou pas",
        "passe moi les dés",
        "ma grand mère faisait des flans",
        "j'adore le civet de lapin",
        "le sirop de grenadine est fini",
        "pas mou du tout ce matelas",
        "encore un pélican sur la plage",
    ],
)
def test_chatter_in_the_games_words_stays_rejected(matcher, text):
    u = matcher.understand(text, speaker=SPEAKER)
    assert not u.accepted, u.to_json()


@pytest.mark.parametrize(
    "text,kind",
    [
        ("je fais mi jarret", "mi_jarret"),
        ("jarret souple je le garde", "jarret_souple"),
        ("mécréant pour moi", "mecreant"),
        ("pas mou pas mou le caillou", "pas_mou_le_caillou"),
        ("pamou le caillou", "pas_mou_le_caillou"),
        ("lit note", "pari_oiseau"),
        ("pelle i camp", "pelican"),
    ],
)
def test_commentary_splits_and_free_decoding(matcher, text, kind):
    u = matcher.understand(text, speaker=SPEAKER)
    assert u.accepted and (u.call or u.command).kind.value == kind, u.to_json()


def test_own_name_after_a_word_that_introduces_an_argument_is_the_argument(matcher):
    """« … pour Karadoc » said by Karadoc names the call's target; « … , Karadoc » is his signature."""
    text = "civet filoché de vingt sur une velute pour karadoc"
    u = matcher.understand(text, speaker=SPEAKER)
    assert u.accepted and u.call.target == SPEAKER and u.call.number == 20, u.to_json()
    signed = matcher.understand("pas mou le caillou karadoc", speaker=SPEAKER)
    assert signed.accepted and signed.call.target is None, signed.to_json()
