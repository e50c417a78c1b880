"""``hudi-layout`` (``python -m hudi_layout``): dispatches to its verbs, one module each in
:mod:`hudi_layout.cli`: ``jars``, ``demo``, ``report``, ``sql``, ``clustering``, ``advise``.
``bench`` says where the benchmark is: in a source checkout (``make bench``, ``python -m bench``),
not in the installed package."""
from __future__ import annotations

import argparse
import sys

from .cli import advise, clustering, demo, jars, report, sql
from .jarpaths import UnsupportedHudiVersion

#: verb -> its module (``main(argv) -> int``)
COMMANDS = {"jars": jars, "demo": demo, "report": report, "sql": sql, "clustering": clustering, "advise": advise}
#: verb -> what ``--help`` says of it
VERBS = {
    "jars": "print the absolute paths of the plugin jar and the Hudi Spark bundle (where no folder holds the "
            "bundle, its Maven coordinates go to stderr, for --packages)",
    "demo": "a table written in random order, clustered with hudi-layout, and the files a point query reads "
            "before and after (see: hudi-layout demo --help)",
    "report": "files a point query reads per column, from the column-stats index (see: hudi-layout report --help)",
    "sql": "run the installed pyspark's spark-sql with our jars and Hudi's SQL extension; arguments go to "
           "spark-sql (e.g. -e \"CALL show_clustering(path => '/data/t')\" or -f script.sql); --print-command "
           "prints the command instead",
    "clustering": "hudi-cli's clustering verbs (schedule, run, scheduleAndExecute, show, purge) as our "
                  "spark-submit job (see: hudi-layout clustering --help)",
    "advise": "sort columns and weights from a log of query predicates (see: hudi-layout advise --help)",
}
BENCH = ("error: the benchmark runs from a source checkout of hudi-layout (`make bench` or `python -m bench` "
         "there); it is not part of the installed package")


def main(argv=None) -> int:
    """Runs one verb; its exit status. An unsupported Hudi version (``HUDI_LAYOUT_HUDI_VERSION``, a
    bundle on ``spark.jars``) is one line and exit status 2, before any Spark starts."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "bench":
        print(BENCH, file=sys.stderr)
        return 2
    if not argv or argv[0] not in VERBS:
        parser = argparse.ArgumentParser(prog="hudi-layout", description=__doc__,
                                         formatter_class=argparse.RawDescriptionHelpFormatter)
        sub = parser.add_subparsers(dest="command", required=True)
        for verb, what in VERBS.items():
            sub.add_parser(verb, help=what, add_help=False)
        sub.add_parser("bench", help="the skipping benchmark: from a source checkout (make bench)", add_help=False)
        parser.parse_args(argv)  # exits: usage, or --help
        return 2
    try:
        return COMMANDS[argv[0]].main(argv[1:])
    except UnsupportedHudiVersion as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
