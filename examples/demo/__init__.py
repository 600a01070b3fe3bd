"""The demo game (``partie1.flac`` and its transcript), shipped inside the package as ``voice_scribe.demo_game``."""
