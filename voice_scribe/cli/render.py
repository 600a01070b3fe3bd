"""Screen rendering of decisions and scores (French)."""

from __future__ import annotations

from voice_scribe.engine import Event, EventKind
from voice_scribe.session import Session


def describe(event: Event) -> str | None:
    """One French line for the screen, or None for events not worth a line."""
    try:
        from voice_scribe.voice.phrasebook import screen_text
    except ImportError:  # the voice layer is optional for the engine commands
        screen_text = None
    if screen_text is not None:
        return screen_text(event)
    return _plain(event)


def _plain(event: Event) -> str | None:
    if event.kind is EventKind.SCORE:
        sign = "+" if (event.points or 0) >= 0 else ""
        return f"{event.player} {sign}{event.points} ({event.reason}) → {event.data.get('score')}"
    if event.kind is EventKind.BEVUE:
        return f"Bévue de {event.player} ({event.reason})"
    if event.kind is EventKind.THROW:
        return f"{event.player} : {event.data.get('dice')} → {event.reason}"
    if event.kind is EventKind.WINNER:
        return f"{event.player} gagne la partie avec {event.data.get('score')} !"
    if event.kind is EventKind.ELIMINATED:
        return f"{event.player} est éliminé"
    if event.kind is EventKind.REJECTED:
        return f"(ignoré : {event.data.get('message')})"
    if event.kind is EventKind.HOLDING:
        verb = "obtient" if event.data.get("gained") else "perd"
        return f"{event.player} {verb} : {event.reason}"
    if event.kind is EventKind.JOINED:
        return f"{event.player} rejoint la partie avec {event.points}"
    return None


def render_events(events: list[Event]) -> None:
    for event in events:
        line = describe(event)
        if line:
            print(line)


def render_scoreboard(session: Session) -> None:
    state = session.state
    print()
    print("Scores :")
    ranked = sorted(state.players.values(), key=lambda p: -p.score)
    for player in ranked:
        holdings = ", ".join(sorted(h.value for h in player.holdings))
        status = " (éliminé)" if player.eliminated else ""
        extra = f"  [{holdings}]" if holdings else ""
        print(f"  {player.name:<16} {player.score:>5}{status}{extra}")
    if state.winner:
        print(f"Vainqueur : {state.winner}")
