"""A call the engine refuses, with a French reason (``Game.apply`` turns it into a ``rejected`` event).

>>> Rejected("wrong_phase", "ce n'est pas le moment").code
'wrong_phase'
"""

from __future__ import annotations


class Rejected(Exception):
    """A call refused, with a French reason.

    The call itself changes nothing; what the moment of the call set off
    before it was refused (a reaction window whose time was up, closed by the
    clock) stays, and its events are reported with the rejection.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
