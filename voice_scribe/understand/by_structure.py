"""A throw or a question told in the speaker's own words, read by its structure when no phrase reads it.

« mes chouettes c'est six pis trois », « les points on est rendus où »: read by
:mod:`~voice_scribe.understand.dice_words` and :mod:`~voice_scribe.understand.question_words`; the words said
as they were heard (:func:`structure_words`), and how a reading so found is shown (``STRUCTURE_PHRASES``).
"""

from __future__ import annotations

from collections.abc import Sequence

from voice_scribe.engine.calls import THROWS, CallKind
from voice_scribe.understand.alignment import Alignment
from voice_scribe.understand.commands import TableCommand
from voice_scribe.understand.dice_words import (
    FACES,
    RemarkGate,
    corrects,
    counts_faces,
    is_throw_word,
    may_correct,
    names_the_dice,
    read_amid_remarks,
    read_throws,
    told_twice,
    told_two_ways,
    two_from_a_small_word,
)
from voice_scribe.understand.grammar import Target, Template
from voice_scribe.understand.heard_words import UTok, said_number
from voice_scribe.understand.normalize import tokens
from voice_scribe.understand.numbers import spell
from voice_scribe.understand.question_words import read_question
from voice_scribe.understand.readings import reading_fields
from voice_scribe.understand.understanding import Candidate, ResultKind, Understanding

#: The calls that tell a throw (said after a word owning a mistake, they correct the last one).
#: How a throw read by its structure is shown (« hésitation entre … », the reading's phrase).
STRUCTURE_PHRASES = {CallKind.CHOUETTES: "chouettes {die} et {die}", CallKind.CUL: "cul {die}",
                      CallKind.DES: "dés {die} {die} {die}", CallKind.DE: "dé {die}",
                      TableCommand.SCORES: "les scores", TableCommand.SCORE_JOUEUR: "le score de {player}",
                      TableCommand.MANQUE: "combien il manque à {player}", TableCommand.QUI_MENE: "qui mène",
                      TableCommand.TOUR: "à qui le tour", TableCommand.CORRECTION: "correction {die}"}


def _hein_for_un(said: list[str]) -> bool:
    """« hein » (a hesitation, dropped) before a face or « et »: it may be the face « un » misheard."""
    return any(w == "hein" and (nxt in FACES or nxt == "et") for w, nxt in zip(said, said[1:]))


def _names_as_one(utoks: list[UTok], said: list[str]) -> list[str]:
    """``said`` with each word of a player's name heard as ``{player}`` (the name said once, whatever its words).

    >>> _names_as_one([UTok("karadoc", "karadoc", player="Karadoc"), UTok("six", "six")], ["karadoc", "six"])
    ['{player}', 'six']
    """
    name_words = {w for u in utoks if u.player for w in tokens(u.said)}
    out: list[str] = []
    for w in said:
        if w in name_words and w not in FACES:
            if not out or out[-1] != "{player}":
                out.append("{player}")
        else:
            out.append(w)
    return out


def _with_faces(phrase: str, dice: tuple[int, ...]) -> str:
    """A throw's phrase with its faces in words (« dés {die} {die} {die} », (6, 6, 3) → « dés six six trois »).

    >>> _with_faces("dés {die} {die} {die}", (6, 6, 3))
    'dés six six trois'
    """
    for face in dice:
        phrase = phrase.replace("{die}", spell(face), 1)
    return phrase


def _structure_words(utoks: list[UTok], as_heard: bool = False) -> list[str]:
    """The words as said, for the structure readers: a number as the number word read, a name as
    ``{player}``, a word the matcher split (« tourne » as « tour » + « ne ») whole again. ``as_heard``: a
    number guessed from a word's sound as that word (« puis » between two faces, not « huit »).

    >>> _structure_words([UTok("tour", "tour", spoken="tourne"), UTok("ne", "ne", spoken=""), UTok("six", "six")])
    ['tourne', 'six']
    """
    words: list[str] = []
    for u in utoks:
        if u.player:
            words.append("{player}")
        elif u.is_number and not (as_heard and not said_number(u)):
            words.append(u.word)
        else:
            words.extend(tokens(u.heard if u.spoken is None else u.spoken))
    return words


def may_restructure(decided: Understanding, in_context: bool = False) -> bool:
    """Whether the structure readers may change ``decided`` (and are worth asking): nothing was accepted, or a
    throw was (its phrase may have skipped a count); against a game, also any call when every word is a throw's."""
    thing = decided.call or decided.command
    if not decided.accepted or thing is not None and (thing.kind in THROWS or thing.kind is TableCommand.CORRECTION):
        return True
    return in_context and _only_a_throw(decided.text)


def _only_a_throw(text: str) -> bool:
    """Whether every word of ``text`` is a throw's and they tell one (« paire de trois sur les chouettes »): no
    other call is said, whatever a phrase of similar cost reads (at the roller's turn, a Civet)."""
    return bool(read_throws(tokens(text)))


def structure_decides(decided: Understanding, structure: list[Alignment], in_context: bool = False) -> bool:
    """Whether the throws or the question read by structure are the answer rather than the phrases': the phrases
    read nothing, or hesitate and the structure names one of them, or read a throw while the words count a face
    (« trois fois le un »: the phrase « j'ai fait {die} {die} » skips « fois le ») or tell two throws (« deux six
    et un trois »: two, six, three, or two sixes and a three), or one throw said twice (« trois putain trois »).

    ``in_context`` (read against a game, whose legal calls may promote a phrase of similar cost): also when every
    word is a throw's (« paire de trois sur les chouettes », not a Civet), when a correction is read where no word
    owns a mistake (« mes deux dés cinq et quatre »), and when the words name the dice a phrase of another kind
    skipped (« chouettes un cinq et un un … », not three dice). Out of context those stay as they were (measured:
    held-out writers 3 and 6 each lost a line with them)."""
    if decided.kind is ResultKind.REJECTED:
        return True
    if decided.kind is ResultKind.AMBIGUOUS:
        return len(structure) == 1 and among(structure[0], decided.candidates)
    thing = decided.call or decided.command
    if thing is None:
        return False
    if not (thing.kind in THROWS or thing.kind is TableCommand.CORRECTION):
        return in_context and _only_a_throw(decided.text) and all(al.template.target in THROWS for al in structure)
    told = {(al.template.target, reading_fields(al).get("dice")) for al in structure}
    said = tokens(decided.text)
    if in_context and thing.kind is TableCommand.CORRECTION and not (corrects(said) or may_correct(said)):
        # a correction read where no word owns a mistake (« mes deux dés cinq et quatre »): the throw said
        return all(al.template.target in THROWS for al in structure)
    if in_context and names_the_dice(said) and all(al.template.target is not thing.kind for al in structure):
        return True  # the dice named (« chouettes un cinq et un un … »): a phrase of another kind skipped the word
    # only where a phrase may have skipped what the structure reads: a count of a face, or a second reading
    counted = len(structure) > 1 or counts_faces(said) or told_twice(said) or bool(told_two_ways(said))
    if two_from_a_small_word(said, thing.dice, [dice for _, dice in told if isinstance(dice, tuple)]):
        return True  # « six trois bordel de bordel »: the phrase's two was the oath's « de »
    return counted and told != {(thing.kind, thing.dice)}


def among(al: Alignment, candidates: Sequence[Candidate]) -> bool:
    """Whether a reading by structure means what exactly one of the candidates means (kind and arguments)."""
    fields = reading_fields(al)
    same = [c for c in candidates if c.target == al.template.target
            and all(getattr(c.call or c.command, name, None) == value for name, value in fields.items())]
    return len(same) == 1


def by_structure(utoks: list[UTok], text: str, cost: float, remark_fits: RemarkGate | None = None) -> list[Alignment]:
    """A throw or a question told in words no phrase has (« mes chouettes c'est six pis trois », « les points
    on est rendus où »), read by ``dice_words`` / ``question_words`` at ``cost`` (the acceptance limit: any
    phrase of the grammar near it is a rival), or nothing. Every number must be heard as itself (a sound-alike
    guessed as a face is not read so, but a throw's own word taken for a number is that word: « quatre puis
    deux »). A throw the words tell two ways (« deux six et un trois ») is two readings, shown with their faces.
    ``remark_fits``: whether a throw said once then a remark is read (the game awaits it from the speaker)."""
    said = tokens(text)
    guessed = [u for u in utoks if u.is_number and not said_number(u)]
    if any(u.unk for u in utoks) or _hein_for_un(said) or not all(is_throw_word(u.heard) for u in guessed):
        return []
    words = _structure_words(utoks, as_heard=bool(guessed))
    named = any(u.player for u in utoks)
    two_ways = () if named else told_two_ways(said)
    readings = two_ways or (() if named else read_throws(words))
    if not named and not two_ways and (not readings or told_twice(said)):
        # the oaths the words above dropped: a throw said twice with one between, a remark after it
        amid = read_amid_remarks(said, remark_fits)
        readings = (amid,) if amid is not None else readings
    elif named and remark_fits is not None:
        # a name said around the throw (« Karadoc un quatre … », « … mon petit Perceval »): read against a game
        # only, for the roller whose throw is awaited
        amid = read_amid_remarks(_names_as_one(utoks, said), remark_fits)
        readings = (amid,) if amid is not None and remark_fits(amid) else ()
    if len(readings) > 1 and remark_fits is not None:
        # read against a game: of the throws the words tell, those as many dice as the speaker's awaited throw
        readings = tuple(r for r in readings if remark_fits(r)) or readings
    if readings:
        kinds: list[Target] = [TableCommand.CORRECTION if corrects(said) else r.kind for r in readings]
        phrases = [STRUCTURE_PHRASES[kind] for kind in kinds]
        if len(readings) > 1:
            phrases = [_with_faces(phrase, r.dice) for phrase, r in zip(phrases, readings)]
        return [Alignment(cost, Template(kind, (), (), (), phrase), (("dice", r.dice),), None)
                for kind, phrase, r in zip(kinds, phrases, readings)]
    if guessed:
        return []
    names = [u.player for u in utoks if u.player]
    # « Karadoc il a quoi »: the final « quoi » the words above dropped as a particle asks the question
    asked_last = said[-1:] == ["quoi"] and words[-1:] != ["quoi"]
    question = read_question(words + ["quoi"] if asked_last else words, names[0] if names else None)
    if question is None:
        return []
    values: tuple[tuple[str, object], ...] = (("player", question.target),) if question.target else ()
    values += (("self", True),) if question.self_target else ()
    template = Template(question.kind, (), (), (), STRUCTURE_PHRASES[question.kind])
    return [Alignment(cost, template, values, None)]
