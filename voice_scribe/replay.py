"""Replaying a game from a log: typed calls (``--calls``), a text transcript
(``--transcript``) or a recording (``--audio``) all end as a list of
:class:`Call` folded by one :class:`Session`.

A call log is JSON lines, one call per line, in time order::

    {"t": 1.0, "player": "Karadoc", "kind": "chouettes", "dice": [3, 4]}
    {"t": 2.1, "player": "Karadoc", "kind": "cul", "dice": [4]}
    {"t": 9.7, "player": "Perceval", "kind": "civet", "number": 50, "combination": "chouette"}

Blank lines and lines starting with ``#`` are skipped. A call log or a
transcript may start with a header line, as the journal does, so that it
replays with nothing else::

    {"type": "header", "players": ["Karadoc", "Perceval"], "rules": {"level": 2}}
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from voice_scribe.engine import Call, Event, Rules
from voice_scribe.jsonlines import JsonLinesError, read_records
from voice_scribe.session import Session
from voice_scribe.speech.utterance import Utterance
from voice_scribe.validation import players_problem

if TYPE_CHECKING:
    from voice_scribe.scribe import Reply


class LogError(ValueError):
    """A log that cannot be replayed; the message is French and names the line."""


HEADER = "header"


def header_record(players: list[str], rules: Rules | None = None) -> dict[str, Any]:
    """The first line of a self-describing call log or transcript."""
    return {"type": HEADER, "players": list(players), "rules": (rules or Rules()).to_dict()}


def read_header(path: str | Path, what: str = "fichier") -> dict[str, Any] | None:
    """The file's header (players, rules), or None when it has none."""
    try:
        for _, data in read_records(path, what):
            return data if data.get("type") == HEADER else None
    except JsonLinesError as exc:
        raise LogError(str(exc)) from None
    return None


def header_roster(header: dict[str, Any] | None, path: str | Path) -> tuple[list[str] | None, Rules | None]:
    """The players and rules a header gives (None for what it does not say)."""
    if header is None:
        return None, None
    players = header.get("players")
    problem = players_problem(players) if players is not None else None  # names the voice can tell apart
    if problem:
        raise LogError(f"{path} : en-tête invalide (« players » : {problem})")
    try:
        rules = Rules.from_dict(header["rules"]) if isinstance(header.get("rules"), dict) else None
    except ValueError as exc:
        raise LogError(f"{path} : règles de l'en-tête invalides : {exc}") from None
    return players, rules


def check_roster(players: list[str], named: Iterable[str | None], path: str | Path, strict: bool) -> None:
    """The roster must fit the file: every name of a call log (``strict``), most speakers of a transcript."""
    named = [n for n in named if n and n != "?"]
    unknown = sorted({n for n in named if n not in players})
    misfit = unknown if strict else (unknown if sum(n not in players for n in named) * 2 > len(named) else [])
    if misfit:
        raise LogError(
            f"{path} : les joueurs du fichier ne sont pas ceux de la partie — inconnus : {', '.join(misfit)} "
            f"(joueurs : {', '.join(players)}) ; vérifiez --joueurs"
        )


def check_not_empty(items: list[Any], path: str | Path, what: str) -> None:
    if not items:
        raise LogError(f"{what} vide : {path} (aucune ligne à rejouer)")


def load_call_log(path: str | Path) -> list[Call]:
    calls: list[Call] = []
    try:
        for number, data in read_records(path):
            if data.get("type") == HEADER:
                continue
            if "kind" not in data:
                hint = " : c'est une ligne de transcription, rejouez-la avec --transcription" if "text" in data else ""
                raise LogError(f"{path}, ligne {number} : annonce sans « kind »{hint}")
            try:
                calls.append(Call.from_json(data))
            except ValueError as exc:
                raise LogError(f"{path}, ligne {number} : {exc}") from None
    except JsonLinesError as exc:
        raise LogError(str(exc)) from None
    return calls


def replay(
    players: list[str],
    calls: Iterable[Call],
    rules: Rules | None = None,
    journal_path: str | Path | None = None,
) -> tuple[Session, list[tuple[Call | None, list[Event]]]]:
    """Fold the calls into a new session; the log's end closes any open window.

    Returns the session and, per call, the events it caused (``None`` for the end).
    """
    session = Session.new(players, rules, journal_path)
    groups: list[tuple[Call | None, list[Event]]] = [
        (call, session.hear(call)) for call in sorted(calls, key=lambda c: c.t)
    ]
    groups.append((None, session.finish()))
    return session, groups


def replay_utterances(
    players: list[str],
    utterances: Iterable[Utterance],
    rules: Rules | None = None,
    journal_path: str | Path | None = None,
) -> tuple[Session, list[Event], list[tuple[Utterance, Reply]]]:
    """Understand each utterance and let the scribe act on it (calls, « Annule », corrections…)."""
    from voice_scribe.scribe import Scribe
    from voice_scribe.understand import Matcher

    utterances = list(utterances)
    session = Session.new(players, rules, journal_path)
    scribe = Scribe(session)
    matcher = Matcher.build(players, session.rules)
    replies: list[tuple[Utterance, Reply]] = []
    for utterance in utterances:
        understanding = matcher.understand(utterance, table=session.game)
        replies.append((utterance, scribe.hear(understanding, utterance.to_json())))
        if set(session.state.players) != set(matcher.roster.players):  # a Chante-Sloubi newcomer joined
            matcher = Matcher.build(list(session.state.players), session.rules)
    end = max((u.end or u.t for u in utterances), default=session.state.clock)
    replies.append((Utterance(t=end, text=""), scribe.finish(end)))
    return session, scribe.events, replies


def result_json(session: Session, events: list[Event]) -> dict[str, Any]:
    out = session.result()
    out["events"] = [e.to_json() for e in events]
    return out
