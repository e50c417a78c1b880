"""``hudi-layout sql [--print-command] ARGS...``: the installed pyspark's spark-sql with our jars and
Hudi's SQL extension; the arguments go to spark-sql (``-e "CALL show_clustering(path => '/data/t')"``,
``-f script.sql``); ``--print-command`` prints the command instead of running it."""
from __future__ import annotations

import shlex
import subprocess
import sys
from typing import Optional, Sequence

from ..jarpaths import JarNotFoundError
from ..spark import spark_sql_command


def main(argv: Optional[Sequence[str]] = None) -> int:
    """spark-sql's exit status; 2 when a jar is missing."""
    args = list(sys.argv[1:] if argv is None else argv)
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
