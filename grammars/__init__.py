"""The French grammar (data: ``fr/*.txt``), shipped inside the package as ``voice_scribe.grammars``."""
