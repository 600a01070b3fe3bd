"""A recorded game played back on the table's page, at the pace it was played (or faster).

- :func:`play_calls`: a call log, folded exactly as ``replay --calls`` folds it (each call heard by
  the session in time order, the log's end closing any open window), one call at a time;
- :func:`play_utterances`: a transcript or a recording's utterances, through the live table
  (understanding, the scribe, the clock that closes reaction windows), as ``listen --simule`` does.

Both feed a :class:`~voice_scribe.web.board.Board`; ``speed`` multiplies the game clock (0: no
waiting at all), ``stop`` ends the playback early.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from voice_scribe.engine import Call
from voice_scribe.speech.utterance import Utterance
from voice_scribe.web.board import Board, describe_call

if TYPE_CHECKING:
    from voice_scribe.live import LiveTable
    from voice_scribe.scribe import Reply, Scribe

Sleep = Callable[[float], None]
Told = Callable[[Utterance, "Reply"], None]


def play_calls(
    board: Board,
    scribe: Scribe,
    calls: Iterable[Call],
    speed: float = 1.0,
    stop: threading.Event | None = None,
    told: Told | None = None,
    sleep: Sleep = time.sleep,
) -> None:
    """Each call heard at its time (divided by ``speed``), then the end of the log."""
    session = scribe.session
    last = None
    for call in sorted(calls, key=lambda c: c.t):
        if stop is not None and stop.is_set():
            return
        if speed > 0 and last is not None and call.t > last:
            sleep((call.t - last) / speed)
        last = call.t
        reply = scribe.decide(session.hear(call))
        _tell(Utterance(t=call.t, text=describe_call(call, board.book), speaker=call.player), reply, board, told)
    _tell(Utterance(t=session.state.clock, text=""), scribe.finish(), board, told)


def _tell(utterance: Utterance, reply: Reply, board: Board, told: Told | None) -> None:
    board.on_reply(utterance, reply)
    if told is not None:
        told(utterance, reply)


def play_utterances(
    board: Board,
    table: LiveTable,
    utterances: Sequence[Utterance],
    speed: float = 1.0,
    stop: threading.Event | None = None,
    step_s: float = 0.05,
    clock: Callable[[], float] = time.monotonic,
    sleep: Sleep = time.sleep,
) -> None:
    """The utterances said to the live table at their onsets; the game clock runs ``speed`` times faster."""
    board.watch(table)
    if not utterances:
        return
    start = min(u.t for u in utterances)
    end = max((u.end or u.t) for u in utterances)
    for utterance in utterances:
        table.submit(utterance)
    began = clock()
    while not table.session.state.winner and not (stop is not None and stop.is_set()):
        now = start + (clock() - began) * speed if speed > 0 else end + table.hold_s
        table.step(now)
        if now > end + table.hold_s:
            break
        sleep(step_s)
    table.drain()
    if not table.session.state.winner:
        reply = table.scribe.finish(end)
        if table.on_reply is not None:  # the end of the recording, told like any reply (the board watches)
            table.on_reply(Utterance(t=end, text=""), reply)
