"""Live hearing: frames from the microphones → utterances on the session clock.

One :class:`ChannelRecognizer` per channel, all sharing one Vosk model; the
mute gate silences what the scribe says itself; the same shout decoded on two
microphones is merged and given to the clearly louder channel (ratio ≥
``dominance``), otherwise it is marked ``ambiguous`` and the table is asked.
In single-microphone mode nobody is attributed: the understanding layer takes
the speaker from a leading spoken name.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np
from rapidfuzz import fuzz

from voice_scribe.audio.mute import Mute
from voice_scribe.audio.sources import Frame, to_int16
from voice_scribe.speech.utterance import Utterance

RING_S = 30.0  # audio kept to measure who spoke loudest
FLOOR_S = 3.0  # the noise floor is the quietest level of the last seconds
VOICE_DB = 12.0  # a channel carries voice (its own or a leak) this far above its floor
SETTLE_S = 0.8  # Vosk ends an utterance after 0.5 s of silence: wait that long after the last voice


@dataclass
class _Group:
    utterances: list[Utterance]
    seen_at: float  # session time the group was last extended


@dataclass
class CrosstalkMerger:
    """Groups the same shout heard on several channels; the louder channel wins."""

    players: Sequence[str | None]
    rate: int
    dominance: float = 1.25
    merge_s: float = 0.4
    _groups: list[_Group] = field(default_factory=list, init=False)
    _released: deque[Utterance] = field(default_factory=lambda: deque(maxlen=32), init=False)

    def add(self, utterance: Utterance, now: float) -> None:
        """Join the group of the same shout, or start one. A copy that decodes after its
        group was already decided (Vosk can finish one channel much later) is dropped."""
        if any(self._same(utterance, done) for done in self._released):
            return
        matching = [g for g in self._groups if any(self._same(utterance, other) for other in g.utterances)]
        if not matching:
            self._groups.append(_Group([utterance], now))
            return
        # one shout decoded in pieces on one microphone and whole on another: one group
        merged = _Group([u for g in matching for u in g.utterances] + [utterance], now)
        self._groups = [g for g in self._groups if g not in matching] + [merged]

    def ready(self, now: float, final: bool = False, busy: Sequence[tuple[int, float]] = ()) -> list[list[Utterance]]:
        """The groups nobody has added to for ``merge_s``: they are complete.

        ``busy`` lists (channel, onset) of utterances still being decoded: a
        group they overlap waits for them (the other microphone's copy of the
        same shout ends later, after its own trailing silence).
        """

        def waiting(group: _Group) -> bool:
            channels = {u.channel for u in group.utterances}
            end = max(u.end or u.t for u in group.utterances)
            return any(ch not in channels and onset <= end + 0.2 for ch, onset in busy)

        done = [g for g in self._groups if final or (now - g.seen_at >= self.merge_s and not waiting(g))]
        self._groups = [g for g in self._groups if g not in done]
        for group in done:
            self._released.extend(group.utterances)
        return [g.utterances for g in done]

    def decide(self, group: list[Utterance], ring: np.ndarray, ring_start: int) -> Utterance:
        return self._decide(group, ring, ring_start)

    @staticmethod
    def _same(a: Utterance, b: Utterance) -> bool:
        """The same shout on two microphones: overlapping in time, and either mostly
        inside one another (a leak often decodes as a fragment) or alike in words."""
        if a.channel == b.channel:
            return False
        a_end, b_end = a.end or a.t, b.end or b.t
        overlap = min(a_end, b_end) - max(a.onset, b.onset)
        shortest = max(min(a_end - a.onset, b_end - b.onset), 0.03)
        return overlap / shortest >= 0.5 or (overlap > -0.1 and fuzz.ratio(a.text, b.text) >= 60)

    def _decide(self, group: list[Utterance], ring: np.ndarray, ring_start: int) -> Utterance:
        best = max(group, key=lambda u: (len(u.text), -u.onset))
        onset = min(u.onset for u in group)
        end = max(u.end or u.t for u in group)
        a = max(0, int(onset * self.rate) - ring_start)
        b = max(a + 1, int(end * self.rate) - ring_start)
        span = ring[a:b] if b <= len(ring) else ring[a:]
        if len(span) == 0 or ring.shape[1] == 1:
            channel = best.channel or 0
            return replace(best, t=onset, speaker=self._player(channel), channel=channel)
        energy = np.sqrt(np.mean(span.astype(np.float64) ** 2, axis=0)) + 1e-9
        order = np.argsort(energy)[::-1]
        ratio = float(energy[order[0]] / energy[order[1]])
        channel = int(order[0])
        ambiguous = ratio < self.dominance
        return replace(
            best,
            t=onset,
            channel=channel,
            speaker=None if ambiguous else self._player(channel),
            loudness_ratio=ratio,
            ambiguous=ambiguous,
        )

    def _player(self, channel: int) -> str | None:
        if channel < len(self.players):
            return self.players[channel] or None
        return None


class Microphones:
    """Runs in its own thread: ``run(frames)`` until ``stop`` is set or the frames end."""

    def __init__(
        self,
        recognizers: Sequence,  # ChannelRecognizer, one per channel
        players: Sequence[str | None],
        rate: int,
        submit: Callable[[Utterance], None],
        mute: Mute | None = None,
        notice: Callable[[str], None] | None = None,
        dominance: float = 1.25,
    ) -> None:
        self.recognizers = list(recognizers)
        self.rate = rate
        self.submit = submit
        self.mute = mute
        self.notice = notice
        self.merger = CrosstalkMerger(players, rate, dominance)
        self.levels: dict[int, float] = {}
        self._recent_levels: dict[int, deque[float]] = {}
        self._voice_start: dict[int, float] = {}
        self._last_voice: dict[int, float] = {}
        self._runs: dict[int, deque[list[float]]] = {}  # per channel: [start, end] of recent voice runs
        self.clock_samples = 0
        self.stop = threading.Event()
        self._ring: deque[np.ndarray] = deque()
        self._ring_samples = 0
        self._ring_start = 0

    @property
    def now(self) -> float:
        return self.clock_samples / self.rate

    def run(self, frames: Iterable[Frame]) -> None:
        try:
            for frame in frames:
                if self.stop.is_set():
                    break
                self._feed(frame)
        except Exception as exc:  # noqa: BLE001 - a lost device must not kill the game
            if self.notice:
                self.notice(f"micro perdu : {exc} — le journal est intact ; tapez les annonces au clavier.")
        finally:
            self._flush()

    def _feed(self, frame: Frame) -> None:
        if self.mute is not None:
            frame = self.mute.apply(frame)
        self._remember(frame)
        self.clock_samples = frame.end
        for channel, data in enumerate(frame.data.T):
            self._track_voice(channel, float(20 * np.log10(np.sqrt(np.mean(data.astype(np.float64) ** 2)) + 1e-9)),
                              frame)
            if channel < len(self.recognizers):
                for utterance in self.recognizers[channel].feed(to_int16(data), frame.start):
                    if utterance.text.strip():
                        self.merger.add(replace(utterance, channel=channel), self.now)
        self._release()

    def _track_voice(self, channel: int, level: float, frame: Frame) -> None:
        """Voice activity per channel, own or leaked: a channel with voice may still be decoding."""
        self.levels[channel] = level
        recent = self._recent_levels.setdefault(channel, deque(maxlen=max(1, int(FLOOR_S * frame.rate / max(1, len(frame.data))))))
        recent.append(level)
        if level > min(recent) + VOICE_DB and level > -60.0:
            runs = self._runs.setdefault(channel, deque(maxlen=64))
            if self._last_voice.get(channel, -1.0) < frame.t - SETTLE_S:
                self._voice_start[channel] = frame.t
                runs.append([frame.t, frame.end / frame.rate])
            self._last_voice[channel] = runs[-1][1] = frame.end / frame.rate

    def energy_onset(self, utterance: Utterance) -> float:
        """Where the voice began on the utterance's channel: closer to the truth than Vosk's
        first word, which starts late (measured: docs/hearing.md)."""
        for start, end in reversed(self._runs.get(utterance.channel or 0, ())):
            if start <= utterance.onset + 0.05 and end >= utterance.onset - 0.05:
                return start
        return utterance.onset

    def _busy(self) -> list[tuple[int, float]]:
        """(channel, onset) of the voice runs that Vosk may not have finished decoding."""
        return [
            (ch, self._voice_start[ch]) for ch, last in self._last_voice.items() if last >= self.now - SETTLE_S
        ]

    def _flush(self) -> None:
        for channel, recognizer in enumerate(self.recognizers):
            for utterance in recognizer.flush():
                if utterance.text.strip():
                    self.merger.add(replace(utterance, channel=channel), self.now)
        self._release(final=True)

    def _release(self, final: bool = False) -> None:
        groups = self.merger.ready(self.now, final, self._busy())
        if not groups:
            return
        ring = np.concatenate(list(self._ring)) if self._ring else np.zeros((0, 1), dtype=np.float32)
        for group in groups:
            utterance = self.merger.decide(group, ring, self._ring_start)
            onset = self.energy_onset(utterance)
            self.submit(replace(utterance, t=onset, energy_onset=onset))

    def _remember(self, frame: Frame) -> None:
        self._ring.append(frame.data)
        self._ring_samples += len(frame.data)
        while self._ring and self._ring_samples - len(self._ring[0]) > RING_S * self.rate:
            old = self._ring.popleft()
            self._ring_samples -= len(old)
            self._ring_start += len(old)
