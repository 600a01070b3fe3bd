"""voice-scribe: an offline, voice-controlled scribe for Cul de chouette.

Layers (imports point one way): audio -> speech -> understand -> arbiter ->
engine -> voice/cli. :mod:`voice_scribe.engine` is pure and needs no audio stack.
"""

__version__ = "0.1.0"
