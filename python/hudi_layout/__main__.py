"""``python -m hudi_layout``: ``jars`` prints the jar paths; ``demo`` runs the demo; ``bench`` the
benchmark; ``report`` the layout report of a table; ``advise`` sort columns and weights from a
log of query predicates; ``sql`` spark-sql with our jars and Hudi's SQL extension; ``clustering``
hudi-cli's clustering verbs as our spark-submit job."""
from __future__ import annotations

import argparse
import sys

from .jarpaths import JarNotFoundError, UnsupportedHudiVersion, spark_jars

#: Commands run by :mod:`hudi_layout.tools`, which needs the ``tools`` extra.
TOOLS = ("demo", "bench")


def main(argv=None) -> int:
    """Runs one command; an unsupported Hudi version (``HUDI_LAYOUT_HUDI_VERSION``, a bundle on
    ``spark.jars``) is one line and exit status 2, before any Spark starts."""
    try:
        return _main(list(sys.argv[1:] if argv is None else argv))
    except UnsupportedHudiVersion as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


def _main(argv) -> int:
    parser = argparse.ArgumentParser(prog="python -m hudi_layout")
    sub = parser.add_subparsers(dest="command", required=True)
    pj = sub.add_parser("jars", help="print the absolute paths of the plugin jar and the Hudi Spark bundle "
                        "(where no folder holds the bundle, its Maven coordinates go to stderr, for --packages)")
    pj.add_argument("--sep", default="\n", help="separator between paths (use ',' for spark-submit --jars)")
    sub.add_parser("demo", help="run the demo (see: python -m hudi_layout demo --help)", add_help=False)
    sub.add_parser("bench", help="run the skipping benchmark (see: python -m bench --help)",
                   add_help=False)
    sub.add_parser("report", help="files a point query reads per column, from the column-stats index "
                   "(see: python -m hudi_layout report --help)", add_help=False)
    sub.add_parser("sql", help="run the installed pyspark's spark-sql with our jars and Hudi's SQL extension; "
                   "arguments go to spark-sql (e.g. -e \"CALL show_clustering(path => '/data/t')\" or -f "
                   "script.sql); --print-command prints the command instead", add_help=False)
    sub.add_parser("clustering", help="hudi-cli's clustering verbs (schedule, run, scheduleAndExecute, show, purge) "
                   "as our spark-submit job (see: python -m hudi_layout clustering --help)", add_help=False)
    sub.add_parser("advise", help="sort columns and weights from a log of query predicates "
                   "(see: python -m hudi_layout advise --help)", add_help=False)
    if argv and argv[0] == "clustering":
        from . import clustering_cli
        return clustering_cli.main(argv[1:])
    if argv and argv[0] == "sql":
        return _sql(argv[1:])
    if argv and argv[0] == "advise":
        from . import advice
        return advice.main(argv[1:])
    if argv and argv[0] == "report":
        from . import report
        return report.main(argv[1:])
    if argv and argv[0] in TOOLS:
        tool = _tool(argv[0])
        return tool.main(argv[1:]) if tool else 2
    args = parser.parse_args(argv)
    if args.command == "jars":
        try:
            found = spark_jars()
            print(args.sep.join(found.jars))
            for package in found.packages:
                print(f"the Hudi bundle is not on this machine: give Spark --packages {package}", file=sys.stderr)
        except JarNotFoundError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
    return 0


def _tool(command: str):
    """The module of ``command`` (one of :data:`TOOLS`); None, after one line naming the extra to
    install, when a package of the ``tools`` extra is missing."""
    from .extras import TOOLS_EXTRA, needs_tools
    try:
        if command == "demo":
            from bench import demo
            return demo
        from bench import bench_cli
        return bench_cli
    except ModuleNotFoundError as e:
        needed = (e.name or "").split(".")[0]
        if needed not in TOOLS_EXTRA:
            raise
        print(needs_tools(f"hudi-layout {command}", needed), file=sys.stderr)
        return None


def _sql(args) -> int:
    """``sql [--print-command] ARGS...``: spark-sql with our jars and Hudi's settings; its exit status."""
    import shlex
    import subprocess
    from .spark import spark_sql_command
    show = "--print-command" in args
    try:
        command = spark_sql_command([a for a in args if a != "--print-command"])
    except JarNotFoundError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if show:
        print(shlex.join(command))
        return 0
    return subprocess.call(command)


if __name__ == "__main__":
    sys.exit(main())
