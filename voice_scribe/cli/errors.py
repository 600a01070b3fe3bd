"""The one exception a command raises for the user: a French message, no traceback."""

from __future__ import annotations


class CliError(Exception):
    """A user-facing failure: its message is French and printed without a traceback.

    The exit code is 2 (the user must change something: a file, an option, the
    machine's set-up) unless ``code`` says otherwise.
    """

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code
