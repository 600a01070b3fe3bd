"""The live table's screen: « what now? » at a glance, from 80×24 up.

Top to bottom: the scores and holdings (▶ on whoever the table waits for),
what is happening now (the throw on the table, who still has to speak), the
newest utterances and verdicts (always the newest: older ones scroll off the
top), the microphones' levels, notices, and the line being typed. It is drawn
on the terminal's alternate screen, so nothing is left behind between frames.
Off a terminal it prints one line per utterance and per verdict instead.
"""

from __future__ import annotations

import textwrap
import threading
from collections import deque
from collections.abc import Callable, Sequence

from voice_scribe.cli.keyboard import InputLine
from voice_scribe.cli.render import _stamp, holdings_text, settled, verdicts
from voice_scribe.voice.phrasebook import Phrasebook

HELP = "Nom: annonce · Nom et Nom: … (ensemble) · ↑↓ historique · q : quitter"
SAID, VERDICT, NOTE = "said", "verdict", "note"
SCORE_ROWS = 6  # more players than this: the scores go side by side


class LogLines:
    """The newest utterances and verdicts, as (kind, text) lines; thread-safe."""

    def __init__(self, keep: int = 200) -> None:
        self._lines: deque[tuple[str, str]] = deque(maxlen=keep)
        self._lock = threading.Lock()
        self.count = 0  # lines ever added: the screen redraws when it moves

    def add(self, kind: str, text: str) -> None:
        with self._lock:
            self._lines.append((kind, text))
            self.count += 1

    def lines(self) -> list[tuple[str, str]]:
        with self._lock:
            return list(self._lines)


def reply_lines(utterance, reply, book: Phrasebook) -> list[tuple[str, str]]:  # noqa: ANN001
    """One utterance and the scribe's answer as screen lines (the same shape as replay's output)."""
    out: list[tuple[str, str]] = []
    if utterance.text:
        who = utterance.speaker or (reply.speaker if reply.speaker not in (None, "?") else None)
        name = f"{who} : " if who else ""
        if utterance.text.startswith("("):  # typed in its exact form (the ticheur's hidden dice)
            out.append((SAID, f"[{_stamp(utterance.t)}] {name}{utterance.text}"))
        else:
            out.append((SAID, f"[{_stamp(utterance.t)}] {name}« {utterance.text} » → {reply.understood or '—'}"))
    lines = verdicts(reply.events, book, utterance.t) if reply.kind == "decision" else []
    if reply.phrase and (not lines or reply.phrase.screen != " ".join(text for _, text in lines)):
        lines = [(utterance.t, reply.phrase.screen)]
    out += [(VERDICT, f"[{_stamp(t)}]   {text}") for t, text in settled(lines, reply.settles, utterance.t)]
    return out


_HELD = "\u00a0"  # a space no line is cut at (textwrap cuts at ASCII whitespace only)


def _guillemets_held(text: str) -> str:
    """« mot » kept whole at a line's end: never « at the end of a line and its word on the next, nor a line
    that begins with the » ; : ! ? French writes after a space."""
    text = text.replace("« ", "«" + _HELD)
    for mark in "»;:!?":
        text = text.replace(" " + mark, _HELD + mark)
    return text


def wrap(lines: Sequence[tuple[str, str]], width: int, room: int) -> list[tuple[str, str]]:
    """The last ``room`` screen lines of ``lines``, cut to the width, continuation lines indented."""
    out: list[tuple[str, str]] = []
    for kind, text in reversed(lines):  # newest first: only what fits is wrapped
        parts = textwrap.wrap(_guillemets_held(text), width, subsequent_indent=" " * 14) or [""]
        out[:0] = [(kind, part.replace(_HELD, " ")) for part in parts]
        if len(out) >= room:
            break
    return out[-room:]


class LiveScreen:
    """The screen of ``listen``: rich on a terminal, plain lines otherwise."""

    def __init__(self, table, mic=None, keyboard: InputLine | None = None, plain: bool = False,  # noqa: ANN001
                 now: Callable[[], tuple[str | None, list[str]]] | None = None) -> None:
        self.table = table
        self.mic = mic
        self.keyboard = keyboard
        self.plain = plain
        self.book = Phrasebook(table.session.rules)
        self.log = LogLines()
        #: (whose turn — the ▶ —, French lines of what is happening now)
        self._ask_now = now or (lambda: (None, []))
        self._now_cache: tuple[tuple[int, int], tuple[str | None, list[str]]] | None = None

    def now(self) -> tuple[str | None, list[str]]:
        """« What now? », asked of the engine again only when something was heard or decided."""
        key = (id(self.table.session.game), self.log.count)
        if self._now_cache is None or self._now_cache[0] != key:
            self._now_cache = (key, self._ask_now())
        return self._now_cache[1]

    def signature(self) -> tuple:
        """What the screen shows changes only when this does (the loop redraws then)."""
        levels = tuple(sorted(getattr(self.mic, "levels", {}).items())) if self.mic is not None else ()
        buffer = self.keyboard.buffer if self.keyboard is not None else ""
        return (self.log.count, buffer, tuple(self.table.notices), self.table.scribe.paused, levels)

    # ── what happened ──
    def reply(self, utterance, reply) -> None:  # noqa: ANN001
        for kind, text in reply_lines(utterance, reply, self.book):
            self.log.add(kind, text)
            if self.plain:
                print(text, flush=True)

    def note(self, text: str) -> None:
        self.log.add(NOTE, text)
        if self.plain:
            print(text, flush=True)

    # ── drawing ──
    def render(self, width: int, height: int):  # noqa: ANN201 - a rich renderable
        from rich.console import Group
        from rich.text import Text

        top = self._scores(width) + self._now_lines(width)
        bottom = self._levels() + self._notices(width) + self._input(width)
        room = max(1, height - len(top) - len(bottom) - 1)
        log = wrap(self.log.lines(), max(20, width - 1), room)
        title = Text("─ Annonces et verdicts " + "─" * max(0, width - 23), style="dim")
        styles = {SAID: "", VERDICT: "bold", NOTE: "italic yellow"}
        body = [Text(text, style=styles[kind], no_wrap=True, overflow="ellipsis") for kind, text in log]
        body += [Text("")] * (room - len(log))
        return Group(*top, title, *body, *bottom)

    def _scores(self, width: int) -> list:
        from rich.text import Text

        state = self.table.session.state
        turn, _ = self.now()
        names = state.order + [n for n in state.players if n not in state.order]
        columns = max(1, min(len(names) // SCORE_ROWS + (len(names) % SCORE_ROWS > 0), width // 40))
        cells = []
        for name in names:
            p = state.players[name]
            mark = "▶" if name == turn and not state.winner else ("✝" if p.eliminated else " ")
            cells.append(f"{mark} {name:<14.14} {p.score:>5}  {holdings_text(p.holdings, self.book)}")
        rows = -(-len(cells) // columns)
        cell = width // columns
        lines = []
        for r in range(rows):  # many players: side by side, so the verdicts keep their room
            row = "".join(f"{c[:cell - 1]:<{cell}}" for c in cells[r::rows])
            lines.append(Text(row.rstrip(), style="bold" if any(c.startswith("▶") for c in cells[r::rows]) and
                              columns == 1 else "", no_wrap=True, overflow="ellipsis"))
        return lines

    def _now_lines(self, width: int) -> list:
        from rich.text import Text

        _, lines = self.now()
        if self.table.scribe.paused:
            lines = ["EN PAUSE : dites « reprends » pour continuer."] + list(lines)
        return [Text(line, style="cyan", no_wrap=True, overflow="ellipsis") for line in lines]

    def _levels(self) -> list:
        from rich.text import Text

        if self.mic is None or not getattr(self.mic, "levels", None):
            return []
        bars = "  ".join(f"{ch}: {'█' * max(0, int((lvl + 60) / 6))}" for ch, lvl in sorted(self.mic.levels.items()))
        return [Text(bars, no_wrap=True, overflow="ellipsis")]

    def _notices(self, width: int) -> list:
        from rich.text import Text

        notes = list(self.table.notices)[-2:]
        return [Text(n, style="yellow", no_wrap=True, overflow="ellipsis") for n in notes]

    def _input(self, width: int) -> list:
        from rich.text import Text

        if self.keyboard is None:
            return []
        return [Text(f"> {self.keyboard.buffer}▏", style="bold green", no_wrap=True, overflow="ellipsis"),
                Text(HELP, style="dim", no_wrap=True, overflow="ellipsis")]
