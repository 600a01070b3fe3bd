"""Speech: recognition (Vosk), one session clock, who is speaking.

Nothing here imports vosk at module import time: :mod:`voice_scribe.speech.utterance`
is the plain data type the understanding layer reads.
"""
