"""Every evening kept: games read back from their journals, an SQLite archive, score curves.

- :mod:`voice_scribe.history.fold`: a journal → a :class:`GameRecord` (players, rules, the scores
  after every decision, the verdicts as they were said, the races and their onset gaps);
- :mod:`voice_scribe.history.store`: the SQLite archive (idempotent import, per-player figures);
- :mod:`voice_scribe.history.curve`: a game's score curve as an SVG picture.
"""

from voice_scribe.history.curve import score_curve_svg
from voice_scribe.history.fold import GameRecord, Race, ScorePoint, Verdict, read_game
from voice_scribe.history.store import Archive, GameSummary, PlayerFigures

__all__ = [
    "Archive",
    "GameRecord",
    "GameSummary",
    "PlayerFigures",
    "Race",
    "ScorePoint",
    "Verdict",
    "read_game",
    "score_curve_svg",
]
