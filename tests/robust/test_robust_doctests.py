"""The examples in the docstrings of the boundary modules are true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ("voice_scribe.validation", "voice_scribe.journal", "voice_scribe.engine.calls",
           "voice_scribe.engine.rules", "voice_scribe.understand.transcript", "voice_scribe.cli.checks",
           "voice_scribe.understand.alignment", "voice_scribe.understand.sentence_frames",
           "voice_scribe.understand.talk_after", "voice_scribe.understand.restarts")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
