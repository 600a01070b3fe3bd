"""What one utterance meant, as the matcher answers it: a call, a command, a question or a rejection.

The thresholds the scribe decides with (:class:`Thresholds`), the kinds of answer (:class:`ResultKind`), one
reading of an utterance (:class:`Candidate`) and the whole answer (:class:`Understanding`), with their JSON form.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from voice_scribe.engine.calls import Call
from voice_scribe.understand.commands import Command
from voice_scribe.understand.grammar import Target, Template

#: Player name used when neither the audio side nor a spoken name tells who spoke.
UNKNOWN_SPEAKER = "?"


@dataclass(frozen=True)
class Thresholds:
    accept: float = 0.25  # best cost must be at most this
    margin: float = 0.12  # … and the runner-up (another meaning) this much worse
    margin_raw: float = 0.45  # … or worse by this much unnormalised edit weight (about one word)
    explain: float = 0.60  # a slot failure closer than this is the reason given
    shortlist: int = 12  # templates aligned in full
    shortlist_core: int = 4  # … and nearest the heard words without their commentary, per such reading
    sound: float = 0.2  # whole-phrase sound distance accepted when words alone do not fit (free decoding)
    sound_rivals: float = 0.1  # a word reading at least this costly meets the readings by sound as rivals
    context: float = 0.30  # with a table: a legal reading beats an illegal one at most this much cheaper
    max_words: int = 40  # longer than any call with its fillers: rejected before matching (bounded work)
    max_chars: int = 400  # idem, in characters (the longest call is under 100)


class ResultKind(str, Enum):
    CALL = "call"
    COMMAND = "command"
    AMBIGUOUS = "ambiguous"
    REJECTED = "rejected"


@dataclass(frozen=True)
class Candidate:
    """One reading of an utterance: a call or a command, its cost, the phrase it matched."""

    cost: float
    phrase: str
    call: Call | None = None
    command: Command | None = None

    @property
    def target(self) -> Target:
        return self.call.kind if self.call else self.command.kind  # type: ignore[union-attr]

    def to_json(self) -> dict:
        body = self.call.to_json() if self.call else self.command.to_json()  # type: ignore[union-attr]
        body["cost"] = round(self.cost, 3)
        body["phrase"] = self.phrase
        body["type"] = "call" if self.call else "command"
        return body


@dataclass(frozen=True)
class Nearest:
    """The phrase nearest a sentence that was refused, and whether one of its slots failed (« cul de chouette
    pour doux ») rather than the whole being too far from any call."""

    template: Template
    slot_failed: bool = False


@dataclass(frozen=True)
class Understanding:
    """What one utterance meant: a call, a command, a question (ambiguous) or a rejection."""

    kind: ResultKind
    text: str
    speaker: str | None = None
    speaker_source: str | None = None  # "audio" | "name" | None
    call: Call | None = None
    command: Command | None = None
    cost: float | None = None
    reason: str | None = None  # French, for rejections and questions
    candidates: tuple[Candidate, ...] = ()
    #: several players named as the call's speakers (« Perceval et Karadoc : beau sirop »), in the roster's
    #: order; ``speaker`` is the first of them, the call is his. Empty for one speaker.
    players: tuple[str, ...] = ()
    #: for a rejection as near no call, or as a call whose slot was heard as another word: the nearest phrase,
    #: whose words tell where a call said whole may end before talk (:mod:`.talk_after`). Not in the JSON.
    nearest: Nearest | None = field(default=None, compare=False, repr=False)

    @property
    def accepted(self) -> bool:
        return self.kind in (ResultKind.CALL, ResultKind.COMMAND)

    def to_json(self) -> dict:
        out: dict = {"result": self.kind.value, "text": self.text}
        if self.speaker:
            out["speaker"] = self.speaker
            out["speaker_source"] = self.speaker_source
        if self.players:
            out["players"] = list(self.players)
        if self.call:
            out.update(self.call.to_json())
        if self.command:
            out.update(self.command.to_json())
        if self.cost is not None:
            out["cost"] = round(self.cost, 3)
        if self.reason:
            out["reason"] = self.reason
        if self.candidates:
            out["candidates"] = [c.to_json() for c in self.candidates]
        return out
