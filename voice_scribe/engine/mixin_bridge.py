"""Transitional: the family functions that rule mixins not yet converted still call on the game."""

from __future__ import annotations

from typing import Any



class MixinBridge:
    pass
