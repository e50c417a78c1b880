"""``hudi-layout clustering schedule|run|scheduleAndExecute|show|purge``: hudi-cli's clustering verbs
and option names, each run as our spark-submit job (``dev.hudilayout.ClusteringJob``) through the
installed pyspark's ``spark-submit`` with the plugin jar and the Hudi bundle.

    hudi-layout clustering scheduleAndExecute --path /data/t --propsFilePath conf/hudi-layout.properties \\
        [--hoodieConfigs k=v ...] [--clusteringInstant T] [--sparkMaster local[2]] [--sparkMemory 4g] \\
        [--parallelism N] [--retry N] [--tableName NAME]

Prints what the job did (``scheduled T``, ``completed T operation=CLUSTER files=R->W hudilayout.*=...``,
``purged T``, ``nothing to cluster``; ``show``: one line per clustering) and exits with its status:
0 done, 1 failed, 2 bad input (nothing written).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from typing import List, Optional, Sequence

from ..jarpaths import JarNotFoundError
from ..paths import local_properties, qualified

#: hudi-cli's verb -> the job's --mode
VERBS = {"schedule": "schedule", "run": "execute", "scheduleAndExecute": "scheduleAndExecute", "show": "show",
         "purge": "purgePending"}
JOB_CLASS = "dev.hudilayout.ClusteringJob"
#: lines of the job's output that say what it did (the rest is Spark's and Hudi's logging)
REPORT_WORDS = ("scheduled", "completed", "purged", "nothing", "no", "error:", "failed:", "retrying",
                "REQUESTED", "INFLIGHT", "COMPLETED")


def report_lines(output: str) -> List[str]:
    """The job's report lines in its standard output (a report word first or second: ``show``
    starts a line with the instant)."""
    return [line for line in output.splitlines() if any(w in REPORT_WORDS for w in line.split()[:2])]


def table_name(path: str) -> str:
    """The table's name from ``.hoodie/hoodie.properties``; ValueError if the path holds no Hudi table."""
    props = local_properties(path) or os.path.join(path, ".hoodie", "hoodie.properties")
    try:
        with open(props) as f:
            for line in f:
                if line.startswith("hoodie.table.name="):
                    return line.split("=", 1)[1].strip()
    except OSError:
        pass
    raise ValueError(f"--path {path}: no Hudi table there (no {props} with hoodie.table.name); give the table's "
                     f"base path, or --tableName for a path this machine cannot read")


def job_command(verb: str, path: str, *, table: Optional[str] = None, props: Optional[str] = None,
                hoodie_configs: Sequence[str] = (), instant: Optional[str] = None, master: Optional[str] = None,
                memory: Optional[str] = None, parallelism: Optional[int] = None, retry: Optional[int] = None,
                verbose: bool = False) -> List[str]:
    """The spark-submit command line of the job for hudi-cli's ``verb`` on the table at ``path``:
    ``table`` its name (default: the table's own), ``props`` a properties file, ``hoodie_configs``
    further ``k=v`` keys, ``instant`` the clustering's, ``master`` and ``memory`` the driver's."""
    from pyspark.find_spark_home import _find_spark_home
    from ..jarpaths import jar_path, spark_jars
    from ..spark import quiet_conf
    path = qualified(path)
    command = [os.path.join(_find_spark_home(), "bin", "spark-submit"), "--class", JOB_CLASS,
               *spark_jars(with_plugin=False).submit_args(), "--conf", "spark.ui.enabled=false"]
    for key, value in quiet_conf(verbose).items():
        command += ["--conf", f"{key}={value}"]
    if master:
        command += ["--master", master]
    if memory:
        command += ["--driver-memory", memory]
    command += [jar_path(), "--base-path", path, "--table-name", table or table_name(path), "--mode", VERBS[verb]]
    if props:
        command += ["--props", os.path.abspath(props)]
    for kv in hoodie_configs:
        command += ["--hoodie-conf", kv]
    flags = {"--instant-time": instant, "--spark-memory": memory, "--parallelism": parallelism, "--retry": retry}
    for flag, given in flags.items():
        if given is not None:
            command += [flag, str(given)]
    return command


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(prog="hudi-layout clustering", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("verb", choices=list(VERBS))
    p.add_argument("--path", required=True, help="the table's base path")
    p.add_argument("--tableName", default=None, help="default: hoodie.table.name of the table")
    p.add_argument("--propsFilePath", default=None, help="a properties file of Hudi and hudi-layout keys")
    p.add_argument("--hoodieConfigs", nargs="+", action="extend", default=[], metavar="K=V",
                   help="further keys, after the file's")
    p.add_argument("--clusteringInstant", default=None, help="run / purge: that instant (default: the oldest "
                   "pending / every pending one)")
    p.add_argument("--sparkMaster", default=None)
    p.add_argument("--sparkMemory", default=None)
    p.add_argument("--parallelism", type=int, default=None)
    p.add_argument("--retry", type=int, default=None)
    p.add_argument("--print-command", action="store_true", help="print the spark-submit command instead")
    p.add_argument("--verbose", action="store_true", help="print all the job's output (Spark's and Hudi's logging "
                   "too), not only its report lines")
    args = p.parse_args(argv)
    try:
        command = job_command(args.verb, args.path, table=args.tableName, props=args.propsFilePath,
                              hoodie_configs=args.hoodieConfigs, instant=args.clusteringInstant,
                              master=args.sparkMaster, memory=args.sparkMemory, parallelism=args.parallelism,
                              retry=args.retry, verbose=args.verbose)
    except (ValueError, JarNotFoundError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.print_command:
        import shlex
        print(shlex.join(command))
        return 0
    if args.verbose:
        return subprocess.call(command)
    run = subprocess.run(command, capture_output=True, text=True)
    said = report_lines(run.stdout)
    print("\n".join(said))
    if run.returncode != 0 and not said:
        print(run.stderr[-4000:], file=sys.stderr)
    return run.returncode
