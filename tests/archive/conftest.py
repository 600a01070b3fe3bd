"""Fixtures of the archive tests (the example games' journals: ``archive_examples``)."""

from archive_examples import journals  # noqa: F401 - a fixture
