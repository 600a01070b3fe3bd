"""Fixtures of the page's tests (a session and its server: ``page_kit``)."""

from page_kit import page  # noqa: F401 - a fixture
