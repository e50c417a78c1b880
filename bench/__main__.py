"""``python -m bench`` (``make bench``): the skipping benchmark, from a source checkout."""
import sys

from bench.bench_cli import main

sys.exit(main())
