"""A sentence *about* a call is not the call (issue 15, chatter by class).

Table talk is full of the game's words: a call reported (« il a dit … »), told of another time (« hier il a
fait … », « il avait fait … »), denied (« j'ai pas de … », « il a pas dit … ») or asked about (« pourquoi … »,
« qu'est-ce que … »). Every seed announcement is put in each of these openings: none is read as the call.
A phrase of the grammar that opens that way (« t'as dit quoi »), and a question to the scribe after an asking
opening, are still read.
"""

from __future__ import annotations

import pytest
from seed_facts import SEED_CALLS

from voice_scribe.understand import ResultKind

SPEAKER = "Karadoc"
OPENINGS = (
    "il a dit",
    "t'as crié",
    "elle aurait annoncé",
    "hier il a fait",
    "la dernière fois on a dit",
    "tu te souviens il avait fait",
    "il avait dit",
    "il a eu",
    "il fallait dire",
    "il a fait",
    "elle a encore fait",
    "j'aurais dit",
    "j'ai pas de",
    "il a pas fait",
    "je n'ai jamais dit",
    "pourquoi",
    "qu'est-ce que",
)
REMARKS = ("c'est quand", "c'était comment", "ça veut dire quoi", "mon oeil")
#: (sentence around the call, with « {} » where the call is said, the seed announcement)
_CASES = [(f"{o} {{}}", a) for o in OPENINGS for a in SEED_CALLS[::3]] + [
    (f"{{}} {r}", a) for r in REMARKS for a in SEED_CALLS[1::3]
]


@pytest.mark.parametrize("sentence,a", _CASES, ids=[s.format(a.text) for s, a in _CASES])
def test_a_call_inside_a_sentence_about_it_is_not_read(matcher, sentence, a):
    assert matcher.understand(a.text, speaker=SPEAKER).accepted
    said = sentence.format(a.text)
    u = matcher.understand(said, speaker=SPEAKER)
    assert not (u.kind is ResultKind.CALL and u.call.kind is a.kind), (said, u.to_json())


@pytest.mark.parametrize(
    "said",
    ["il a dit grelottine", "grelottine c'est quand", "il a eu une velute", "j'ai pas de chouette velute",
     "hier il a fait pas mou le caillou"],
)
def test_the_refusal_says_why(matcher, said):
    u = matcher.understand(said, speaker=SPEAKER)
    assert u.kind is ResultKind.REJECTED and "on parle d'une annonce" in u.reason, u.to_json()


@pytest.mark.parametrize(
    "said,kind",
    [
        ("t'as dit quoi répète", "repete"),  # a phrase of the grammar opening with « t'as dit »
        ("pourquoi c'est quoi le score", "scores"),  # a question to the scribe after an asking opening
        ("j'ai pas entendu répète", "repete"),  # not heard is not denied
        ("il a bafouillé sloubi raté", "sloubi_rate"),  # any other verb: the call is said after it
        ("je ne mange pas de graines", "graines"),  # a call that is itself a negation
        ("suivant c'est à toi", "suivant"),  # « c'est » after a call, no question word: the call's own words
        ("j'ai fait trois et quatre", "chouettes"),  # the roller's own throw, not another's
    ],
)
def test_phrases_that_open_so_are_still_read(matcher, said, kind):
    u = matcher.understand(said, speaker=SPEAKER)
    assert u.accepted and (u.call or u.command).kind.value == kind, u.to_json()


def test_the_openings_docstring_examples_hold():
    import doctest

    from voice_scribe.understand import asking, by_structure, sentence_frames

    results = [doctest.testmod(module) for module in (sentence_frames, asking, by_structure)]
    assert results[0].attempted >= 4 and sum(r.attempted for r in results) >= 9
    assert all(r.failed == 0 for r in results)


# ── table control said last, after its reason ──

REASONS = ("c'est pas valable", "attendez deux minutes", "le score est faux", "j'ai rien compris")
CONTROL = (("annule", "annule"), ("on fait une pause", "pause"), ("répète", "repete"), ("on reprend", "reprends"))
_CONTROL_CASES = [(r, c, k) for r in REASONS for c, k in CONTROL]


@pytest.mark.parametrize("reason,said,kind", _CONTROL_CASES, ids=[f"{r}|{c}" for r, c, _ in _CONTROL_CASES])
def test_table_control_after_its_reason_is_read(matcher, reason, said, kind):
    assert matcher.understand(said, speaker=SPEAKER).command.kind.value == kind
    u = matcher.understand(f"{reason} {said}", speaker=SPEAKER)
    assert u.kind is ResultKind.COMMAND and u.command.kind.value == kind, u.to_json()


@pytest.mark.parametrize(
    "said",
    ["ce n'est pas annule", "il veut pas de pause", "il ne fait jamais pause", "tu veux une pause", "pourquoi pause",
     "si tu fais pause", "ça veut dire quoi annule"],
)
def test_table_control_inside_a_sentence_is_not_read(matcher, said):
    """Denied, said as the object of a verb or after an article, or asked about: not said to the scribe."""
    u = matcher.understand(said, speaker=SPEAKER)
    assert not (u.kind is ResultKind.COMMAND and u.command.kind.value in ("annule", "pause")), u.to_json()
