"""A wrong key word is never accepted, by class (issue 15).

Free decoding and sound-alike spellings can land on *another* call (another bird, another Jarret, another
number). Each rule here is one class: a key word heard but not in a phrase, a phrase that sounds as much like
two calls, a small word « de » that is the misheard end of a number. The answer is a question or a refusal,
never the other call.
"""

from __future__ import annotations

import pytest
from seed_facts import SEED_CALLS

from voice_scribe.understand import ResultKind
from voice_scribe.understand.numbers import spell

SPEAKER = "Karadoc"
#: key words of other calls (a bird, a combination, a call's own name), put into every seed announcement
OTHER_KEY_WORDS = ("filoché", "mouette", "velute", "jarret", "grelottine")


def _reading(u):
    thing = u.call or u.command
    return (thing.kind, getattr(thing, "number", None), getattr(thing, "combination", None), getattr(thing, "target", None))


_INSERTS = [
    (a, w) for a in SEED_CALLS for w in OTHER_KEY_WORDS if w not in a.text.lower() and len(a.text.split()) >= 2
]


@pytest.mark.parametrize("a,word", _INSERTS, ids=[f"{a.text}|{w}" for a, w in _INSERTS])
def test_a_key_word_of_another_call_inside_a_phrase_is_not_dropped(matcher, a, word):
    clean = matcher.understand(a.text, speaker=SPEAKER)
    assert clean.accepted
    words = a.text.split()
    said = " ".join([*words[:-1], word, words[-1]])
    u = matcher.understand(said, speaker=SPEAKER)
    assert not (u.accepted and _reading(u) == _reading(clean)), (said, u.to_json())


def test_launching_a_filoche_civet_is_not_launching_a_civet(matcher):
    u = matcher.understand("je te lance mon civet filoché Perceval", speaker=SPEAKER)
    assert u.kind is ResultKind.CALL and u.call.kind.value == "lance_civet_filoche" and u.call.target == "Perceval"


@pytest.mark.parametrize(
    "heard,not_this",
    [
        ("j'arrête", "bjarret"),  # as close to charret (and to « on arrête ») as to bjarret
        ("bé jarret", "bi_jarret"),  # its sound is between bjarret's and bi-jarret's; by its words, one word guessed
        ("bizarre et", "bi_jarret"),  # one sound from bi-jarret, one more from bjarret: the ear cannot tell
    ],
)
def test_a_sound_as_close_to_two_calls_is_not_one_of_them(matcher, heard, not_this):
    u = matcher.understand(heard, speaker=SPEAKER)
    assert not (u.kind is ResultKind.CALL and u.call.kind.value == not_this), u.to_json()


def test_a_sound_close_to_one_call_only_is_still_read(matcher):
    for heard, kind in (("lit note", "pari_oiseau"), ("une hisse on", "unisson"), ("mou et te", "pari_oiseau")):
        u = matcher.understand(heard, speaker=SPEAKER)
        assert u.kind is ResultKind.CALL and u.call.kind.value == kind, (heard, u.to_json())


def test_the_sound_of_a_phrase_with_a_player_in_it(matcher):
    u = matcher.understand("pas ce grelot Perceval", speaker=SPEAKER)
    assert u.kind is ResultKind.CALL and u.call.kind.value == "passe_grelot" and u.call.target == "Perceval", u.to_json()


@pytest.mark.parametrize(
    "heard", ["civet de sang deux sur un cul de chouette", "civet de cent de sur un cul de chouette"]
)
def test_the_sound_of_a_phrase_never_changes_a_number(matcher, heard):
    """A sound changed beside a number may be part of it: read by sound, the number would be another one."""
    u = matcher.understand(heard, speaker=SPEAKER)
    assert not (u.accepted and u.call.number in (2, 100)), u.to_json()


@pytest.mark.parametrize("n", [3, 300])
def test_de_after_a_number_is_its_misheard_end_not_a_small_word(matcher, n):
    u = matcher.understand(f"civet de {spell(n)} de sur une chouette", speaker=SPEAKER)
    assert not u.accepted, u.to_json()
    u = matcher.understand(f"civet de {spell(n)} sur une chouette", speaker=SPEAKER)
    assert u.accepted and u.call.number == n


@pytest.mark.parametrize("n", [20, 40, 100])
def test_de_after_the_tens_is_their_unit_deux(matcher, n):
    """« quarante de », « cent de »: after a ten or a hundred, « de » is the « deux » that ends the number."""
    u = matcher.understand(f"civet de {spell(n)} de sur une chouette", speaker=SPEAKER)
    assert u.accepted and u.call.number == n + 2, u.to_json()


@pytest.mark.parametrize("dice", ["six cinq", "deux trois", "un un"])
def test_de_after_two_dice_is_not_two_dice(matcher, dice):
    u = matcher.understand(f"{dice} de", speaker=SPEAKER)
    assert not (u.accepted and u.call.kind.value == "chouettes"), u.to_json()


def test_de_before_a_number_is_still_a_small_word(matcher):
    for said, number in (("michette de trois", 3), ("je relance de quinze", 15), ("quichette de zéro", 0)):
        u = matcher.understand(said, speaker=SPEAKER)
        assert u.kind is ResultKind.CALL and u.call.number == number, (said, u.to_json())


def test_a_small_word_is_not_a_misheard_call_word(matcher):
    """A small word heard (« et ») never stands for a call's word (« lance », « dé »): the call's word counts as
    missing and the small word as extra (« hein et scie » is not « dé six »)."""
    heard = matcher.canonical(["et", "civet", "perceval"])
    template = next(t for t in matcher.grammar.templates if t.text.startswith("lance civet"))
    lance = template.toks[0]
    assert lance.word == "lance"
    assert matcher.aligner.sub_cost(lance, heard[0], False) == float("inf")
    assert matcher.aligner.sub_cost(lance, matcher.canonical(["lance"])[0], False) == 0


@pytest.mark.parametrize("said,number", [
    ("cul de chouette pour douche", 12),  # a real word next to « pour »: one number only sounds that close
    ("bichette de trois sans quarante deux", 342),  # « sans » between two numbers is « cent »
])
def test_a_word_for_a_number_where_a_number_is_said(matcher, said, number):
    u = matcher.understand(said, speaker=SPEAKER)
    assert u.kind is ResultKind.CALL and u.call.number == number, u.to_json()


@pytest.mark.parametrize("said", [
    "cul de chouette pour doux",  # as close to « dix » as to « douze »: not read
    "je suis doux",  # no number said here
    "civet de vingt sur un cul de chouette sans sirotage",  # « sans » not between numbers
])
def test_no_number_read_by_sound_when_unsure_or_out_of_place(matcher, said):
    u = matcher.understand(said, speaker=SPEAKER)
    assert not (u.call and u.call.number in (10, 12, 100, 120)), u.to_json()
    assert "doux" not in said or not u.accepted


@pytest.mark.parametrize("said,kind,dice", [
    ("cadre et cadre", "chouettes", (4, 4)),
    ("cadre cadre de", "des", (4, 4, 2)),  # a final « de » in a throw said alone is « deux »
    ("six cinq de", "des", (6, 5, 2)),
])
def test_a_throw_said_alone_in_words_that_sound_like_numbers(matcher, said, kind, dice):
    u = matcher.understand(said, speaker=SPEAKER)
    assert u.kind is ResultKind.CALL and (u.call.kind.value, u.call.dice) == (kind, dice), u.to_json()


@pytest.mark.parametrize("said", ["cadre et tableau", "le cadre est beau"])
def test_words_that_sound_like_numbers_beside_other_words_are_not_a_throw(matcher, said):
    u = matcher.understand(said, speaker=SPEAKER)
    assert not (u.call and u.call.dice), u.to_json()


def test_a_sound_only_missing_from_what_was_heard_is_no_doubt(matcher):
    """« quiche et de » lacks quichette's t and contradicts none of its sounds: read, not asked."""
    u = matcher.understand("quiche et de quarante-cinq", speaker=SPEAKER)
    assert u.kind is ResultKind.CALL and u.call.kind.value == "quichette" and u.call.number == 45, u.to_json()


# ── the die noun « dé » is not the small word « de » ──


def test_the_die_noun_is_a_word_of_its_own():
    from voice_scribe.understand.normalize import tokens

    assert tokens("le dé du sirop") == ["le", "dé", "du", "sirop"]
    assert tokens("les dés") == ["les", "dés"]
    assert tokens("chouette de quatre") == ["chouette", "de", "quatre"]
    assert tokens("le de") == ["le", "de"]  # written without its accent, only its sound says « dé »


@pytest.mark.parametrize(
    "said",
    ["il fait un six le dé", "ça fait un six le dé", "j'ai fait un trois avec le dé", "un cinq au dé"],
)
def test_a_throw_named_after_by_the_die_is_never_two_dice(matcher, said):
    """« un six le dé »: « un » is an article before the one die named; never the chouettes one-six."""
    u = matcher.understand(said, speaker=SPEAKER)
    assert not (u.kind is ResultKind.CALL and u.call.kind.value == "chouettes"), u.to_json()


@pytest.mark.parametrize("said,face", [("j'ai fait un trois avec le dé", 3), ("un cinq au dé", 5), ("le dé cinq", 5)])
def test_the_die_named_reads_one_die(matcher, said, face):
    u = matcher.understand(said, speaker=SPEAKER)
    assert u.kind is ResultKind.CALL and u.call.kind.value == "de" and u.call.dice == (face,), u.to_json()


@pytest.mark.parametrize("said,dice", [("six", (6,)), ("dé quatre", (4,)), ("les dés deux trois cinq", (2, 3, 5))])
def test_dice_said_without_the_noun_or_with_it_unchanged(matcher, said, dice):
    u = matcher.understand(said, speaker=SPEAKER)
    assert u.kind is ResultKind.CALL and u.call.dice == dice, u.to_json()


@pytest.mark.parametrize("said,dice", [("j'ai un trois et un quatre", (3, 4)), ("ça fait un six et un deux", (6, 2))])
def test_each_die_with_its_article_is_the_roller_s_two_dice(matcher, said, dice):
    u = matcher.understand(said, speaker=SPEAKER)
    assert u.kind is ResultKind.CALL and u.call.kind.value == "chouettes" and u.call.dice == dice, u.to_json()


def test_the_sirop_taken_by_a_pronoun(matcher):
    u = matcher.understand("je le sirote", speaker=SPEAKER)
    assert u.kind is ResultKind.CALL and u.call.kind.value == "je_sirote", u.to_json()
