"""Audio errors: their message is French and meant for the user."""

from __future__ import annotations


class AudioError(Exception):
    """A user-facing audio failure (French message)."""


class PortAudioMissing(AudioError):
    """The PortAudio library is not installed."""


class NoInputDevice(AudioError):
    """No input device, or the requested one does not exist."""


class DeviceLost(AudioError):
    """The input device disappeared (or stopped delivering audio) mid-game."""
