"""The archive's French: clock stamps and races in words.

>>> stamp(727.4)
'12:07'
>>> from voice_scribe.history.fold import Race
>>> describe_race(Race(10.3, "pas_mou_le_caillou", "first", "Perceval", "Léodagan", 300.0, False, 2))
'« Pas mou le caillou ! » : Perceval devant Léodagan de 300 ms'
"""

from __future__ import annotations

from voice_scribe.engine import CALL_SPECS, CallKind
from voice_scribe.history.fold import Race


def stamp(t: float) -> str:
    """« 12:07 » for 727.4 s (minutes:seconds of the game clock)."""
    minutes, seconds = divmod(int(max(t, 0.0)), 60)
    return f"{minutes:02d}:{seconds:02d}"


def describe_race(race: Race) -> str:
    said = f"« {CALL_SPECS[CallKind(race.call)].text} »"
    gap = f"{race.gap_ms:.0f} ms"
    if race.tie:
        return f"{said} : {race.decisive} et {race.runner_up} ex aequo ({gap}, {race.shouters} cris)"
    if race.mode == "first":
        return f"{said} : {race.decisive} devant {race.runner_up} de {gap}"
    return f"{said} : {race.decisive} dernier, {gap} après {race.runner_up}"
