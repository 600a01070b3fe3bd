"""Audio: sources of timestamped frames, the mute gate, energy segmentation
and channel attribution.

Nothing here imports sounddevice at module import time: the live source loads
it lazily so that file replay works on machines without PortAudio.
"""
