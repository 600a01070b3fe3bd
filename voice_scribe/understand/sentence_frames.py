"""Sentences about a call, not a call, and the names said around one.

« il a dit pas mou le caillou ? », « hier il a fait grelottine », « grelottine c'est quand … »: the openings
(:func:`about_a_call`) and remarks after a call (:func:`remark_after`) that make the whole a sentence about it,
and the phrases that may still read it (:func:`reads_about`); the speaker's own name said first (« c'est
Karadoc : … », :func:`self_intro`) and the one spoken to (« toi Yvain, … », :func:`addressed`).
"""

from __future__ import annotations

from voice_scribe.engine.calls import CallKind
from voice_scribe.understand.commentary import CONTROL
from voice_scribe.understand.grammar import Template
from voice_scribe.understand.heard_words import UTok
from voice_scribe.understand.normalize import tokens

#: Words that introduce the speaker's own name before a call (« c'est Karadoc : … », « moi Perceval, … »).
_SELF_INTRO: tuple[tuple[str, ...], ...] = (("c", "est", "moi"), ("c", "est"), ("moi",), ("ici",), ())
#: Openings of a sentence *about* a call, not a call (« il a dit pas mou le caillou ? », « hier il a fait
#: grelottine », « il avait fait une velute », « j'ai pas de chouette », « qu'est-ce que … », « pourquoi … »):
#: per position, the words it may be. A phrase of the grammar that itself opens so (« t'as dit quoi »,
#: « qu'est-ce qu'il me manque ») is still read; any other reading is refused.
_ABOUT_A_CALL: tuple[tuple[frozenset[str], ...], ...] = tuple(
    tuple(frozenset(words.split()) for words in frame)
    for frame in (
        # reported: someone else said it (« il a dit … », « t'as crié … », « il aurait annoncé … »)
        ("il elle on t tu vous ils elles", "a as avait avais aurait aurais avez ont", "dit crie annonce"),
        # narrated: the pluperfect and the conditional past (« il avait fait … », « j'aurais dit … »)
        ("il elle on t tu vous ils elles j je", "avait avais aurait aurais aviez auriez avaient auraient"),
        # denied: not had, not done, not said (« j'ai pas de chouette », « il a pas fait … »)
        ("il elle on t tu j je", "ai a as avait avais", "pas jamais", "de d un une fait dit crie annonce"),
        ("il elle on t tu j je", "n", "ai a as avait avais", "pas jamais", "de d un une fait dit crie annonce"),
        # asked about it (« qu'est-ce que … », « pourquoi … »: a question to the scribe is still read)
        ("qu", "est", "ce", "que qu"),
        ("pourquoi",),
        ("pour", "quoi"),
        # had: someone else had it (« il a eu une velute »), should have said it (« il fallait dire … »)
        ("il elle on ils elles", "a avait ont", "eu"),
        ("il", "fallait faudrait"),
        # done: someone else did it (« il a fait une velute », « elle a encore fait … »)
        ("il elle", "a", "fait"),
        ("il elle", "a", "encore deja", "fait"),
        # told: another time (« hier … », « la dernière fois … », « tu te souviens … »)
        ("hier",),
        ("la l", "derniere autre", "fois"),
        ("tu", "te", "souviens rappelles"),
        ("tout", "a", "l", "heure"),  # (at a table, earlier: « tout à l'heure Yvain a fait deux trois … »)
    )
)
#: Remarks after a call that make the whole a sentence about it (« grelottine c'est quand … », « pélican ça
#: veut dire quoi », « pas mou le caillou mon œil », « … hier »): per position, the words it may be, as ``_ABOUT_A_CALL``.
_REMARKS_AFTER: tuple[tuple[frozenset[str], ...], ...] = tuple(
    tuple(frozenset(words.split()) for words in frame)
    for frame in (
        ("c", "est etait", "quand quoi comment combien lorsque"),
        ("ca", "veut", "dire"),
        ("mon", "oeil"),
        # told about another time, said after it too (« j'ai fait un trois hier au yams »)
        ("hier",),
        ("la l", "derniere autre", "fois"),
        ("l", "autre", "jour soir"),
        ("tout", "a", "l", "heure"),
    )
)
#: The word that makes a question about a call one to the scribe (the explicit form: « la règle de … »).
_RULE_WORDS = frozenset({"regle", "regles"})
#: The first words of the openings of ``_ABOUT_A_CALL`` that ask.
ASKING = frozenset({"qu", "pourquoi", "pour"})


def self_intro(utoks: list[UTok]) -> tuple[str, int] | None:
    """A name said first, maybe introduced (« c'est Karadoc », « moi Perceval »): (the player, words it takes)."""
    for intro in _SELF_INTRO:
        n = len(intro)
        if len(utoks) > n + 1 and tuple(u.word for u in utoks[:n]) == intro and utoks[n].player:
            return utoks[n].player, n + 1
    return None


#: The verbs a player narrating himself puts around his call (« et Léodagan annonce : cul quatre », « cinq
#: pour moi, annonce Léodagan »), as plain words: taken only beside the speaker's own name.
NARRATION_VERBS = frozenset({"annonce", "dit", "demande", "crie", "declare", "chuchote"})


def narrated(utoks: list[UTok], speaker: str | None) -> tuple[int, int]:
    """How many words the speaker's narration of himself takes at the start and at the end: his own name with
    a narrating verb (« et Léodagan annonce … », « … annonce Léodagan »). Another player's name so is reported
    speech, not narration: (0, 0).

    >>> k = [UTok("et", "et"), UTok("Yvain", "yvain", player="Yvain"), UTok("annonce", "annonce"), UTok("pelican", "pelican")]
    >>> narrated(k, "Yvain"), narrated(k, "Karadoc")
    ((3, 0), (0, 0))
    """
    if speaker is None:
        return 0, 0
    k = 1 if utoks and utoks[0].word == "et" else 0
    head = k + 2 if len(utoks) > k + 2 and utoks[k].player == speaker and utoks[k + 1].word in NARRATION_VERBS else 0
    tail = 2 if len(utoks) > head + 2 and utoks[-1].player == speaker and utoks[-2].word in NARRATION_VERBS else 0
    return head, tail


def plain_words(utoks: list[UTok]) -> list[str]:
    """The words as heard (not as the grammar reads them: « j'avais » is not « j'avec »), a player's name as
    « il » (« Karadoc a dit … » reports, like « il a dit … »).

    >>> plain_words([UTok("j", "j"), UTok("avec", "avais", spoken="avais"), UTok("Karadoc", "karadoc", player="Karadoc")])
    ['j', 'avais', 'il']
    """
    words: list[str] = []
    for u in utoks:
        if u.player:
            words.append("il")
        elif u.spoken is None or u.unk:
            words.append(u.heard)
        else:
            words.extend(tokens(u.spoken))
    return words


def about_a_call(words: list[str]) -> tuple[str, ...]:
    """The heard (plain) words opening a sentence about a call (empty: none), see ``_ABOUT_A_CALL``.

    >>> about_a_call("il a dit grelottine".split())
    ('il', 'a', 'dit')
    >>> about_a_call("il a bafouille sloubi rate".split())
    ()
    """
    if len(words) > 1 and words[0] == "il" and words[1] in _ABOUT_A_CALL[0][0]:
        words = words[1:]  # « Perceval, il a dit … »: the name, then the sentence
    for frame in _ABOUT_A_CALL:
        if len(words) > len(frame) and all(w in allowed for w, allowed in zip(words, frame)):
            return tuple(words[: len(frame)])
    return ()


def remark_after(words: list[str]) -> tuple[str, ...]:
    """A remark said after a call's first word that makes the sentence one about it, see ``_REMARKS_AFTER``.

    >>> remark_after("grelottine c est quand on".split())
    ('c', 'est', 'quand')
    >>> remark_after("suivant c est a toi".split())
    ()
    """
    if _RULE_WORDS & set(words):
        return ()  # « la grelottine c'est quoi la règle »: the rule asked in the scribe's own words, not a remark
    for start in range(1, len(words)):
        for frame in _REMARKS_AFTER:
            said = words[start : start + len(frame)]
            if len(said) == len(frame) and all(w in allowed for w, allowed in zip(said, frame)):
                return tuple(said)
    return ()


def reads_about(t: Template, opening: tuple[str, ...], remark: tuple[str, ...], asked: bool) -> bool:
    """A phrase that may read a sentence about a call: one opening with the same words (« t'as dit quoi » for
    « t'as dit quoi répète ») or saying the remark's words, or, when the sentence asks (``asked``), a question
    to the scribe."""
    if asked and not isinstance(t.target, CallKind) and t.target not in CONTROL:
        return True
    if remark and not set(remark) <= t.words:
        return False
    words = tuple(tok.word if tok.kind == "word" else "" for tok in t.toks[: len(opening)])
    return words == opening


def addressed(utoks: list[UTok]) -> int:
    """« toi [là] Yvain … » at the start: how many words the address takes (0: none). « toi » never names the
    speaker: the name is the one spoken to, a target the call may take."""
    if len(utoks) < 3 or utoks[0].word != "toi":
        return 0
    k = 2 if utoks[1].word == "la" else 1
    return k + 1 if k + 1 < len(utoks) and utoks[k].player else 0
