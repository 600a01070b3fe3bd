"""Screen rendering (French): decisions, replies and the scoreboard."""

from __future__ import annotations

from voice_scribe.engine import Call, Event, Rules
from voice_scribe.scribe import told
from voice_scribe.session import Session


def _stamp(t: float) -> str:
    minutes, seconds = divmod(max(t, 0.0), 60)
    return f"{int(minutes):02d}:{seconds:05.2f}"


def print_decisions(groups: list[tuple[Call | None, list[Event]]], rules: Rules | None = None) -> None:
    """One line per call that decided something, in the phrasebook's screen form."""
    from voice_scribe.voice.phrasebook import Phrasebook

    book = Phrasebook(rules)
    for call, events in groups:
        heard = told(events)
        if not heard:
            continue
        t = call.t if call else (heard[0].t or 0.0)
        print(f"[{_stamp(t)}] {book.events(heard).screen}")


def print_replies(replies) -> None:  # noqa: ANN001 - list[tuple[Utterance, Reply]]
    for utterance, reply in replies:
        if reply.phrase:
            who = f"{utterance.speaker} : " if utterance.speaker else ""
            heard = f"« {utterance.text} » → " if utterance.text else ""
            print(f"[{_stamp(utterance.t)}] {who}{heard}{reply.phrase.screen}")


def render_scoreboard(session: Session) -> None:
    state = session.state
    print()
    print("Scores :")
    for player in sorted(state.players.values(), key=lambda p: -p.score):
        holdings = ", ".join(sorted(h.value for h in player.holdings))
        status = " (éliminé)" if player.eliminated else ""
        extra = f"  [{holdings}]" if holdings else ""
        print(f"  {player.name:<16} {player.score:>5}{status}{extra}")
    if state.winner:
        print(f"Vainqueur : {state.winner}")
