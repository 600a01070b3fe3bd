"""Simulated tables in real rooms, for the hearing benchmark and tests.

Written from the physics of the problem, not from the detector's settings:
shoebox rooms (pyroomacoustics, image sources + ray tracing), players seated
round a table, one microphone 0.2-0.5 m from each mouth, espeak-ng voices and
a real human French speaker (Debian's asterisk-core-sounds-fr-g722),
races with onset gaps from 0 to 500 ms, unequal loudness, overlapping
phrases, dice knocks and rolls, babble or music, sensor noise.

Truth: each shout's onset is where its dry clip first rises to -35 dB of its
peak (2 ms RMS), plus the direct-path delay from the mouth to the speaker's
own microphone (pyroomacoustics' 40-sample fractional-delay offset removed).

Modules: :mod:`voices` (speech clips), :mod:`noises` (knocks, rolls, music),
:mod:`table` (room, script, rendering, cache), :mod:`score` (matching and
figures).
"""
