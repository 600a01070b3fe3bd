"""Dice said in the roller's own words, read by their structure rather than by a template per phrasing.

A throw is told with die faces (« un » … « six », digits), maybe a word that says which dice they are (« les
chouettes », « le cul », « le dé », « les trois dés », « le troisième »), a multiplier (« double cinq »,
« paire de trois », « deux fois six »), connectives (« et », « puis », « pis ») and the roller's verbs and
small words (« j'ai fait », « ça donne », « mes », « alors »). :func:`read_dice` reads any order of those and
nothing else: one word outside them (a number that is no face, a name, a bird, a stake's verb) and it reads
nothing, so a score, a stake or table talk is never taken for a throw.

It is the matcher's last resort (``Matcher.understand`` asks it only when no phrase of the grammar reads the
words), so it only has to be right, never to compete with the grammar.

>>> read_dice("mes chouettes c est six pis trois".split())
DiceReading(kind=<CallKind.CHOUETTES: 'chouettes'>, dice=(6, 3))
>>> read_dice("j'ai eu un cinq un trois et un un".replace("'", " ").split())
DiceReading(kind=<CallKind.DES: 'des'>, dice=(5, 3, 1))
>>> read_dice("le cul donne quarante".split()) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from voice_scribe.engine.calls import CallKind
from voice_scribe.understand.numbers import DIE_WORDS, is_number_token, scores_said

#: The faces in words and digits.
FACES = {word: face for word, face in DIE_WORDS.items() if word != "une"} | {str(face): face for face in range(1, 7)}
#: Words before a face that make it two or three of it (« double six », « triple un »).
_MULTIPLIERS = {"double": 2, "triple": 3}
#: « deux fois six », « trois fois un »: a count, « fois », then the face.
_TIMES = {"deux": 2, "trois": 3}
#: The articles of « as » (« un as », « l'as »: the face one; « as » alone is the verb, « t'as fait … »).
_ACE_ARTICLES = frozenset({"un", "l"})
#: Words that say which dice the faces are.
_CHOUETTES = frozenset({"chouettes", "chouette"})
_CUL = frozenset({"cul", "derriere", "derrière"})
_ONE_DIE = frozenset({"dé", "sirop"})
_DICE = frozenset({"dés"})
#: Dice words a number before counts (« les deux chouettes », « trois dés »).
_COUNTED = frozenset({"chouettes", "dés", "des", "dé"})
#: Small words that sound like the face « deux »: right after a face, the throw is not read.
_DE_SOUNDS = frozenset({"de", "d", "des"})
#: The dice by their rank (« premier dé deux, second dé six »).
_RANKS = frozenset({"premier", "première", "premiere", "deuxième", "deuxieme", "second", "seconde"})
#: The last die by its rank (« le troisième », « le dernier »): the cul.
_LAST = frozenset({"troisieme", "troisième", "dernier"})
#: Connectives between faces.
_CONNECTIVES = frozenset({"et", "puis", "pis", "plus", "ensuite", "apres", "après"})
#: The verbs of rolling and showing: one face said with no die named needs one (« j'ai sorti un six »).
_ROLLING = frozenset("fait fais eu sorti sors tire tiré obtiens obtenu lance lancé lances jette jeté donne donnent "
                     "font indique indiquent montre montrent affiche tombe tombent roule tourne envoie envoyé "
                     "balance balancé "
                     # the die landing on its face (« le cul se pose sur quatre », « … finit sur deux »)
                     "pose posé fixe finit termine atterrit retombe immobilise".split())
#: The roller's verbs, the small words and table particles a throw is told with: nothing else may be left over.
_AROUND = frozenset(
    # verbs of rolling and showing (« j'ai fait », « j'ai sorti », « ça donne », « le dé indique »)
    "j je ai a fait fais eu sorti sors tire tiré obtiens obtenu lance lancé lances jette jeté "
    "donne donnent font indique indiquent montre montrent affiche tombe tombent sont est c ca ça me m moi "
    "vous te annonce on envoie envoyé balance balancé voici resultat résultat "
    # small words and places (« au cul », « pour les chouettes », « sur le dé »)
    "le la là les l mes mon ma au aux pour dans du de des sur avec "
    # « y a quatre quatre »: what there is on the table
    "y "
    # the die rolling (« le cul roule et s'arrête sur quatre »), landing (« … se pose sur »: the rolling verbs are
    # all among these words), the table particles (« alors », « hop »)
    "roule roulent tourne tournent arrete arrête s relance relancé se "
    "alors donc bon ben hop ouais oui voilà voila enfin ici "
    # « et re-trois »: the face again
    "re "
    # exclamations and the table addressed after the throw (« … incroyable », « … mes amis », « grave nul … »,
    # « … trop bien », « … tranquille »)
    "incroyable amis ami gars vieux merci revoir table trop fort mesdames messieurs "
    "grave nul nulle tranquille bien chaud "
    # the scribe addressed, told to write the throw down (« note deux et six », « … scribe »)
    "scribe note notez mets mettez marque marquez "
    # the words owning a mistake (the throw then corrects the last one, see :func:`corrects`), several at once
    # (« oups, rectification, … », « nan j'me suis planté, … », « pardon correction … »)
    "erreur correction rectification non etait était attends attend suis trompe trompé plante planté "
    "oups pardon nan mele mêlé goure gouré".split()
) | _ROLLING


@dataclass(frozen=True)
class DiceReading:
    """A throw read from the roller's words: which dice (the call's kind) and their faces."""

    kind: CallKind
    dice: tuple[int, ...]


def read_dice(words: Sequence[str]) -> DiceReading | None:
    """The throw ``words`` tell (plain words, one a token), or None when anything in them is not a throw's word.

    >>> read_dice(["le", "troisième", "dé", "le", "cul", "donne", "quatre"])
    DiceReading(kind=<CallKind.CUL: 'cul'>, dice=(4,))
    >>> read_dice(["double", "cinq"])
    DiceReading(kind=<CallKind.CHOUETTES: 'chouettes'>, dice=(5, 5))
    >>> read_dice(["je", "mise", "sur", "six"]) is None
    True
    """
    readings = read_throws(words)
    return readings[0] if readings else None


def read_throws(words: Sequence[str]) -> tuple[DiceReading, ...]:
    """Every throw ``words`` may tell, the faces as said first: when a face is counted beside another said with
    its article (« deux six et un trois »: the dice two, six, three, or two sixes and a three), both readings —
    the scribe asks, or the game decides. Empty when anything in the words is not a throw's word.

    >>> read_throws("deux six et un trois".split())
    (DiceReading(kind=<CallKind.DES: 'des'>, dice=(2, 6, 3)), DiceReading(kind=<CallKind.DES: 'des'>, dice=(6, 6, 3)))
    >>> read_throws("un deux et un trois".split())
    (DiceReading(kind=<CallKind.CHOUETTES: 'chouettes'>, dice=(2, 3)),)
    """
    plain = list(words)
    said = _without_denied(plain)
    if len(said) > 1 and said[0] in _CONNECTIVES and said[1] in FACES:
        return ()  # « … et six »: the throw's first face was not heard
    denied = len(said) < len(plain)  # a value denied (« … pas un cinq »): the face before it is a throw told
    said = _counts_said(said)
    first = _reading(said, True, denied) or _reading(said, False, denied)
    counted = _counted(said)
    article = _reading(said, False, denied) if _un_may_be_an_article(said) else None
    return tuple(dict.fromkeys(r for r in (first, counted, article) if r is not None))


#: « les deux à six », « tous les deux à trois »: both dice show that face.
_BOTH = {"deux": "double", "trois": "triple"}


#: Words praising the faces counted (« deux beaux six »).
_FINE = frozenset("beaux belles jolis jolies gros grands magnifiques superbes".split())


def _counts_said(said: list[str]) -> list[str]:
    """``said`` with « les deux à six » (both dice at six) as « les double six ».

    >>> _counts_said("les deux a six".split()), _counts_said("deux a six".split())
    (['les', 'double', 'six'], ['deux', 'a', 'six'])
    >>> _counts_said("deux beaux six".split())
    ['double', 'six']
    """
    out: list[str] = []
    i = 0
    while i < len(said):
        w = said[i]
        if (w in _BOTH and i and said[i - 1] in ("les", "tous") and i + 2 < len(said) and said[i + 1] in ("a", "à")
                and said[i + 2] in FACES):
            out.append(_BOTH[w])
            i += 2
            continue
        if w in _BOTH and i + 2 < len(said) and said[i + 1] in _FINE and said[i + 2] in FACES:
            out.append(_BOTH[w])  # « deux beaux six », « trois jolis cinq »: the count, praised
            i += 2
            continue
        out.append(w)
        i += 1
    return out


def _un_may_be_an_article(said: list[str]) -> bool:
    """Whether « un » before a face may be its article though another « un » is said alone (« un et un six »: the
    one then « un six » said again, or three dice): every other face is said with an article or a count.

    >>> _un_may_be_an_article("un et un six".split()), _un_may_be_an_article("un trois quatre".split())
    (True, False)
    >>> _un_may_be_an_article("un un deux".split())
    False
    """
    candidates = {i for i in range(len(said) - 1) if said[i] in ("un", "une") and said[i + 1] in FACES
                  and said[i + 1] not in ("un", "une") and (i == 0 or said[i - 1] not in FACES)}
    if not candidates or _articles(said) >= candidates:
        return False
    faces = [j for j, w in enumerate(said) if w in FACES and j not in candidates]
    # the one said alone before a connective (« un et … »), every other face with its article or its count
    return all(said[j] in ("un", "1") and j + 1 < len(said) and said[j + 1] in _CONNECTIVES
               or j - 1 in candidates or j and said[j - 1] in _MARKING for j in faces)


#: Oaths and interjections a loud table says before or between a throw's words (« boudu une paire de trois »,
#: « cinq peuchère cinq »): never a throw's word themselves.
_OATHS = frozenset("putain boudu peuchere peuchère macarel con bordel merde paf oh ah euh eh attends attend "
                   "ouais allez regardez regarde bof zut mince "
                   # Alsatian interjections and the cold (« cinq et cinq, gell, cinq et cinq », « trois, brr, trois »)
                   "hopla gell brr brrr brrrr "
                   # a sigh (« six et un, pfff, je reste à cent douze »)
                   "pff pfff pffff pfft".split())
#: Numbers that are no face, and the game's words: in a remark after the faces they make them a sum or talk.
_NUMBERS = frozenset("zero zéro sept huit neuf dix onze douze treize quatorze quinze seize vingt trente quarante "
                     "cinquante soixante cent mille".split())
_GAME_WORDS = frozenset("velute velutes suite suites neant néant civet sirop linotte linottes bevue bévue grelottine "
                        "points point chouette chouettes cul".split())
#: Whether a throw said once then a remark (« six cinq allez on y croit ») is a fair reading: asked of the reading
#: (its kind and faces), True only where the game awaits that throw from the speaker (``context.remark_gate``).
#: Out of context, never (measured in the eighth round: writer 11 +5.4 points but one more held-out chatter line).
RemarkGate = Callable[[DiceReading], bool]


#: The words a remark after a throw opens with: a clause (« je le sens pas », « c'est nul »), nothing made of
#: it (« rien du tout », « pas de bol », « chais pas »), an oath. A noun right after the faces is a count of
#: things (« deux trois bières »), not a throw.
_REMARK_OPENERS = frozenset("je j on tu t il elle vous c ca ça y et pas rien que chais sais bon ben bah quelle quel "
                            "vite tapez qu vas va votre vos".split())
#: « … voilà, j'suis à cent soixante-quatorze »: the throw told, then a clause (« deux trois voilà des bières » counts)
_TOLD = frozenset({"voila", "voilà"})


#: A clause's first words: after a last face « un », they make it the face (« … et un je le sens pas »), as an oath
#: or a throw's word does (« un au cul ça va pas ») — but for the words said before a noun (« un bon pressentiment »).
_CLAUSES = frozenset("je j on tu t il elle c ca ça y qu".split())
_BEFORE_A_NOUN = frozenset("bon bien trop grand gros petit beau sacre sacré".split())


#: Words with the endings of the imperfect or the conditional that are neither (« ça fait », « parfait », « vrais »).
_NOT_ANOTHER_TIME = frozenset("fait parfait satisfait refait souhait trait lait vrais frais".split())


def _another_time(word: str) -> bool:
    """Whether ``word`` is a verb in the imperfect or the conditional (« était », « fallait », « aurais »): a remark
    so said talks about a throw that was or would have been, not about the one just thrown.

    >>> _another_time("etait"), _another_time("aurais"), _another_time("fait"), _another_time("sens")
    (True, True, False, False)
    """
    return word.endswith(("ait", "aient", "rais")) and word not in _NOT_ANOTHER_TIME


#: The table addressed after a throw (« … messire », « … mes seigneurs », « … les mecs », « … bande de manants »,
#: « … mon petit Perceval »): a name said is ``{player}``.
_ADDRESSES = frozenset("{player} messire messires sire sires seigneur seigneurs seigneuries monseigneur mecs meufs "
                       "messieurs mesdames amis ami gars vieux "
                       "reufs frerot frérot frere frère freres frères potes copains copain bande espece especes "
                       "espèce espèces manants gueux bouseux tavernier tavernière aubergiste chers".split())
#: The table's interjections and slang said after a throw (« … easy », « … osef », « … téma », « … oyez oyez »).
_INTERJECTIONS = frozenset("easy come no ok okay yes cool osef bref chelou relou tema téma wesh oyez nada ouf "
                           "stylé style bim bam boum tadam hophop".split())
#: Prepositions that open a remark rather than count things (« … par les dieux », « … comme les doigts de la
#: main », « … sans commentaire », « … en mode néant », « … à vos paris »).
_REMARK_PREPOSITIONS = frozenset("par comme sans en a à".split())


#: The gods a table swears by (« par les dieux … », « par tous les saints … »).
_INVOKED = frozenset("par tous toutes dieux dieu saints saint olympe diable ciel".split())


#: The verbs of saying a throw is told again after (« six je vous dis six », « quatre j'ai dit quatre »).
_SAYING = frozenset("dis dit dire repete répète redis".split())


def _calls_the_table(word: str) -> bool:
    """Whether ``word``, said before a throw, calls the table or swears (« oyez oyez », « messires », « par les
    dieux », a name): with no face, none of a throw's own words are needed.

    >>> _calls_the_table("oyez"), _calls_the_table("{player}"), _calls_the_table("bieres")
    (True, True, False)
    """
    return (word in _ADDRESSES or word in _INTERJECTIONS or word in _INVOKED or word in _OATHS
            or _throw_word(word) and word not in FACES)


def _imperative(word: str) -> bool:
    """Whether ``word`` is a verb said to the table (« taisez », « pariez », « remettez »): the second plural.

    >>> _imperative("pariez"), _imperative("assez"), _imperative("chez")
    (True, False, False)
    """
    return len(word) > 4 and word.endswith("ez") and word not in ("assez",)


def _opens_a_remark(after: list[str], before: str = "") -> bool:
    """Whether the words after a throw's last face open a remark (« … et taisez-vous », « … c'est nul »), the
    table addressed or an interjection (« … messire », « … easy »), a preposition (« … par les dieux »);
    ``before``: the word said just before them (« … mon petit … », « … trop stylé »).

    >>> _opens_a_remark("c est nul".split()), _opens_a_remark("bieres et on y va".split())
    (True, False)
    >>> _opens_a_remark("messire".split()), _opens_a_remark("petit perceval".split(), "mon")
    (True, True)
    """
    if not after:
        return False
    w, nxt = after[0], after[1] if len(after) > 1 else ""
    if w in _ADDRESSES:
        return _addressed(after)
    if w in _ASKING:
        return _asks_the_table(w, nxt)
    if w in _TOLD:
        return nxt in _CLAUSES or nxt in _REMARK_OPENERS
    return (w in _REMARK_OPENERS or w in _OATHS or w in _INTERJECTIONS
            or w in _REMARK_PREPOSITIONS or _imperative(w) or before in ("mon", "ma", "trop") and w not in _NUMBERS)


#: Words that may open a question to the table after a throw (« … qui veut trinquer », « … pourquoi vous
#: comptez sur vos doigts ») or its consequence (« … donc ça me met à cent quarante »).
_ASKING = frozenset({"qui", "pourquoi", "donc"})
#: The persons a « pourquoi » asks of (« pourquoi vous riez »; « pourquoi pas » answers).
_ASKED = frozenset("vous tu t il elle on je j ils elles".split())


def _asks_the_table(w: str, nxt: str) -> bool:
    """« qui » before a verb in the singular asks (« qui veut parier », « qui a le nez qui gratte », « qui c'est
    qui va boire »); before one in the plural it is a relative after a count (« cinq six qui veulent venir »,
    « deux trois qui viennent demain »); « pourquoi » asks a person (not « pourquoi pas »); « donc » opens a
    clause or the speaker's score (« … donc ça me met à cent quarante », « … donc deux cent vingt-quatre »).

    >>> _asks_the_table("qui", "veut"), _asks_the_table("qui", "veulent"), _asks_the_table("pourquoi", "pas")
    (True, False, False)
    """
    if w == "qui":
        return bool(nxt) and not nxt.endswith("nt") and nxt not in _PLURAL_VERBS
    if w == "pourquoi":
        return nxt in _ASKED
    return nxt in _CLAUSES or nxt == _SCORE


#: Verbs in the plural that end in no « -nt » (« qui sont », « qui ont »).
_PLURAL_VERBS = frozenset({"sont", "ont", "vont", "font"})


#: Insults that address the table with « de » after them (« bande de manants », « espèces de bouseux »).
_INSULT_HEADS = frozenset("bande espece especes espèce espèces".split())


def _addressed(after: list[str]) -> bool:
    """Whether the address opening ``after`` calls the table: it ends the words, or another call, remark or oath
    follows it (« … les mecs c'est le feu »); an insult takes « de » (« … bande de gueux »). Followed by other
    words it may be things counted after the faces (« deux trois messires sont arrivés »).

    >>> _addressed(["messires"]), _addressed("mecs c est le feu".split()), _addressed("messires sont la".split())
    (True, True, False)
    >>> _addressed("bande de gueux".split())
    True
    """
    w, nxt = after[0], after[1] if len(after) > 1 else ""
    if w in _INSULT_HEADS:
        return nxt in ("de", "d")
    return (not nxt or nxt in _ADDRESSES or nxt in _REMARK_OPENERS or nxt in _OATHS or nxt in _INTERJECTIONS
            or nxt in _REMARK_PREPOSITIONS or _imperative(nxt))


#: Where the faces are summed after the throw (« deux et trois ça fait cinq »).
_SUMMING = frozenset({"ca", "ça", "c", "donc", "egal", "égal"})
#: Subjects of the verb « as » (« t'as », « tu as »): after them « as » is never the face one.
_AS_SUBJECTS = frozenset({"t", "tu", "il", "elle", "on", "y", "qu", "que", "qui"})


def _aces(said: list[str]) -> list[str]:
    """« as » as the face one where it is no verb (« six et as », « as trois », « deux as »: two ones).

    >>> _aces("deux as et trois".split()), _aces("t as vu ce six".split())
    (['double', '1', 'et', 'trois'], ['t', 'as', 'vu', 'ce', 'six'])
    """
    out: list[str] = []
    said = [w for i, w in enumerate(said) if not (w == "une" and i + 1 < len(said) and said[i + 1] == "paire")]
    said = _counts_said(said)
    for i, w in enumerate(said):
        before = said[i - 1] if i else ""
        if w != "as" or before in _AS_SUBJECTS or before in _ACE_ARTICLES:
            out.append(w)
        elif before in _TIMES and (i < 2 or said[i - 2] not in FACES):
            out[-1] = {2: "double", 3: "triple"}[_TIMES[before]]
            out.append("1")
        else:
            out.append("1")
    return out


def _throw_word(w: str) -> bool:
    return (w in FACES or w in _CONNECTIVES or w in _AROUND or w in _MULTIPLIERS or w in _CHOUETTES
            or w in _CUL or w in _ONE_DIE or w in _DICE or w in _LAST or w in _RANKS or w in ("paire", "fois", "as"))


def _runs(said: list[str]) -> list[tuple[int, int]]:
    """The spans of throw's words (start, end) that hold a face, in order."""
    spans, start = [], None
    for i, w in enumerate(said + [""]):
        if i < len(said) and _throw_word(w):
            start = i if start is None else start
            continue
        if start is not None and any(x in FACES for x in said[start:i]):
            spans.append((start, i))
        start = None
    return spans


#: What a score said after the throw is read as (no face, no number, no word of a throw).
_SCORE = "·"


def _scores_out(said: list[str], after: int) -> list[str]:
    """``said`` with the scores said from ``after`` on (:func:`~.numbers.scores_said`) put out of the throw's
    words: the score the speaker gives himself (« deux deux six et je monte à cent soixante-dix-huit »), a
    remark's words, not faces said again.

    >>> _scores_out("six et un je reste a cent douze".split(), 3)
    ['six', 'et', 'un', 'je', 'reste', 'a', '·', '·']
    >>> _scores_out("deux et trois ca fait cinq".split(), 3)
    ['deux', 'et', 'trois', 'ca', 'fait', 'cinq']
    """
    out = list(said)
    for i, j in scores_said(said, after):
        out[i:j] = [_SCORE] * (j - i)
    return out


def _dice_of(words: list[str], after: str = "") -> tuple[tuple[int, ...], frozenset[str]] | None:
    """The faces and dice words ``words`` say; a last « un » before ``after``, a remark's word, is its article
    (« … taisez-vous un peu »: no face)."""
    if len(words) > 1 and words[-1] in ("un", "une") and after and after not in _OATHS:
        words = words[:-1]
    return _faces(words)


def _twice(core: list[str]) -> tuple[tuple[int, ...], frozenset[str]] | None:
    """The throw said twice in one breath (« six quatre six quatre », « double un ouais double as »): the faces
    of the first half, with the dice words of both; None when ``core`` is not one throw said twice."""
    starts = [k for k in range(1, len(core)) if core[k] in FACES or core[k] in _MULTIPLIERS or core[k] == "paire"
              or core[k] in _TIMES and k + 1 < len(core) and core[k + 1] == "fois"]
    for k in starts:
        if core[k - 1] in _CONNECTIVES:
            continue  # « deux et | deux … »: a throw does not end on « et »
        for first, second in ((_faces(core[:k]), _faces(core[k:])),
                              (_faces(core[:k], ones=True), _faces(core[k:], ones=True))):
            # (one face said twice needs the rolling verb before it again: « six, je fais six »)
            if first and second and (len(first[0]) > 1 or core[k - 1] in _ROLLING) and first[0] == second[0]:
                return first[0], first[1] | second[1]
    return None


#: « les deux cinq », « les trois six »: every die of them shows that face (the multiplier it reads as).
_BOTH = {"deux": "double", "trois": "triple"}


def both_faces(words: Sequence[str]) -> list[str] | None:
    """``words`` with « les deux <face> » / « les trois <face> » (both or all three dice on that face: « cinq et
    cinq, les deux cinq ») read as « double <face> » / « triple <face> », never as the faces two and five;
    None when no such words are said. « les deux chouettes » counts the dice (no face after « deux »); « les
    trois trois » may be the faces said with an article as much as three threes: left as said.

    >>> both_faces("cinq et cinq les deux cinq".split())
    ['cinq', 'et', 'cinq', 'double', 'cinq']
    >>> both_faces("les deux chouettes".split()) is None, both_faces("deux cinq".split()) is None
    (True, True)
    """
    out, found = list(words), False
    for i in range(len(out) - 2):
        if out[i] == "les" and out[i + 1] in _BOTH and out[i + 2] in FACES and out[i + 2] not in ("un", out[i + 1]):
            out[i : i + 2] = ["", _BOTH[out[i + 1]]]
            found = True
    return [w for w in out if w] if found else None


def read_amid_remarks(words: Sequence[str], remark_fits: RemarkGate | None = None) -> DiceReading | None:
    """A throw said with the table's remarks around it: oaths before it (« boudu une paire de trois »), said again
    with an oath between (« cinq peuchère cinq »: one five; « six quatre six quatre t'entends ou quoi »: 6-4), or
    said once with a remark after it (« six cinq allez on y croit ») when ``remark_fits`` that reading (the game
    awaits that throw from the speaker). Only the first run of throw's words is read; any later face must repeat
    it, and one face needs its repetition, a dice word, a rolling verb or a remark that fits. None when no such
    throw is told.

    >>> read_amid_remarks("six quatre six quatre t entends ou quoi".split())
    DiceReading(kind=<CallKind.CHOUETTES: 'chouettes'>, dice=(6, 4))
    >>> read_amid_remarks("cinq peuchere cinq".split())
    DiceReading(kind=<CallKind.DE: 'de'>, dice=(5,))
    >>> read_amid_remarks("t as vu ce six".split()) is None, read_amid_remarks("deux minutes".split()) is None
    (True, True)
    """
    return _amid(words, remark_fits)[0]


def told_twice(words: Sequence[str]) -> bool:
    """Whether ``words`` (every word heard, oaths too) tell one throw said twice (« trois putain trois »: one
    three, not the chouettes 3-3; « cinq et un euh cinq un »: 5-1): the phrases, skipping the oath, read more dice.

    >>> told_twice("trois putain trois".split()), told_twice("trois trois".split())
    (True, False)
    """
    return _amid(words)[1]


#: Articles before a combination's name: the combinations talked about (« une velute », « la suite »).
_GAME_ARTICLES = frozenset("un une le la l les des du de d".split())


def _game_talked_about(said: list[str], start: int, end: int, in_context: bool) -> bool:
    """Whether a game's word in the words after a throw makes them talk about the game rather than tell a throw:
    out of context always; against a game, only right after the throw's words (« deux linottes »: things
    counted), not in a remark that names the throw's combination bare (« … alors là c'est velute ça non », « … en
    mode néant »); with its article it is the combinations talked about (« … c'est une suite et une velute »).

    >>> _game_talked_about("deux linottes".split(), 0, 1, True)
    True
    >>> _game_talked_about("un trois cinq c est velute".split(), 0, 3, True)
    False
    >>> _game_talked_about("un trois cinq c est velute".split(), 0, 3, False)
    True
    >>> _game_talked_about("un deux trois c est une suite".split(), 0, 3, True)
    True
    """
    named = [i for i in range(end, len(said)) if said[i] in _GAME_WORDS and not _throw_word(said[i])]
    if not named:
        return False  # « … au cul »: the dice named, no game talked about
    with_article = any(said[i - 1] in _GAME_ARTICLES for i in named)
    last_face = max(i for i in range(start, end) if said[i] in FACES)
    return not in_context or named[0] == last_face + 1 or with_article


def _pronoun_one(said: list[str], end: int, s: int, e: int, dice: tuple[int, ...]) -> bool:
    """Whether the later run ``said[s:e]`` is a lone « un » inside a remark after the throw (« … et pas un mot »,
    « … je vais en choisir un »): the pronoun or an article, not the face one said again.

    >>> _pronoun_one("deux quatre et pas un mot".split(), 3, 4, 5, (2, 4))
    True
    >>> _pronoun_one("un putain un".split(), 1, 2, 3, (1,))
    False
    """
    faces = [w for w in said[s:e] if w in FACES]
    inside = any(w not in _OATHS and not _throw_word(w) for w in said[end:s])
    return faces in (["un"], ["une"]) and dice != (1,) and inside


#: The words pointing at a face already said (« … la cruauté de ce cinq », « … mon six, lui, il est beau »).
_POINTING = frozenset("ce cet mon ton son notre votre".split())


def _pointed_at(said: list[str], s: int, e: int, dice: tuple[int, ...]) -> bool:
    """Whether the later run ``said[s:e]`` is one face of the throw pointed at in the remark (« six et cinq, je
    vous laisse méditer sur la cruauté de ce cinq »): the face talked about, not another throw.

    >>> _pointed_at("six et cinq regardez ce cinq".split(), 5, 6, (6, 5))
    True
    >>> _pointed_at("six et cinq regardez ce trois".split(), 5, 6, (6, 5))
    False
    """
    run = [w for w in said[s:e] if w in FACES]
    return s > 0 and said[s - 1] in _POINTING and len(run) == 1 and FACES[run[0]] in dice


def _one_by_one(run: list[str]) -> bool:
    """Whether each face of ``run`` is said with its article (« le trois et le cinq »): the dice told one by one, a
    throw, not a combination named by its faces (« le quatre deux un »).

    >>> _one_by_one("le trois et le cinq".split()), _one_by_one("le quatre deux un".split())
    (True, False)
    """
    faces = [i for i, w in enumerate(run) if w in FACES]
    return len(faces) > 1 and all(i and run[i - 1] in ("le", "la", "l") for i in faces)


def _amid(words: Sequence[str], remark_fits: RemarkGate | None = None) -> tuple[DiceReading | None, bool]:
    """:func:`read_amid_remarks`, and whether the throw was said twice."""
    said = _aces(list(words))
    runs = _runs(said)
    if not runs:
        return None, False
    said = _scores_out(said, runs[0][0])
    runs = _runs(said)
    if not runs:
        return None, False  # (« deux cent douze »: a score, no face)
    run_up = [w for w in said[: runs[0][0]] if w not in _OATHS]
    if run_up and not (remark_fits is not None and all(_calls_the_table(w) for w in run_up)):
        return None, False  # words before the throw that are no oath: table talk about a throw
    start, end = runs[0]
    rest = [w for w in said[end:] if not _throw_word(w) and w not in _OATHS]
    if any(w in _NUMBERS for w in rest) or _game_talked_about(said, start, end, remark_fits is not None):
        return None, False  # « … ça fait sept », « … deux linottes »: a sum or the game talked about, no throw
    if rest and said[start] in ("le", "la", "les", "l") and said[start + 1] in FACES and not _one_by_one(said[start:end]):
        return None, False  # « le quatre deux un c'est … »: a combination named by its faces, talked about
    for i in range(start + 1, end):
        if said[i] in _SUMMING and said[i - 1] not in _SUMMING and any(w in FACES for w in said[start:i]):
            end = i  # « deux et trois ça fait cinq »: the faces summed after the throw
            break
    twice = _twice(said[start:end])
    read = twice or _faces(said[start:end])
    if read is None or not read[0]:
        return None, False
    dice, marks = read
    # « putain de trois »: the oath's « de », not the face two
    runs = [(s, e) for s, e in runs if s >= end] if end < runs[0][1] else runs[1:]
    if remark_fits is not None:
        runs = [(s, e) for s, e in runs if not _pronoun_one(said, end, s, e, dice) and not _pointed_at(said, s, e, dice)]
    # « putain de trois »: the oath's « de », not the face two
    later = [_dice_of(said[s + (said[s] == "de" and said[s - 1] in _OATHS) : e], said[e] if e < len(said) else "")
             for s, e in runs]
    if any(d is None for d in later):
        return None, False
    said_again = [(s, e) for (s, e), d in zip(runs, later) if d is not None and d[0]]
    later = [d for d in later if d is not None and d[0]]
    if any(d[0] != dice for d in later):
        return None, False  # another throw said after the remark
    between = said[end : said_again[0][0]] if said_again else []
    called = remark_fits is not None and bool(said_again) and (len(dice) > 1 and all(_calls_the_table(w) for w in between)
                                          or bool(between) and all(w in _SAYING or _throw_word(w) for w in between))
    if said_again and any(w not in _OATHS for w in between) and not called:
        return None, False  # the throw said again after words that are no oath (« trois cat trois »: a die misheard)
    last_face = max(i for i in range(start, end) if said[i] in FACES)
    remark = bool(rest) and not later and twice is None  # the throw said once, then words that are no throw's
    opens = _opens_a_remark(said[last_face + 1 :]) or _opens_a_remark(said[end:], said[end - 1])  # « … au cul quelle misère »
    if any(_another_time(w) for w in said[last_face + 1 :]):
        opens = False  # « six cinq c'était mieux hier », « … j'aurais pris »: talk about another throw than this one
    if said[last_face] in ("un", "une") and last_face + 1 < len(said):
        # « j'ai un bon pressentiment »: « un » before a word is its article, unless a clause or an oath follows
        nxt = said[last_face + 1]
        # (the table addressed, an interjection or a preposition never follows an article either)
        called = nxt in _ADDRESSES or nxt in _INTERJECTIONS or nxt in _REMARK_PREPOSITIONS or _imperative(nxt)
        opens = opens and (nxt in _CLAUSES or nxt in _OATHS or called or _throw_word(nxt) and nxt not in _BEFORE_A_NOUN)
    after_face = said[last_face + 1] if last_face + 1 < len(said) else ""
    counts = len(after_face) > 3 and after_face[-1] in "sx"  # « le cul six pieds sous terre »: a count of things
    if any(w in _CUL for w in said[start:last_face]) and not counts and not any(_another_time(w) for w in said[last_face + 1 :]):
        opens = True  # « le cul un, tout petit tout mignon »: the die named before its face, then any remark
    if run_up:
        remark = True  # the table called before the throw (« oyez oyez … », « Karadoc un quatre »): as a remark
        opens = opens or not rest
    if remark and not (remark_fits is not None and opens):
        return None, False  # « deux trois bières et on y va »: « deux-trois » things, not a throw
    marks = marks.union(*(d[1] for d in later))
    again = bool(later) or twice is not None
    if len(dice) == 1 and not marks - {"rolled"}:
        # one face: said again (« cinq peuchère cinq »), or with a remark where one die is awaited
        # (« cinq et je dis plus rien » at the cul); never with a remark out of context (« ça fait deux heures »)
        reading = DiceReading(CallKind.DE, dice) if (twice is not None or later) and (not rest or called) or remark \
            else None
    else:
        reading = _kind(dice, marks)
    if remark and reading is not None and not (remark_fits is not None and remark_fits(reading)):
        # « un deux c'est nul »: « un » the article of the die, or the one of two chouettes — the awaited throw says
        ones = _faces(said[start:end], ones=True)
        other = _kind(*ones) if ones is not None and len(ones[0]) > 1 else None
        if other is None or not (remark_fits is not None and remark_fits(other)):
            return None, False  # a throw and a remark: read only where the game awaits that throw from the speaker
        reading = other
    if called and rest and reading is not None and not (remark_fits is not None and remark_fits(reading)):
        return None, False  # said again after words calling the table: only where the game awaits that throw
    return reading, again and reading is not None

def _reading(said: list[str], parallel: bool, denied: bool) -> DiceReading | None:
    """The throw the words tell (« un » read as :func:`_faces` says), or the last statement of it."""
    faces = _faces(said, parallel)
    if faces is None:
        return None
    if denied:
        faces = (faces[0], faces[1] | {"rolled"})
    return _kind(*faces) or _last_statement(said)


def _counted(said: list[str]) -> DiceReading | None:
    """The throw read with each « deux » / « trois » before a face as a count of it, when another face is said
    with its article (« deux six et un trois », « un six et deux cinq »), or None.

    >>> _counted("j ai deux cinq et un six".split())
    DiceReading(kind=<CallKind.DES: 'des'>, dice=(5, 5, 6))
    >>> _counted("deux six et trois".split()) is None, _counted("six et deux trois".split())
    (True, DiceReading(kind=<CallKind.DES: 'des'>, dice=(6, 3, 3)))
    """
    article = any(w in ("un", "une") and nxt in FACES and nxt not in ("un", "une")
                  for w, nxt in zip(said, said[1:]))
    words, counted = list(said), False
    for i in range(len(said) - 1):
        alone = i + 2 >= len(said) or said[i + 2] not in FACES  # « deux six » then no other face
        after_a_face = i > 0 and said[i - 1] in FACES
        # « six et deux trois »: after « et », the last two words a count and a face (measured on the tune
        # corpora: a count there 2 times of 2; elsewhere without an article 1 of 54)
        last_after_and = i + 2 == len(said) and i > 1 and said[i - 1] == "et" and said[i - 2] in FACES
        if said[i] in _TIMES and said[i + 1] in FACES and alone and not after_a_face and (article or last_after_and):
            words[i] = {2: "double", 3: "triple"}[_TIMES[said[i]]]
            counted = True
    faces = _faces(words) if counted else None
    return _kind(*faces) if faces else None


def is_throw_word(word: str) -> bool:
    """Whether ``word`` is one a throw is told with besides its faces (a connective, the roller's verbs and small
    words): « puis » between two faces is the connective, not a number heard by its sound.

    >>> is_throw_word("puis"), is_throw_word("huit")
    (True, False)
    """
    return word in _CONNECTIVES or word in _AROUND


def names_the_dice(words: Sequence[str]) -> bool:
    """Whether the dice thrown are named (« les chouettes », « le cul », « les dés »): the throw's kind is said.

    >>> names_the_dice("chouettes un cinq et un un".split()), names_the_dice("un cinq et un un".split())
    (True, False)
    """
    return any(w in _CHOUETTES or w in _CUL or w in _DICE for w in words)


def counts_faces(words: Sequence[str]) -> bool:
    """Whether a face is said with how many of it (« trois fois le un », « double six », « paire de quatre »,
    « deux six et un trois »): words a phrase may skip, that make the throw another one.

    >>> counts_faces("j ai fait trois fois le un".split()), counts_faces("un deux trois".split())
    (True, False)
    """
    said = list(words)
    if any(w in _MULTIPLIERS or w in ("fois", "paire") for w in said) or _counted(said) is not None:
        return True
    # « et re trois » (the face again), « deux as » (two ones), « les deux à six » (both at six)
    return any(w == "re" and nxt in FACES or w in _TIMES and nxt == "as" for w, nxt in zip(said, said[1:])) or \
        _counts_said(said) != said


def _without_denied(said: list[str]) -> list[str]:
    """``said`` without the wrong value denied after the right one (« c'est un quatre pas un cinq »).

    >>> _without_denied("un quatre pas un cinq".split())
    ['un', 'quatre']
    """
    if "pas" in said:
        i = len(said) - 1 - said[::-1].index("pas")
        rest = said[i + 1 :]  # the faces denied, maybe with their articles (« pas un un »: not a one)
        if rest and all(w in FACES or w in _CONNECTIVES or w == "une" for w in rest):
            return said[:i]
    return said


#: Where the roller starts telling his throw again (« deux et deux … j'ai fait deux et deux », « un deux trois
#: quatre cinq le cul fait cinq »: the pips counted, then the face).
_RESTARTS = frozenset({"le", "les", "mes", "j", "ca", "ça", "c", "alors", "donc", "enfin", "bon", "non"})


def _last_statement(said: list[str]) -> DiceReading | None:
    """When every word is a throw's but the faces make no throw (the pips counted, the throw said twice),
    the longest last part that reads, after at least one face."""
    for i in range(1, len(said)):
        w, nxt = said[i], said[i + 1] if i + 1 < len(said) else ""
        restart = w in _RESTARTS or w in _MULTIPLIERS or (w in _TIMES and nxt == "fois")
        if restart and any(x in FACES for x in said[:i]):
            faces = _faces(said[i:])
            reading = _kind(*faces) if faces else None
            if reading is not None:
                return reading
    return None


#: Words before a face that say it with its article or its count (« le six », « double six », « fois le six »).
_MARKING = frozenset({"le", "la", "l", "double", "triple", "de", "fois"})


def _articles(words: list[str]) -> frozenset[int]:
    """Where « un » is an article (of the face after it) rather than the face one: when every face is said with
    an article or a count (« un trois et un quatre », « double six et un deux »), or is the only face (« le cul
    fait un six »); otherwise it is the one (« un quatre cinq », « un six et deux »). « une » is always one.

    >>> sorted(_articles("un trois et un quatre".split())), sorted(_articles("un quatre cinq".split()))
    ([0, 3], [])
    """
    candidates: set[int] = set()
    for i in range(len(words) - 1):
        if words[i] in ("un", "une") and words[i + 1] in FACES and i - 1 not in candidates:
            candidates.add(i)  # never two in a row (« un un »: the article and the one)
    counts = {j for j in range(len(words) - 1) if words[j + 1] in _COUNTED or words[j + 1] in ("fois", "as")}
    faces = [j for j, w in enumerate(words) if w in FACES and j not in candidates and j not in counts]
    marked = [j for j in faces if j > 0 and (j - 1 in candidates or words[j - 1] in _MARKING)]
    if len(faces) <= 1 or len(marked) == len(faces):
        return frozenset(candidates)
    return frozenset(i for i in candidates if words[i] == "une")


def _faces(
    words: list[str], parallel: bool = True, ones: bool = False
) -> tuple[tuple[int, ...], frozenset[str]] | None:
    """The faces said, in order, and which dice words were said; None when a word is no throw's word.
    ``parallel``: « un » before a face is its article only as :func:`_articles` says; otherwise always.
    ``ones``: « un » is always the face one (the other reading of « un six » said again)."""
    dice: list[int] = []
    marks: set[str] = set()
    articles = frozenset() if ones else _articles(words) if parallel else None
    i, article = 0, False
    while i < len(words):
        w = words[i]
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if w in _MULTIPLIERS and nxt in FACES:
            dice += [FACES[nxt]] * _MULTIPLIERS[w]
            i, article = i + 2, False
            continue
        if w == "paire" and nxt == "de" and i + 2 < len(words) and words[i + 2] in FACES:
            dice += [FACES[words[i + 2]]] * 2
            i, article = i + 3, False
            continue
        if w in _TIMES and nxt == "fois" and (face := _after_times(words, i + 2)):
            dice += [FACES[words[face]]] * _TIMES[w]
            i, article = face + 1, False
            continue
        if w in _ACE_ARTICLES and nxt == "as":
            dice.append(1)  # « un as », « l'as »: the one
            i, article = i + 2, False
            continue
        if w in ("un", "une") and nxt in FACES and not article and (articles is None or i in articles):
            i, article = i + 1, True  # « un cinq »: the article of the face that follows (never two in a row)
            continue
        article = False
        if w in FACES and nxt in _COUNTED:
            i += 1  # « les deux chouettes », « les trois dés »: how many dice, not a face
            continue
        if w in FACES and nxt in _DE_SOUNDS or w in _DE_SOUNDS and nxt in FACES and not (marks or dice):
            return None  # « trois de », « de six »: « de » may be the face « deux » misheard
        if w in FACES:
            dice.append(FACES[w])
        elif w in _CHOUETTES:
            marks.add("chouettes")
        elif w in _CUL:
            marks.add("cul")
            if len(dice) in (2, 3):
                marks.add("cul_third")  # « trois et quatre et au cul cinq », « … et cinq au cul »: the third die
        elif w in _LAST:
            marks.add("last")
        elif w in _RANKS:
            marks.add("rank")
        elif w in _ONE_DIE:
            marks.add("de")
        elif w in _DICE:
            marks.add("des")
        elif w not in _CONNECTIVES and w not in _AROUND:
            return None
        if w in _ROLLING:
            marks.add("rolled")
        i += 1
    return tuple(dice), frozenset(marks)


def _after_times(words: list[str], k: int) -> int | None:
    """Where the face of « deux fois six » / « trois fois le cinq » is (its article may come first), or None.

    >>> _after_times("trois fois le cinq".split(), 2), _after_times("deux fois six".split(), 2)
    (3, 2)
    >>> _after_times("deux fois le".split(), 2) is None
    True
    """
    if k < len(words) and words[k] in ("le", "la") and k + 1 < len(words):
        k += 1
    return k if k < len(words) and words[k] in FACES else None


def _kind(dice: tuple[int, ...], marks: frozenset[str]) -> DiceReading | None:
    """The call the faces make with the dice words said (the number of faces must be the dice's)."""
    n = len(dice)
    if n == 0 or n > 3:
        return None
    if "rank" in marks and n > 1:
        # each die by its rank (« premier dé deux, second dé six », « … troisième dé six »)
        return DiceReading(CallKind.CHOUETTES, dice) if n == 2 and "cul" not in marks else DiceReading(CallKind.DES, dice)
    if "cul" in marks or "last" in marks:
        if n == 1 and "chouettes" not in marks:
            return DiceReading(CallKind.CUL, dice)
        if n == 2 and dice[0] == dice[1] and not marks & {"chouettes", "des", "rank"}:
            return DiceReading(CallKind.CUL, dice[:1])  # « six six au cul », « quatre derrière quatre »: said twice
        if n == 3 and "chouettes" in marks or n == 3 and "cul_third" in marks and not marks & {"de", "last"}:
            return DiceReading(CallKind.DES, dice)  # the chouettes and the cul in one breath
        return None
    if "chouettes" in marks:
        return DiceReading(CallKind.CHOUETTES, dice) if n == 2 and "de" not in marks else None
    if "de" in marks:
        return DiceReading(CallKind.DE, dice) if n == 1 and "des" not in marks else None
    if "des" in marks:
        return {2: DiceReading(CallKind.CHOUETTES, dice), 3: DiceReading(CallKind.DES, dice)}.get(n)
    if n == 1 and "rolled" not in marks:
        return None  # one face and small words only (« le six »): maybe a throw with a face misheard
    return DiceReading({1: CallKind.DE, 2: CallKind.CHOUETTES, 3: CallKind.DES}[n], dice)


#: Words that, said before a throw, own a mistake: the throw corrects the last one (« pardon, six six deux »).
#: (« pardon » is often an apology for speaking, « pardon, mes chouettes deux et un »: it owns no mistake alone.)
_OWNING = frozenset({"erreur", "correction", "rectification", "trompe", "trompé", "plante", "planté", "mele", "mêlé",
                     "goure", "gouré"})


def corrects(words: Sequence[str]) -> bool:
    """Whether the throw in ``words`` (every word heard, hesitations too) corrects the last one: a word owning
    a mistake before its first face (« oups » is the roller's dismay, not a mistake owned), or the wrong value
    denied after it (« c'était un deux pas un trois »).

    >>> corrects("erreur mes chouettes c est deux et quatre".split())
    True
    >>> corrects("mes chouettes deux et quatre erreur".split())
    False
    >>> corrects("c etait un deux pas un trois".split()), corrects("deux et quatre pas de chance".split())
    (True, False)
    """
    said = list(words)
    return any(w in _OWNING for w in _before_the_throw(said)) or len(_without_denied(said)) < len(said)


def may_correct(words: Sequence[str]) -> bool:
    """Whether the throw may correct the last one, or may be the roller's dismay or apology: « non » or
    « pardon » then « c'est » before its first face (« non c'est six six deux » after a wrong reading; « oh non
    c'est trois six six » at a bad throw). Only the game knows which: the scribe asks.

    >>> may_correct("attends non c est deux et quatre les chouettes".split())
    True
    >>> may_correct("non non non six six six".split())
    False
    """
    before = _before_the_throw(words)
    said_first = next((w for w in before if w in _MAY_TAKE_BACK), None)
    if said_first is None:
        return False
    after = before[before.index(said_first) :]
    return any(a == "c" and b in ("est", "etait", "était") for a, b in zip(after, after[1:]))


#: Words that, with « c'est » after them, may take the last throw back or be said for another reason (dismay,
#: an apology for speaking: « pardon, c'est trois trois six » after his own throw mends it; at his turn it is
#: his throw): the game decides (:func:`may_correct`)
_MAY_TAKE_BACK = ("non", "pardon")


def denied_first(words: Sequence[str]) -> bool:
    """Whether « non » is said before the throw's first face (« non deux deux », « non non trois cinq »): the last
    reading denied, or the roller's dismay.

    >>> denied_first("non non trois cinq".split()), denied_first("trois cinq non".split())
    (True, False)
    """
    return "non" in _before_the_throw(words)


def _before_the_throw(words: Sequence[str]) -> list[str]:
    """The words said before the first face."""
    first = next((i for i, w in enumerate(words) if w in FACES), len(words))
    return list(words[:first])


#: Words a die said twice may have between its two faces besides the oaths (« deux bon ben deux »).
_PARTICLES = frozenset("bon ben bah ouais oui que hop alors voila voilà".split())
#: Words that may open a throw before its faces besides the oaths (« et paf un six », « et hop trois »).
_OPENERS = frozenset("et puis alors hop bon ben".split())


def _core(said: list[str]) -> list[str]:
    """``said`` without the oaths and the openers before its first word, and the oaths after its last."""
    i, j = 0, len(said)
    while i < j and (said[i] in _OATHS or said[i] in _OPENERS):
        i += 1
    while j > i and said[j - 1] in _OATHS:
        j -= 1
    return said[i:j]


def told_two_ways(words: Sequence[str]) -> tuple[DiceReading, ...]:
    """The two throws some words tell, for the scribe to ask or the game to decide; empty when they tell one.

    One face said twice with the table's particles between (« deux bon ben deux », « trois peuchère que trois »):
    the die said twice, or two dice the same (with only oaths between it is the die: :func:`read_amid_remarks`).
    « un » and one face after oaths or an opener (« et paf un six », « un trois »): the die with its article, or
    the chouettes one and that face.

    >>> told_two_ways("deux bon ben deux".split())
    (DiceReading(kind=<CallKind.CHOUETTES: 'chouettes'>, dice=(2, 2)), DiceReading(kind=<CallKind.DE: 'de'>, dice=(2,)))
    >>> told_two_ways("et paf un six".split())
    (DiceReading(kind=<CallKind.CHOUETTES: 'chouettes'>, dice=(1, 6)), DiceReading(kind=<CallKind.DE: 'de'>, dice=(6,)))
    >>> told_two_ways("trois putain trois".split()), told_two_ways("deux trois".split())
    ((), ())
    """
    core = _core(list(words))
    if len(core) == 2 and core[0] == "un" and core[1] in FACES and FACES[core[1]] != 1:
        face = FACES[core[1]]
        return DiceReading(CallKind.CHOUETTES, (1, face)), DiceReading(CallKind.DE, (face,))
    if len(core) >= 3 and core[0] in FACES and core[-1] in FACES and FACES[core[0]] == FACES[core[-1]]:
        between = core[1:-1]
        oaths_only = all(w in _OATHS and not _throw_word(w) for w in between)  # « trois putain trois »: the die
        if all(w in _OATHS or w in _PARTICLES for w in between) and not oaths_only:
            face = FACES[core[0]]
            return DiceReading(CallKind.CHOUETTES, (face, face)), DiceReading(CallKind.DE, (face,))
    return ()


def two_from_a_small_word(words: Sequence[str], dice: tuple[int, ...], read: Sequence[tuple[int, ...]]) -> bool:
    """Whether a phrase's two was heard from a small word that sounds like it (« six trois bordel de bordel »:
    not 6-3-2): « de / des / d' » said, and every throw the words tell has fewer twos."""
    return any(w in _DE_SOUNDS for w in words) and bool(read) and all(r.count(2) < dice.count(2) for r in read)


#: Words before faces said last that make them another's throw, a wish, a condition or a story, not the
#: speaker's throw read out (« il a fait quatre et six », « pourvu que je fasse deux six », « si on fait … »)
_NOT_HIS_THROW = frozenset("il elle ils elles qui on si quand lorsque pourvu espere souhaite veux voudrais faudrait "
                           "faut fallait hier demain fois dernier derniere autre autres parie mise mets jamais "
                           "combien".split())


def faces_said_last(
    words: Sequence[str], names_a_call: Callable[[str], bool] = lambda word: False
) -> tuple[int, tuple[int, ...]] | None:
    """The faces a sentence ends with, after talk of the speaker's own that holds no number (« vous avez vu ou
    pas, six et six », « attendez, je lis mes dés… quatre un cinq », « tu veux savoir quoi ? quatre et
    quatre »): where they start, and the two faces or three, joined or not by « et ». None when the talk before holds a number, speaks of
    another's throw, a wish, a condition or another time (:data:`_NOT_HIS_THROW`, the imperfect), names a call
    (``names_a_call``: « le bleu rouge c'est trois quatre trois » is the rule told), offers another
    (« … ou quatre cinq six »), or when nothing stands before the faces. Read only where the game awaits that
    throw from the speaker.

    >>> faces_said_last("vous avez vu ou pas six et six".split())
    (5, (6, 6))
    >>> faces_said_last("il a fait quatre et six".split()) is None, faces_said_last("six et six".split()) is None
    (True, True)
    """
    said = list(words)
    k = len(said)
    while k > 0 and (said[k - 1] in FACES or said[k - 1] == "et"):
        k -= 1
    while k < len(said) and said[k] == "et":
        k += 1
    faces = tuple(FACES[w] for w in said[k:] if w != "et")
    talk = said[:k]
    if not talk or len(faces) not in (2, 3) or any(is_number_token(w) for w in talk):
        return None
    if "ou" in (talk[0], talk[-1]) or any(w in _NOT_HIS_THROW or _another_time(w) or names_a_call(w) for w in talk):
        return None
    return k, faces
