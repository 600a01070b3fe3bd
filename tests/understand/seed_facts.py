"""The seed facts (``data/seed_announcements.toml``): every announcement quoted in the seeds, with its source."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from voice_scribe.engine.calls import CallKind

DATA = Path(__file__).resolve().parent / "data" / "seed_announcements.toml"
_ARGS = ("number", "combination", "max_stake")
#: the seed's own notes inside a quote: « (ou autre) », « <pts> », « [valeur d'une tiche] »
_PLACEHOLDER = re.compile(r"\(ou autre\)|<[^>]+>|\[[^\]]+\]")


@dataclass(frozen=True)
class SeedAnnouncement:
    seed: str
    section: str
    quote: str
    kind: CallKind
    args: dict = field(default_factory=dict)
    said: str | None = None
    achat_call: str | None = None

    @property
    def text(self) -> str:
        return self.said or self.quote


def _load() -> list[SeedAnnouncement]:
    rows = tomllib.loads(DATA.read_text(encoding="utf-8"))["announcement"]
    return [
        SeedAnnouncement(
            r["seed"], r["section"], r["quote"], CallKind(r["kind"]),
            {k: r[k] for k in _ARGS if k in r}, r.get("said"), r.get("achat_call"),
        )
        for r in rows
    ]


SEEDS = _load()
SEED_CALLS = [a for a in SEEDS if a.achat_call is None]
VOLETTE_CALLS = [a for a in SEEDS if a.achat_call == "volette"]
