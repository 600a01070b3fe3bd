"""Shared fixtures for the understanding tests: one compiled matcher per roster/rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from voice_scribe.engine.rules import Rules
from voice_scribe.understand import Matcher, Roster, load_grammar

ROSTER = Roster.parse("Karadoc,Perceval,Léodagan,Père Blaise=Blaise")
SEEDS = Path(__file__).resolve().parents[2].parent / "shared" / "seeds"


@pytest.fixture(scope="session")
def matcher() -> Matcher:
    return Matcher(load_grammar(Rules()), ROSTER)


@pytest.fixture(scope="session")
def volette_matcher() -> Matcher:
    return Matcher(load_grammar(Rules(achat_call="volette")), ROSTER)


@pytest.fixture(scope="session")
def seeds_dir() -> Path:
    if not SEEDS.is_dir():
        pytest.skip(f"seed texts not found at {SEEDS} (shared/ must sit beside the repository)")
    return SEEDS
