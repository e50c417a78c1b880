"""``hudi-layout jars``: the absolute paths of the plugin jar and the Hudi Spark bundle (where no
folder holds the bundle, its Maven coordinates go to stderr, for ``--packages``)."""
from __future__ import annotations

import argparse
import sys
from typing import Optional, Sequence

from ..jarpaths import JarNotFoundError, spark_jars


def main(argv: Optional[Sequence[str]] = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m hudi_layout jars", description=__doc__)
    ap.add_argument("--sep", default="\n", help="separator between paths (use ',' for spark-submit --jars)")
    args = ap.parse_args(argv)
    try:
        found = spark_jars()
    except JarNotFoundError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(args.sep.join(found.jars))
    for package in found.packages:
        print(f"the Hudi bundle is not on this machine: give Spark --packages {package}", file=sys.stderr)
    return 0
