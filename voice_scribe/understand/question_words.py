"""Questions to the scribe read by their structure: a question word and the thing asked, in any order.

The thing asked is one of the table's standing questions — the scores, one player's score, what a player
still needs, who leads, whose turn it is — said with its own words (« score », « points », « mène »,
« manque », « tour »…). A question word (« combien », « qui », « où », « quoi », « quel ») or a request verb
(« rappelle », « dis », « donne ») must be there, and every other word must be a question's small word
(« c'est », « on en est », « pour »…): a word outside them (a bird, a call's word, a number that is no
score, a verb of the game) and nothing is read. :func:`read_question` is the matcher's last resort, asked
only when no phrase of the grammar reads the words.

>>> read_question("pis les points on est rendus où".split())
QuestionReading(kind=<TableCommand.SCORES: 'scores'>, target=None, self_target=False)
>>> read_question("il lui faut combien encore à {player}".split(), "Karadoc")
QuestionReading(kind=<TableCommand.MANQUE: 'manque'>, target='Karadoc', self_target=False)
>>> read_question("combien de points il faut pour une suite".split()) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from voice_scribe.understand.commands import TableCommand

#: The words that ask (one must be said).
_ASKING = frozenset("combien qui quoi où ou quel quelle quels quelles comment rappelle rappeler rappelez dis "
                    "dire donne donner donnez annonce annoncer lis lire montre montrer veux voudrais".split())
#: What is asked, by its own words (one topic only).
_TOPICS: dict[str, frozenset[str]] = {
    "score": frozenset("score scores points classement tableau compteur".split()),
    "lead": frozenset("mène mene gagne gagnant tête tete devant premier première leader meilleur".split()),
    "missing": frozenset("manque manquent reste faut besoin loin victoire gagner avant atteindre arriver "
                         "faire".split()),
    "turn": frozenset("tour prochain".split()),
}
#: Words that may make a score question one about what is still needed (« combien encore », « à faire »).
_MORE = frozenset({"encore", "faire"})
#: Who it is about: the speaker himself, or everyone.
_SELF = frozenset("je j moi me m mon ma mes".split())
#: « je » / « j' » is the speaker asking about himself before these (« j'ai combien », « j'en suis où »), not
#: before a verb of asking (« je veux les scores »).
_SELF_VERBS = frozenset("ai suis en y".split())
_ALL = frozenset("tout tous monde chacun nous on".split())
#: The small words of a question: nothing else may be left over.
_AROUND = frozenset(
    "c est ce que qu le la les l de des du d a à au aux en y il elle lui ils on nous vous tu t sont suis es ai "
    "ça ca rendu rendus rendue fait font donne en où ou est-ce pour avant encore déjà deja maintenant alors "
    "là la exactement sait savoir pas peux pouvez pourriez pourrais peut prie s'il plait plaît te vous "
    "jouer lancer joue lance niveau pis actuellement actuel actuelle toujours un une nous en comme et".split()
)
#: The score every player races to (« combien avant trois cent quarante-trois »): a number said only with
#: what is missing.
_TARGET_SCORES = frozenset({"343", "trois", "cent", "quarante"})


@dataclass(frozen=True)
class QuestionReading:
    """A question read by its structure: which question, about whom (a player, or the speaker himself)."""

    kind: TableCommand
    target: str | None = None
    self_target: bool = False


def read_question(words: Sequence[str], player: str | None = None) -> QuestionReading | None:
    """The question ``words`` ask (plain words; ``{player}`` where a player's name was said, ``player`` that
    name), or None when a word is no question's word or the question is not one of the table's.

    >>> read_question("c'est qui qui est en tête là".replace("'", " ").split())
    QuestionReading(kind=<TableCommand.QUI_MENE: 'qui_mene'>, target=None, self_target=False)
    >>> read_question("j ai encore besoin de combien moi pour gagner".split())
    QuestionReading(kind=<TableCommand.MANQUE: 'manque'>, target=None, self_target=True)
    """
    said = _without_politeness(list(words))
    topics = {name for name, vocabulary in _TOPICS.items() if vocabulary & set(said)}
    if "lead" in topics and "qui" not in said and _TOPICS["lead"] & set(said) == {"gagne"}:
        topics = (topics - {"lead"}) | {"missing"}  # « combien de points avant que Perceval gagne »: what he needs
    if "missing" in topics:
        topics.discard("score")  # « il me reste combien de points »: the points are what is missing
    asked = bool(_ASKING & set(said))
    named = said.count("{player}")
    if not asked or named > 1 or len(topics) > 1:
        return None
    standing = "combien" in said or "ou" in said and "en" in said and ("est" in said or "sont" in said)
    standing = standing or named == 1 and _what_he_has(said)  # « Karadoc il a quoi »: his score
    topic = next(iter(topics)) if topics else ("score" if standing else "")  # « on en est où », « ça fait combien »
    if not topic or not _only_question_words(said, topic):
        return None
    if topic == "score" and _MORE & set(said):
        return None  # « combien il a encore à faire »: what he has, or what he still needs? not guessed
    itself = _itself(said)
    about = player if named else None
    if topic == "missing":
        if named or itself:
            return QuestionReading(TableCommand.MANQUE, about, not named)
        return None
    if topic == "score":
        if named or (itself and not _ALL & set(said)):
            return QuestionReading(TableCommand.SCORE_JOUEUR, about, not named)
        return QuestionReading(TableCommand.SCORES)
    if topic == "turn" and "ou" in said:
        return QuestionReading(TableCommand.TOUR)  # « c'est mon tour ou c'est le tien »
    if named or itself or "qui" not in said:
        return None  # « qui » asks who leads / whose turn; a name or « moi » there is another question
    return QuestionReading(TableCommand.QUI_MENE if topic == "lead" else TableCommand.TOUR)


def _what_he_has(said: list[str]) -> bool:
    """« {player} il a quoi », « et {player} elle a quoi » (the name, then « il / elle a quoi »): what a player
    has, asked of the scribe, is his score.

    >>> _what_he_has("dis moi {player} il a quoi".split()), _what_he_has("il a quoi".split())
    (True, False)
    """
    if "{player}" not in said:
        return False
    at = said.index("{player}")
    return said[at + 1 : at + 4] in (["il", "a", "quoi"], ["elle", "a", "quoi"])


#: Politeness said around a question (« … je vous prie »): not the speaker asking about himself.
_POLITENESS = (("je", "vous", "prie"), ("je", "te", "prie"))


def _without_politeness(said: list[str]) -> list[str]:
    """``said`` without « je vous prie » and its like."""
    for phrase in _POLITENESS:
        n = len(phrase)
        for i in range(len(said) - n + 1):
            if tuple(said[i : i + n]) == phrase:
                return said[:i] + said[i + n :]
    return said


def _itself(said: list[str]) -> bool:
    """Whether the speaker asks about himself (« mon score », « il me reste combien », « j'ai combien »).

    >>> _itself("je veux les scores".split()), _itself("j en suis ou".split())
    (False, True)
    """
    subject = any(w in ("je", "j") and nxt in _SELF_VERBS for w, nxt in zip(said, said[1:]))
    return subject or bool((_SELF - {"je", "j"}) & set(said))


def _only_question_words(said: list[str], topic: str) -> bool:
    """Every word is the question's: asking, its topic, whom it is about, small words (and, for what is
    missing, the score everyone races to)."""
    allowed = _ASKING | _TOPICS[topic] | _SELF | _ALL | _AROUND | {"{player}"}
    if topic == "missing":
        allowed |= _TARGET_SCORES | _TOPICS["score"]  # « combien de points il manque »
    return all(w in allowed for w in said)
