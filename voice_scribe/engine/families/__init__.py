"""The rule families: one module per seed paragraph, plain functions over a narrow context.

Each module quotes its seed paragraph, exposes functions ``on_<call>(ctx, call)`` and the hooks
the fold calls (``settle_…``, ``…_landed``), and ends with its ``FAMILY`` record. The families
are listed, in precedence order, in ``voice_scribe.engine.registry`` (not here: a family module
imports another family's module without loading the whole registry).
"""
