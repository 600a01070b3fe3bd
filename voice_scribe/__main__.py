import sys

from voice_scribe.cli import main

sys.exit(main())
