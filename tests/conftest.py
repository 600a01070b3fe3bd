"""Settings every test runs under, before any test module imports numpy.

numpy's BLAS runs with one thread, as the command line (`voice_scribe.cli.main`) and the
benchmarks run it. With several threads OpenBLAS may sum in another order from run to
run, and a hearing decision sitting on a threshold (a quiet « six » under a rival's
phrase in a reverberant room) then flips between runs of the same audio: the tests
check the product as it runs, one thread, the same answer every time.
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
