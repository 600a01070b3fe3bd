"""The examples in the docstrings of the archive and the page are run, so they stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["voice_scribe.history.fold", "voice_scribe.history.curve", "voice_scribe.history.store",
           "voice_scribe.history.words", "voice_scribe.web.board", "voice_scribe.web.server"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
