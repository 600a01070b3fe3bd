"""A call said whole, then talk: « artichette Léodagan, dans ta face ! », « raitournelle, merci Kevin pour le
follow », « tichage, allez montre tes dés ».

Tables say something after nearly every call: a taunt, a toast, a thanks to a viewer, the score the speaker
thinks he has. No list of remarks covers what a new table says (each new writer of the corpus brought his
own), so this reads the class. When a sentence reads as nothing whole, it is cut after the last word that
holds what a call holds (a number, a player's name, a key word, another word of the calls): the words before
the cut are read alone, and taken when they read as a call and the words after it are only talk. Guards
against talk that merely starts like a call:

* a throw's faces need two dice said as numbers (« six cinq, voilà qui est envoyé »); one die followed by
  words is talk more often than a throw (« deux heures du mat », « un pastis bien tassé »), unless the cul is
  named (« le cul deux, santé »); « … en fait » after faces makes them a correction, not a throw, and a
  negation after them denies them (« le quatre deux un, c'est pas un autre jeu ça »); faces in a clause of
  condition, time or question (« quand on fait quatre deux un, on peut dire … ») or an « un » after « d' »
  (« trois six d'un coup ») are no throw;
* words that hold no key word must read as a phrase said exactly (« c'est à qui, tout le monde attend »), not
  a near one (« c'est qui qui a mis cette musique » is no « c'est à qui »);
* a call's name after an article is talk about it (« le passe-grelot, on l'a jamais utilisé », « une mouette
  ça vole »), and so is talk that starts with « ça / c'est » (« excalibur, ça marche qu'en Aquitaine »), with
  a complement (« j'achète du pain »), or names by a pronoun what the call alone would lose (« artichette,
  toi », « j'achète, moi aussi »);
* a command that steers the game (undo, pause, resume, end) is never taken from a sentence that goes on
  (« on repart en vacances »);
* talk that takes the call back, denies or asks about it is not talk after it (« … non attends … », « velutée je
  les ai jamais », « pélican il est pas là »: a negation after a pronoun that names a thing; « file sirop,
  j'embarque pas » is the speaker's own talk), or tells what another said (« j'ai pas compris la moitié de ce
  qu'il a dit »); a question to the scribe followed by « est-ce … » is the players' own question (« comment ça
  une artichette, qu'est-ce que j'en sais moi »); out of a game, faces followed by talk are never a throw;
* faces then the past tense are a story (« cinq deux, c'était mieux au dernier tour »), and faces are a throw
  only for the roller whose throw is awaited (read against the game);
* the cut is never after a hesitation nor next to the word that introduces an argument (« … pour | doux »,
  « grelottine | sur machin truc »: the target the call lacks), nor when the last word that holds a number
  does so only by its sound (« … et si je perds »).

The first cut tried is where the words of the phrase nearest the whole sentence end (:func:`nearest_end`:
« tichette de trente-quatre | la tiche qui triche », though « tiche » sounds like the call; the words before it
must then read exactly); after a slot's failure it is the only one. Then at most five more (:func:`cuts`: before
the scribe called, before a reason, after the last word a call holds, after the last and the first run of a
call's own words), one more reading each, and the guards that need no reading first (:func:`may_take`): the
work stays bounded. The scribe called at the talk's start is left out of it (« répète, le scribe, … »); the
reason for a call is talk after it whatever it names (« jarret-sifflet, puisque j'ai conservé mon jarret »).

>>> pairs = [("artichette", "artichette"), ("leodagan", "léodagan"), ("dans", "dans"), ("ta", "ta"), ("face", "face")]
>>> holds = {"artichette": frozenset({"key"}), "leodagan": frozenset({"player"})}
>>> cut(pairs, lambda word: holds.get(word, frozenset()))
2
>>> cut(pairs[:2], lambda word: holds.get(word, frozenset())) is None   # nothing after the call: no talk
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from voice_scribe.engine.calls import Call, CallKind
from voice_scribe.understand.commentary import NEGATIONS, QUESTION_WORDS, SLOT_INTRODUCERS
from voice_scribe.understand.commands import TableCommand
from voice_scribe.understand.grammar import FILLERS, Template, TTok
from voice_scribe.understand.normalize import phonetic_key
from voice_scribe.understand.numbers import die_faces, is_number_token, parse_number
from voice_scribe.understand.registers import HESITATIONS, MAX_DROPPED, Pair, said_words
from voice_scribe.understand.understanding import Understanding

#: What one heard word holds (« number », « sounds_number », « player », « key », « word »).
Holds = Callable[[str], frozenset[str]]

#: Whether two heard words follow each other in a phrase of the grammar (« jarret souple », « civet doublé »).
Joined = Callable[[str, str], bool]

#: What the talk after a call may not hold (what a call holds: its numbers, names, key words and other words).
HELD_BY_CALLS = frozenset({"number", "sounds_number", "player", "key", "word"})
#: What marks a call's own words, not a common word that calls share with talk.
_STRONG = frozenset({"number", "player", "key"})
#: Short words of the calls that hold a stake (too short to count as a word of the calls).
_STAKES = frozenset({"max"})
#: The cost a phrase without a key word must read at (said exactly, but for a small word).
EXACT = 0.05
#: Throws (and their correction) by kind: their faces are numbers.
_THROWS = frozenset({"chouettes", "des", "correction", "cul"})
_ARTICLES = frozenset({"le", "la", "les", "l", "un", "une", "des"})
_ABOUT_IT = frozenset({"ca", "ce", "c", "cela"})
_COMPLEMENT = frozenset({"de", "du", "des", "d"})
#: A pronoun said right after the call points at its target (« artichette, toi »); one later in the talk is the
#: talk's own (« artichette Perceval, je vous ai vu »); « aussi » joins the speaker to another's call
_POINTING = frozenset({"toi", "vous"})
_ALSO = "aussi"
_ACTUALLY = ("en", "fait")
#: Words that take the call back or deny it: the talk is then about the call (« … non attends je veux dire … »,
#: « velutée je les ai jamais », « pélican il est pas là », « velutée je les ai quand »)
_CORRECTING = frozenset({"non", "pardon", "attends", "plutot"})
_TAKING_BACK = QUESTION_WORDS | _CORRECTING
#: « pourquoi pas » after a call agrees with it
_WHY_NOT = ("pourquoi", "pas")
#: A negation denies the call when its clause names a thing by a pronoun before it (« pélican, il est pas là »,
#: « raitournelle, on l'a jamais vue », « velutée, je les ai jamais »); without one it is the speaker's own
#: talk (« file sirop, j'embarque pas », « couche sirop, je mets pas une cenne »)
_THING_PRONOUNS = frozenset({"il", "elle", "ils", "elles", "l", "le", "la", "les", "y", "en", "c", "ca", "ce", "lui"})
#: « est-ce que … »: a question after a question to the scribe is the players' talk (« comment ça une
#: artichette, qu'est-ce que j'en sais moi »); after a call it is a taunt (« rigodon, qu'est-ce que tu croyais »)
_ASKS = ("est", "ce")
#: Words after which « qui » asks (« c'est qui », « à qui », « dis qui »): after any other it is a relative
_ASKING_QUI = frozenset({"c", "est", "et", "mais", "alors", "donc", "ou", "a", "de", "pour", "avec", "chez", "sur",
                         "contre", "dis", "dites", "sais", "savoir", "demande", "hein", "bon", "ben", "mais"})
#: Talk about what another said is about speech, not after a call (« j'ai pas compris la moitié de ce qu'il a
#: dit »); the speaker's own « j'ai dit » insists on his call (« pas mou le caillou, j'ai dit en premier »)
_SAYING = frozenset({"dit", "dire", "disait"})
_OTHERS = frozenset({"il", "elle", "ils", "elles"})
#: Commands that steer the game (undo, pause, resume, end): undo and end are never taken from a sentence that
#: goes on (« annule ton rendez-vous », « fin de la partie dans dix minutes »); a pause or a resume, which the
#: next command undoes, is taken before a reason said as a clause of its own (« pause, je vais aux toilettes »,
#: « pause là, j'ai plus de doigts »), not before a complement or a noun (« on repart en vacances » is no « on
#: repart », « pause déjeuner demain midi » no pause now)
_CONTROL = frozenset({TableCommand.ANNULE, TableCommand.PAUSE, TableCommand.REPRENDS, TableCommand.FIN_DE_PARTIE})
_BEFORE_A_REASON = frozenset({TableCommand.PAUSE, TableCommand.REPRENDS})
#: Prepositions that open a complement of the command (« on repart | en vacances »), not a reason
_PREPOSITIONS = frozenset({"en", "a", "au", "aux", "de", "du", "des", "d", "pour", "sur", "dans", "avec", "chez",
                           "vers", "par", "sans", "jusqu", "apres", "avant"})
#: What introduces a challenge's target (« à » after a call is more often a toast: « à la tienne »)
_AGAINST = frozenset({"sur", "contre"})
#: Faces followed by the past tense are a story (« cinq deux, c'était mieux au dernier tour »)
_PAST = frozenset({"etait", "etaient", "avait", "avaient", "fallait", "faisait"})
#: The sounds of the number words that can end a number (« huit », « six », « onze » …)
_NUMBER_SOUNDS = frozenset(phonetic_key(w) for w in ("un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit",
                                                     "neuf", "dix", "onze", "douze", "treize", "quatorze", "quinze",
                                                     "seize", "vingt", "trente", "cent", "mille"))
#: Number words another number word may follow in one number (« dix-huit », « vingt-sept », « cent deux »)
_NUMBER_HEADS = frozenset({"dix", "vingt", "trente", "quarante", "cinquante", "soixante", "septante", "huitante",
                           "octante", "nonante", "cent", "mille"})
#: Subject pronouns: a phrase found up to one goes on in the talk (« suivant on | verra »)
_SUBJECTS = frozenset({"je", "j", "tu", "t", "il", "elle", "on", "nous", "vous", "ils", "elles"})
#: Words ending in -s / -x right after faces that are no noun the faces count (« deux trois messires », « trois
#: quatre fois » count; « cinq deux, mes amis » does not)
_NOT_COUNTED = frozenset({"mes", "tes", "ses", "les", "des", "nos", "vos", "ces", "aux", "tous", "nous", "vous",
                          "pas", "plus", "mais", "puis", "pis", "alors", "apres", "toujours", "dans", "sous", "chez"})
#: Words of the second person: talk said to someone
_YOURS = frozenset({"ton", "ta", "tes", "tu", "t", "toi", "votre", "vos"})
#: Words that open the reason for the call (« jarret-sifflet, puisque j'ai conservé mon jarret », « lance-civet-
#: filoché Karadoc, puisqu'il n'en a pas »): the reason may name the game's things, a player, a negation
_BECAUSE = frozenset({"puisque", "puisqu", "parce", "car"})
#: Object pronouns after a subject (« je l'ai lue », « on la joue », « j'en ai »)
_OBJECTS = frozenset({"l", "le", "la", "les", "en", "y"})
#: « … en parlant de cailloux »: the call's words taken up as a topic (« pas mou le caillou, en parlant de … »)
_SPEAKING_OF = ("en", "parlant")
#: Talk about the call said first (:func:`first_run_end`: « raitournelle, mais faut le dire vite », « bergeronnette,
#: on dirait le nom de la cadre »)
_BUT = "mais"
_IT_SEEMS = ("on", "dirait")
#: « et » after the call opens talk of its own when a clause follows (« zbradaraldjan et je vous mets au défi »,
#: « salsifi et ma main sur la table », « et sans vouloir me vanter », « et toc »), not a noun that lists the
#: call's name with others (« pélican et cormoran », « excalibur et les chevaliers de la table ronde »)
_AND = "et"
_AND_A_CLAUSE = _SUBJECTS | _ABOUT_IT | frozenset({"ma", "mon", "mes", "ta", "ton", "tes", "sa", "son", "ses", "notre",
                                                   "nos", "votre", "vos", "sans", "voila", "toc", "hop", "ne", "n",
                                                   "puis", "maintenant", "surtout", "vlan", "bim", "paf"})
#: « oui, c'est … » after the call answers someone about it (« à kadoc, oui, c'est un hommage à mon frère »)
_YES = frozenset({"oui", "ouais", "si"})
#: « non peut-être », a Belgian's « of course »
_OF_COURSE = ("non", "peut", "etre")
#: The scribe called before the talk's own clause (« pause, scribe, je vais chercher du gâteau »)
_VOCATIVES = frozenset({"scribe"})
#: … and how he is called at the talk's start (« répète, le scribe, … », « ô scribe »)
_CALLED = tuple((*head, v) for head in (("le",), ("o",), ()) for v in sorted(_VOCATIVES))
#: The speaker claiming the call he made (« velutée, c'est moi qui les ai »): not talk about the call
_CLAIM = ("c", "est", "moi")
#: How many heard words may come between two words of the nearest phrase (fillers, a name said in passing)
_NEAR_GAP = 2
#: Faces in a clause of condition, time or question are no throw (« quand on fait quatre deux un … »)
_IF_OR_WHEN = QUESTION_WORDS | {"si", "lorsque", "lorsqu"}


def cut(pairs: Sequence[Pair], holds: Holds) -> int | None:
    """Where the call may end (a word count), None when no talk follows what a call holds."""
    last = max((i for i, (plain, _) in enumerate(pairs) if _held(plain, holds)), default=-1)
    return _end_after(pairs, last, holds)


def cuts(pairs: Sequence[Pair], holds: Holds) -> list[int]:
    """:func:`cut`, then, when the talk holds a common word of the calls (« je vous ai vu », « le petit »), the
    cut after the last run of words that starts with a number, a name or a key word. (The matcher tries
    :func:`nearest_end` before them.)

    >>> pairs = [(w, w) for w in "artichette perceval je vous ai vu".split()]
    >>> holds = {"artichette": frozenset({"key"}), "perceval": frozenset({"player"}), "vous": frozenset({"word"})}
    >>> cuts(pairs, lambda word: holds.get(word, frozenset()))
    [4, 2]
    """
    out = [end] if (end := cut(pairs, holds)) is not None else []
    plain = [p for p, _ in pairs]
    because = next((i for i in range(1, len(plain)) if _reason(plain[i:])), None)
    if because is not None and because not in out:
        out.insert(0, because)  # before the reason for the call (« je sirote | puisque j'ai une chouette »)
    called = next((i for i in range(1, len(plain)) if len(_unaddressed(plain[i:])) < len(plain) - i), None)
    if called is not None and called not in out:
        out.insert(0, called)  # before the scribe called (« répète | le scribe, j'ai pas entendu »)
    strong = [i for i, (plain, _) in enumerate(pairs) if plain in _STAKES or holds(plain) & _STRONG]
    for start in strong[-1:] + strong[:1]:  # the last run that holds a call's words, then the first
        while start + 1 < len(pairs) and _held(pairs[start + 1][0], holds):
            start += 1
        end = _end_after(pairs, start, holds)
        if end is None or end in out or start < strong[-1] and not _plain_talk(plain[end:], holds):
            continue
        out.append(end)
    return out


def first_run_end(pairs: Sequence[Pair], holds: Holds) -> int | None:
    """The cut right after the first run of a call's words (« salsifi | et ma main sur la table en témoigne »,
    « sirop gagnant | et sans vouloir me vanter je l'avais pressenti »): the small words the talk starts with
    (« et », « ma », « sur », « la ») hold nothing, so the call may end there though the talk names the game's
    things later (:func:`cuts` ends it after them). A call only (the matcher takes no command from it). Never
    when the talk holds a number or a player's name (a call's arguments said later); opens on « mais », « on
    dirait » or « oui c'est » (talk about the call: « raitournelle, mais faut le dire vite », « bergeronnette, on
    dirait un nom », « à kadoc, oui, c'est un hommage … »); lists a noun with « et » (« pélican et cormoran »);
    tells a story (the past tense: « excalibur, le film était nul »); or names the call's key word again after
    other words (a song or a quote: « alouette, gentille alouette »; « mécréant, euh, mécréant » is the call said
    twice).

    >>> holds = {"salsifi": frozenset({"word"}), "main": frozenset({"word"}), "table": frozenset({"word"})}
    >>> first_run_end([(w, w) for w in "salsifi et ma main sur la table".split()], lambda w: holds.get(w, frozenset()))
    1
    """
    start = next((i for i, (plain, _) in enumerate(pairs) if _held(plain, holds)), None)
    if start is None:
        return None
    plain = [p for p, _ in pairs]
    while start + 1 < len(pairs):
        if plain[start + 1] == _AND and start + 2 < len(pairs) and is_number_token(plain[start]) \
                and is_number_token(plain[start + 2]):
            start += 2  # faces joined (« deux et cinq | des chiffres d'une banalité »)
        elif _held(plain[start + 1], holds) and not _opens_talk(plain, start + 1, holds):
            start += 1
        else:
            break
    end = _end_after(pairs, start, holds)
    if end is None or any(holds(plain[j]) & {"number", "player"} and not _opens_talk(plain, j, holds)
                          for j in range(end, len(plain))):
        return None  # (an article « une » in the talk is no number: « six quatre deux | une belle descente »)
    rest = said_words(pairs[end:])
    keys = {plain for plain, _ in pairs[:end] if "key" in holds(plain)}
    if not rest or rest[0] == _BUT or tuple(rest[:2]) == _IT_SEEMS or keys.intersection(rest[1:]) \
            or _PAST.intersection(rest) or rest[0] in _YES and rest[1:2] and rest[1] in _ABOUT_IT:
        return None
    if rest[0] == _AND and (len(rest) < 2 or rest[1] not in _AND_A_CLAUSE):
        return None  # « pélican et cormoran sont des oiseaux », « artichette et velute je confonds »: a list
    return end


def _opens_talk(plain: Sequence[str], i: int, holds: Holds) -> bool:
    """« une » before a word that holds nothing opens the talk (« six quatre deux | une belle descente »), and
    so does « un » but right after a face (« quatre trois un, pas mieux »: the face one), unless three faces
    are said before it (« un un deux | un coup de chance »: no fourth die)."""
    then = plain[i + 1] if i + 1 < len(plain) else ""
    if plain[i] not in ("un", "une") or len(then) <= 2 or _held(then, holds):
        return False
    faces = 0
    for w in reversed(plain[:i]):
        if not is_number_token(w) and w != _AND:
            break
        faces += w != _AND
    return plain[i] == "une" or faces == 0 or faces >= 3


def _plain_talk(words: Sequence[str], holds: Holds) -> bool:
    """Talk that holds no call's key word, name or number (« chante-sloubi | il veut jouer »): after the first
    run of a call's words, the talk must be that plain (« pélican messire linotte » is two calls)."""
    return not any(holds(w) & (_STRONG | {"sounds_number"}) for w in words)


def nearest_end(pairs: Sequence[Pair], nearest: Template, holds: Holds, joined: Joined) -> int | None:
    """Where the words of the nearest phrase end in what was heard (a word count), None when nothing follows
    them: its tokens found in their order, each within :data:`_NEAR_GAP` words of the one before (a word not
    found is one not said, the phrase ends before a slot not found), a number or dice slot taking the numbers it
    holds; small words found last are left to the talk.
    No end splits a run of numbers (« trois trois | trois »), a number heard by its sound (« dix | huîtres »)
    or two words of one phrase (« jarret | souple »: ``joined``).

    « tichette de trente-quatre, la tiche qui triche » against « tichette de {number} »: the words end after
    « quatre », though « tiche » sounds like the call (which :func:`cut` would take as the call's last word).
    """
    plain = [p for p, _ in pairs]
    at, last, meant = 0, -1, -1  # (``meant``: the last word found that is more than a small word)
    missing: TTok | None = None
    introduced = False  # the small word said before the slot not found is the phrase's own (« pour » in « … pour doux »)
    for tok in nearest.toks:
        found = next((i for i in range(at, len(pairs) if last < 0 else min(len(pairs), at + _NEAR_GAP + 1))
                      if _fills(tok, pairs[i], _article(plain, i), holds)), None)
        if found is not None and last >= 0 and any(holds(p) & _STRONG for p, _ in pairs[at:found]):
            found = None  # (no gap over another call's key word, a name or a number: « tichette de filoché 44 »)
        if found is None:
            if tok.kind != "word":
                missing = tok  # (the phrase is said up to its first slot not heard: « cinq et cinq | une paire »)
                break
            introduced = False
            continue
        if tok.kind in ("number", "dice"):
            found = _slot_end(plain, found, tok)
        at, last = found + 1, found
        introduced = tok.kind == "word" and tok.word in FILLERS
        if tok.kind != "word" or tok.word not in FILLERS:
            meant = found
    if meant < 0 or meant + 1 >= len(pairs):
        return None  # (small words found last are the talk's own: « passe grelot | c'est comme un joker »)
    after, then = plain[meant + 1], plain[meant + 2] if meant + 2 < len(plain) else ""
    numbers_on = is_number_token(after) and not _article(plain, meant + 1) or after == "et" and is_number_token(then)
    if numbers_on or holds(after) & {"sounds_number", "player", "key"} or after not in FILLERS and joined(plain[meant], after):
        return None
    misheard = introduced and (missing is not None and missing.kind == "player" or _near_a_number(pairs[last + 1][1])
                               if last + 1 < len(pairs) else False)
    if plain[meant] in _SUBJECTS:
        return None  # (« suivant on | verra »: the clause goes on)
    named = any(t.kind == "player" for t in nearest.toks) and any("player" in holds(w) for w in plain[meant + 1 :])
    if named or missing is not None and (misheard or _fills_later(missing, plain[meant + 1 :], holds)):
        return None  # another name in the talk (« bévue pour Karadoc et Perceval »), the slot introduced then
        # unreadable (« cul de chouette pour doux ») or said later (« bévue, il a lancé avant son tour, Karadoc »)
    if _reason(plain[meant + 1 :]):
        return _end_after(pairs, meant, holds)  # (a reason names what it likes: « … puisque j'ai mon jarret »)
    if any(t.kind == "dice" for t in nearest.toks) and _faces_in(plain[meant + 1 :]):
        return None  # faces said again after the throw's (« trois six, alors trois trois six »)
    said_keys = {phonetic_key(w) for w in plain[: meant + 1] if "key" in holds(w)}
    if said_keys.intersection(phonetic_key(w) for w in plain[meant + 1 :]):
        return None  # the call's key word said again: a song, a pun (« alouette, gentille alouette »)
    return _end_after(pairs, meant, holds)


def _slot_end(words: Sequence[str], start: int, tok: TTok) -> int:
    """The last of the (plain) words a slot takes from ``start``: one number however many words it has
    (« trente quatre », « vingt et un », not « quinze une »), or up to ``count`` faces (« quatre et quatre »)."""
    if tok.kind == "number":
        return max(e for e in range(start, min(len(words), start + 8)) if parse_number(words[start : e + 1]) is not None
                   or e == start)
    end, faces = start, 1
    while faces < tok.count:
        step = 2 if end + 2 < len(words) and words[end + 1] == "et" else 1
        if end + step >= len(words) or not is_number_token(words[end + step]):
            break
        end, faces = end + step, faces + 1
    return end


def _fills(tok: TTok, pair: Pair, article: bool, holds: Holds) -> bool:
    """Whether a heard word is what this phrase token says: the word (or its sound), a name, a number (not
    when it is an ``article``: « une paire »)."""
    plain, spoken = pair
    if tok.kind == "word":
        return plain == tok.word or phonetic_key(spoken) == tok.sound
    if tok.kind == "player":
        return "player" in holds(plain)
    return is_number_token(plain) and not article


def _fills_later(tok: TTok, words: Sequence[str], holds: Holds) -> bool:
    """Whether the talk holds what the phrase's missing slot takes (a name, a number, faces)."""
    if tok.kind == "player":
        return any("player" in holds(w) for w in words)
    if tok.kind == "dice":
        return _faces_in(words)
    return any(is_number_token(w) for w in words)


def _sounds_like_a_number(spoken: str) -> bool:
    """A word whose sound starts with a number's (« huîtres » after « dix »: free decoding of « dix-huit »)."""
    key = phonetic_key(spoken)
    return any(key.startswith(sound) and len(sound) >= 2 for sound in _NUMBER_SOUNDS)


def _near_a_number(spoken: str) -> bool:
    """A word whose sound starts a number's, or starts with one (« doux » for « douze », « huîtres »)."""
    key = phonetic_key(spoken)
    return len(key) >= 2 and any(sound.startswith(key) or key.startswith(sound) for sound in _NUMBER_SOUNDS)


def _faces_in(words: Sequence[str]) -> bool:
    """Whether some run of number words is faces (« trois trois six », « un »), not one number over six
    (« cent douze », « deux cent quarante-quatre ») nor an article (« une paire »)."""
    run: list[str] = []
    for i, w in enumerate([*words, ""]):
        if is_number_token(w) and not _article(words, i):
            run.append(w)
            continue
        value = parse_number(run) if run else None
        if run and (value is None or value <= 6) and die_faces(run) is not None:
            return True
        run = []
    return False


def _article(words: Sequence[str], i: int) -> bool:
    """« une » (plain words) before a word that is no number is an article (« cinq et cinq, une paire »), and so
    is « un » but right after a face (« six quatre un, merci »): not a face."""
    then = words[i + 1] if i + 1 < len(words) else ""
    if words[i] not in _ARTICLES or len(then) <= 2 or then in HESITATIONS or is_number_token(then):
        return False
    return words[i] != "un" or i == 0 or not is_number_token(words[i - 1])


def _end_after(pairs: Sequence[Pair], last: int, holds: Holds) -> int | None:
    if last >= 0 and holds(pairs[last][0]) & HELD_BY_CALLS == {"sounds_number"} and not is_number_token(pairs[last][0]):
        return None  # « cul de chouette et si je perds … »: « si » is no six, and the talk may start there
    end = next((e for e in range(max(1, last + 1), len(pairs)) if pairs[e - 1][0] not in HESITATIONS), None)
    if end is None or len(pairs) - end > MAX_DROPPED:
        return None
    if pairs[end - 1][0] in _NUMBER_HEADS and _sounds_like_a_number(pairs[end][1]):
        return None  # « je relance de dix | huîtres »: the number misheard (« dix-huit »), not talk after it
    return end


def takes(read: Understanding, said: Sequence[Pair], talk: Sequence[Pair], holds: Holds, in_context: bool) -> bool:
    """Whether ``read`` (the words ``said`` before the cut, read alone) is the call, ``talk`` only talk.

    ``in_context``: read against a game. Out of it, faces followed by talk are never a throw (no roller is
    awaited to tell a throw from talk that starts with numbers: « six trois bande de gueux »).
    """
    if not read.accepted or read.cost is None or not may_take(said, talk):
        return False
    words, rest = said_words(said), _unaddressed(said_words(talk))
    thing = read.call or read.command
    kind = thing.kind.value if thing is not None else ""
    if kind == CallKind.DE.value:
        return False
    if not rest:
        return True  # (only the scribe called after the call: « répète, le scribe »)
    if read.command is not None and read.command.kind in _CONTROL:
        return read.command.kind in _BEFORE_A_REASON and rest[0] not in _PREPOSITIONS and not _asks(rest) \
            and read.cost <= EXACT and _own_clause(rest)
    if rest[0] in _AGAINST and read.call is not None and _bare(read.call):
        return False  # « grelottine | sur machin truc »: the talk holds the target the call lacks
    if read.command is not None and _asks(rest):
        return False
    if kind in _THROWS:
        if not in_context:
            return False
        first = next((i for i, w in enumerate(words) if is_number_token(w)), len(words))
        if NEGATIONS.intersection(words[first:]):
            return False  # « le quatre deux un, c'est pas un | autre jeu ça »: the faces denied, talk about them
        told = words + rest[:2]  # (« deux six | d'un coup »: the « d'un » may start the talk)
        if _IF_OR_WHEN.intersection(words) or any(a == "d" and is_number_token(b) for a, b in zip(told, told[1:])):
            return False  # « quand on fait quatre deux un | … », « trois six d'un | coup »: no faces read out
        if len(rest[0]) > 3 and rest[0][-1] in "sx" and rest[0] not in _NOT_COUNTED:
            return False  # « deux trois | messires sont arrivés »: the numbers count a noun, no faces read out
        numbers = sum(is_number_token(w) and not _article(words, i) for i, w in enumerate(words))
        named_cul = kind == "cul" and "cul" in words and numbers >= 1
        if tuple(rest) == _WHY_NOT:
            return False  # « quatre cinq, pourquoi pas »: an answer (how many?), no throw read out
        return tuple(rest[:2]) != _ACTUALLY and not _PAST.intersection(rest) and (numbers >= 2 or named_cul)
    staked = read.cost == 0.0 and read.call is not None and (read.call.number is not None or read.call.target is not None)
    at_target = read.call is not None and read.call.target is not None and _addressed(rest)
    if _goes_on(rest) and not at_target or _about(words, holds) and not (staked or _own_article(read, words, rest)):
        return False  # (a phrase said exactly with its value keeps its article: « une velute pour vingt points »)
    return any("key" in holds(w) for w in words) or read.cost <= EXACT


def may_take(said: Sequence[Pair], talk: Sequence[Pair]) -> bool:
    """The guards that need no reading (checked first: reading the words before the cut is the cost).

    >>> pair = lambda text: [(w, w) for w in text.split()]
    >>> may_take(pair("pelican"), pair("merci patrick")), may_take(pair("pelican"), pair("il est pas la"))
    (True, False)
    """
    words, rest = said_words(said), said_words(talk)
    if not words or not rest or words[-1] in SLOT_INTRODUCERS:
        return False
    rest = _unaddressed(rest)
    if not rest:
        return True
    if tuple(words[-1:] + rest) == _WHY_NOT or tuple(rest) == _WHY_NOT:
        return True  # « … je mets le max, pourquoi pas »: agreement, not a question
    if not any(is_number_token(w) for w in words) and _about_the_call(rest) and not _addressed(rest):
        return False  # talk about the call (:func:`_goes_on`), and no faces that a throw's rule would weigh
    run_up = next((i for i, w in enumerate(words) if w not in _CORRECTING and w not in HESITATIONS), len(words))
    if _CORRECTING.intersection(words[run_up:]):
        return False
    return _reason(rest) or not (_takes_back(rest) or _denies(rest) or _reports(rest))


def _unaddressed(rest: list[str]) -> list[str]:
    """The talk without the scribe called at its start (« annule, le scribe, tu t'es trompé », « répète le scribe,
    j'ai pas entendu »): what follows is said to him; nor a Belgian's « non peut-être » (« of course »: « six et
    quatre, non peut-être qu'elles sont belles »), which denies nothing."""
    if tuple(rest[: len(_OF_COURSE)]) == _OF_COURSE:
        rest = rest[len(_OF_COURSE) :]
    for called in _CALLED:
        if tuple(rest[: len(called)]) == called:
            return rest[len(called) :]
    return rest


def _reason(rest: Sequence[str]) -> bool:
    """Talk that gives the reason for the call (« … puisque j'ai conservé mon jarret », « … parce qu'il n'a pas
    les points »): it neither takes the call back nor denies it, whatever it names."""
    return bool(rest) and rest[0] in _BECAUSE or tuple(rest[:2]) == ("vu", "que")


def _takes_back(rest: list[str]) -> bool:
    """Talk that takes the call back or asks: a word of correction, or a question word but a relative « qui »
    (after a noun: « tichette de trente-quatre, la tiche qui triche », « le premier qui le dit gagne »)."""
    return any(w in _TAKING_BACK and not (w == "qui" and i > 0 and rest[i - 1] not in _ASKING_QUI)
               for i, w in enumerate(rest))


def _denies(rest: list[str]) -> bool:
    """« … il est pas là »: a negation after a pronoun that names a thing, or one that starts the talk (it
    negates the words before the cut: « sirop gagnant je l'avais | pas dit »)."""
    neg = next((i for i, w in enumerate(rest) if w in NEGATIONS), None)
    if neg is not None and _addressed(rest[neg:]) and set(rest[:neg]) <= _ABOUT_IT | {"est", "etait"}:
        return False  # « c'était pas ton tour »: said to the call's target, the negation is of his turn
    if neg is None:
        return False
    # « y a pas photo »: the « y » of « il y a » names nothing; « le », « la », « les » first in the talk are
    # its articles, not pronouns (« la symétrie n'est pas de ce monde »: an object pronoun follows a subject)
    things = [w for i, w in enumerate(rest[:neg]) if (w != "y" or rest[i + 1] not in ("a", "avait"))
              and not (i == 0 and w in _ARTICLES and neg > 1)]
    return neg == 0 or bool(_THING_PRONOUNS.intersection(things))


def _bare(call: Call) -> bool:
    """A call read with none of its arguments (a target, a number, faces)."""
    return call.target is None and call.number is None and call.dice is None and call.combination is None


def _held(word: str, holds: Holds) -> bool:
    return word in _STAKES or bool(holds(word) & HELD_BY_CALLS)


def _addressed(rest: list[str]) -> bool:
    """Talk said to someone (« c'était pas ton tour », « c'est toi le prochain »): after a call with its target,
    it is said to the target, not about the call (« bévue Perceval, c'était pas ton tour »)."""
    return bool(_YOURS.intersection(rest[:5]))


def _goes_on(rest: list[str]) -> bool:
    """Talk that goes on about the call, completes its last word, or changes its meaning by a pronoun."""
    return _about_the_call(rest) or rest[0] in _POINTING


def _about_the_call(rest: list[str]) -> bool:
    """Talk that goes on about the call (« … c'est … », « … en parlant de … ») or completes its last word (« … de
    … »), or joins the speaker to it (« … moi aussi »); not the speaker claiming it (« velutée, c'est moi qui
    les ai »)."""
    if tuple(rest[:3]) == _CLAIM:
        return False
    return rest[0] in _ABOUT_IT | _COMPLEMENT or _ALSO in rest[:2] or tuple(rest[:2]) == _SPEAKING_OF


def _reports(rest: list[str]) -> bool:
    """« … il a dit », « … qu'elle disait »: another's speech reported."""
    return any(w in _SAYING and _OTHERS.intersection(rest[max(0, i - 3):i]) for i, w in enumerate(rest))


def _own_clause(rest: list[str]) -> bool:
    """Talk that opens with a clause of its own: a subject first, or after one short word or the scribe called
    (« je vais … », « là, j'ai plus de doigts », « wesh je reviens », « scribe, je vais chercher du gâteau »),
    not a noun (« déjeuner, on verra »)."""
    return rest[0] in _SUBJECTS or len(rest) > 1 and rest[1] in _SUBJECTS and (
        rest[0] in HESITATIONS or len(rest[0]) <= 4 or rest[0] in _VOCATIVES)


def _asks(rest: list[str]) -> bool:
    return any(tuple(rest[i:i + 2]) == _ASKS for i in range(len(rest) - 1))


def _own_article(read: Understanding, words: list[str], rest: list[str]) -> bool:
    """An article in what was read is the phrase's own, not talk about a call: a question names its thing with
    one (« qui a le jarret », « c'est quoi les scores »), and so does a call said exactly (« pas mou le
    caillou »). Said first, a call's article makes talk about it (« la grelottine, … », « le roi Arthur »); a
    question's does too when the talk completes it (« un jarret c'est à qui | le tour ») or names its thing
    again (« la règle de la suite, | je l'ai lue dans le train »), not otherwise (« la règle de la velute, jo,
    j'ai oublié »)."""
    if read.command is not None and NEGATIONS.intersection(rest):
        return False  # « c'est quoi déjà la grelottine, j'ai jamais compris le truc »: said to the table
    if words[0] not in _ARTICLES:
        return read.command is not None or read.cost == 0.0
    return read.command is not None and rest[0] not in _ARTICLES and not _names_it_again(rest)


def _names_it_again(rest: list[str]) -> bool:
    """A subject then an object pronoun in the talk (« je l'ai lue », « on la joue »): the thing said before."""
    return any(a in _SUBJECTS and b in _OBJECTS for a, b in zip(rest, rest[1:]))


def _about(words: list[str], holds: Holds) -> bool:
    """A call's name said first after an article: talk about it (« le roi Arthur », « une mouette »)."""
    if words[0] in _ARTICLES:
        return True
    named = next((i for i, w in enumerate(words) if holds(w) & {"key", "word"}), 0)
    return named > 0 and words[named - 1] in _ARTICLES
