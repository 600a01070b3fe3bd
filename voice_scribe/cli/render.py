"""Screen rendering (French): decisions, replies and the scoreboard.

Each utterance (or typed call) gets its own line with what it meant; each
verdict its own line, stamped at its moment::

    [00:12.40] Perceval : « deux trois quatre » → dés 2, 3 et 4
    [00:12.40]   Pas mou le caillou : Perceval marque 72. Perceval a 72.
    [00:12.40]   Suite !
"""

from __future__ import annotations

from collections.abc import Sequence

from voice_scribe.engine import Call, Event, EventKind, Rules
from voice_scribe.scribe import told
from voice_scribe.session import Session
from voice_scribe.voice.phrasebook import Phrasebook


def _stamp(t: float) -> str:
    minutes, seconds = divmod(max(t, 0.0), 60)
    return f"{int(minutes):02d}:{seconds:05.2f}"


def verdicts(events: Sequence[Event], book: Phrasebook, t: float) -> list[tuple[float, str]]:
    """The told events of one decision, one line per throw and per verdict, each with its time.

    A throw starts a new line: the verdict of the window it closed stays on the line before it.
    """
    chunks: list[list[Event]] = []
    for event in told(list(events)):
        if not chunks or event.kind is EventKind.THROW:
            chunks.append([])
        chunks[-1].append(event)
    out = []
    for chunk in chunks:
        text = book.events(chunk).screen
        if text:
            out.append((chunk[0].t if chunk[0].t is not None else t, text))
    return out


def settled(lines: list[tuple[float, str]], settles: float | None, t: float) -> list[tuple[float, str]]:
    """The verdict lines of an answer that settles an earlier call (« la deuxième », « Karadoc » after « Qui a
    dit … ? »): stamped at the answer, when they were printed, the first naming the call it settles (its time
    stays the call's in the journal)."""
    if settles is None or settles >= t or not lines:
        return lines
    first, *rest = lines
    return [(t, f"Annonce de {_stamp(settles)} : {first[1]}")] + [(t, text) for _, text in rest]


def _said(t: float, who: str | None, heard: str, meaning: str) -> str:
    name = f"{who} : " if who else ""
    return f"[{_stamp(t)}] {name}{heard} → {meaning or '—'}"


def print_decisions(groups: list[tuple[Call | None, list[Event]]], rules: Rules | None = None) -> None:
    """Each typed call on its line with what it means, then each verdict on its own line."""
    book = Phrasebook(rules)
    for call, events in groups:
        t = call.t if call else max((e.t for e in events if e.t is not None), default=0.0)
        if call is not None:
            print(_said(call.t, call.player, "", book.understood(call).screen).replace(" :  → ", " : "))
        for at, text in verdicts(events, book, t):
            print(f"[{_stamp(at)}]   {text}")


def print_replies(replies, rules: Rules | None = None) -> None:  # noqa: ANN001 - list[tuple[Utterance, Reply]]
    """Each utterance on its line with what it meant, then the scribe's answer and verdicts."""
    book = Phrasebook(rules)
    for utterance, reply in replies:
        if utterance.text:
            who = utterance.speaker or (reply.speaker if reply.speaker != "?" else None)
            print(_said(utterance.t, who, f"« {utterance.text} »", reply.understood))
        lines = verdicts(reply.events, book, utterance.t) if reply.kind == "decision" and reply.events else []
        if reply.phrase and (not lines or reply.kind != "decision"):
            lines = [(utterance.t, reply.phrase.screen)]
        elif reply.phrase and reply.phrase.screen != " ".join(text for _, text in lines):
            lines = [(utterance.t, reply.phrase.screen)]  # an acknowledgement said with its decision
        for at, text in settled(lines, reply.settles, utterance.t):
            print(f"[{_stamp(at)}]   {text}")


def holdings_text(holdings, book: Phrasebook) -> str:  # noqa: ANN001 - Iterable[Holding]
    """« Civet, Grelottine »: what a player holds, in the game's words."""
    return ", ".join(sorted(book.holding_name(h) for h in holdings))


def render_scoreboard(session: Session) -> None:
    state = session.state
    book = Phrasebook(session.rules)
    print()
    print("Scores :")
    for player in sorted(state.players.values(), key=lambda p: -p.score):
        holdings = holdings_text(player.holdings, book)
        status = " (éliminé)" if player.eliminated else ""
        extra = f"  [{holdings}]" if holdings else ""
        print(f"  {player.name:<16} {player.score:>5}{status}{extra}")
    if state.winner:
        print(f"Vainqueur : {state.winner}")
