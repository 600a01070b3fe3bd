"""Speech out: the phrasebook (events → French) and the speaker (French → sound or WAV).

``phrasebook`` needs only ``num2words``; ``speaker`` imports pyttsx3 lazily,
when a :class:`~voice_scribe.voice.speaker.Speaker` starts.
"""
