"""``python -m hudi_layout``: ``jars`` prints the jar paths; ``demo`` runs the demo; ``bench`` the
benchmark; ``report`` the layout report of a table; ``advise`` sort columns and weights from a
log of query predicates."""
from __future__ import annotations

import argparse
import sys

from .jarpaths import JarNotFoundError, jars


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="python -m hudi_layout")
    sub = parser.add_subparsers(dest="command", required=True)
    pj = sub.add_parser("jars", help="print the absolute paths of the plugin jar and the Hudi Spark bundle")
    pj.add_argument("--sep", default="\n", help="separator between paths (use ',' for spark-submit --jars)")
    sub.add_parser("demo", help="run the demo (see: python -m hudi_layout demo --help)", add_help=False)
    sub.add_parser("bench", help="run the skipping benchmark (see: python -m hudi_layout bench --help)",
                   add_help=False)
    sub.add_parser("report", help="files a point query reads per column, from the column-stats index "
                   "(see: python -m hudi_layout report --help)", add_help=False)
    sub.add_parser("advise", help="sort columns and weights from a log of query predicates "
                   "(see: python -m hudi_layout advise --help)", add_help=False)
    if argv and argv[0] == "advise":
        from . import advice
        return advice.main(argv[1:])
    if argv and argv[0] == "report":
        from . import report
        return report.main(argv[1:])
    if argv and argv[0] == "demo":
        from . import demo
        return demo.main(argv[1:])
    if argv and argv[0] == "bench":
        from . import bench
        return bench.main(argv[1:])
    args = parser.parse_args(argv)
    if args.command == "jars":
        try:
            print(args.sep.join(jars()))
        except JarNotFoundError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
