"""Shared fixtures for the understanding tests: one compiled matcher per roster/rules."""

from __future__ import annotations

import pytest

from voice_scribe.engine.rules import Rules
from voice_scribe.understand import Matcher, Roster, load_grammar

ROSTER = Roster.parse("Karadoc,Perceval,Léodagan,Père Blaise=Blaise")


@pytest.fixture(scope="session")
def matcher() -> Matcher:
    return Matcher(load_grammar(Rules()), ROSTER)


@pytest.fixture(scope="session")
def volette_matcher() -> Matcher:
    return Matcher(load_grammar(Rules(achat_call="volette")), ROSTER)
