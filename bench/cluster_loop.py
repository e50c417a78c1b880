"""The concurrent rounds benchmark's clustering driver (:mod:`bench.concurrent`): async
clustering in a Spark driver of its own, beside the bench's writer, as a stream's clustering
service runs.

    python -m bench.cluster_loop PATH --options-json FILE --until FILE
                                             [--pause S] [--memory 2g] [--shuffle-partitions N]

Loops: runs a clustering of the table at PATH with the raw Hudi options of ``--options-json``
(``{"options": {...}}``: the layout's, the plan's sizes, the lock provider and the run's
``--hudi-option`` flags), pauses ``--pause`` seconds, and goes again. A clustering left pending by
a failed execution is executed again first, at most ``RETRIES`` times, as Hudi's clustering job
does; after that it is left and new ones are scheduled. Once the file ``--until`` exists, the loop
waits until the writers count as paused (``jvm.writers``: the continuous plan leaves out what the
next write is likely to touch until no write has come for twice the writers' beat), then runs
clusterings until one finds nothing to do, and ends.

Prints one line per event, flushed, for the bench to count: ``scheduled <instant>``, ``retry
<instant>``, ``completed <instant> <seconds>``, ``failed <instant> <ExceptionClass> <message>``,
``nothing`` (no clustering planned), ``abandoned <instant>``, ``paused <seconds waited>``, ``done``.
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Dict, List, Tuple

#: executions of one pending clustering before the loop leaves it
RETRIES = 3
#: Seconds the loop waits, after the writer's last round, for the writers to count as paused
PAUSE_LIMIT = 300.0


def exception_chain(error: BaseException) -> List[Tuple[str, str]]:
    """(class, message) of each Java exception in ``error``'s text (a Py4J error's trace: the
    exception and its ``Caused by:`` chain), outermost first."""
    found = []
    for line in str(error).splitlines():
        line = line.strip().lstrip(": ")
        if line.startswith("Caused by: "):
            line = line[len("Caused by: "):]
        head = line.split(" ", 1)[0].rstrip(":")
        if head.startswith(("org.apache.", "java.", "scala.")) and head.endswith(("Exception", "Error")):
            found.append((head.rsplit(".", 1)[1], line[len(head):].lstrip(": ").strip()))
    return found


def hudi_cause(error: BaseException) -> Tuple[str, str]:
    """(class, message) of the innermost Hudi exception behind ``error`` (:func:`exception_chain`),
    else of the outermost Java exception, else ``error``'s own."""
    text = str(error)
    found = exception_chain(error)
    hudi = [f for f in found if "Hoodie" in f[0]]
    cls, message = (hudi[-1] if hudi else found[0]) if found else (type(error).__name__, text)
    return cls, " ".join(message.split())[:300]


def say(line: str) -> None:
    print(line, flush=True)


def run_one(spark, path: str, opts: Dict[str, str], attempts: Dict[str, int]) -> str:
    """One clustering: the oldest pending one left by a failed execution (unless tried
    ``RETRIES`` times), else a new one; returns ``retry``, ``new`` or ``nothing``."""
    from hudi_layout import clustering, jvm
    pending_now = clustering.pending(spark, path)
    for left in [i for i in attempts if i not in pending_now]:
        attempts.pop(left)  # completed, or rolled back by a writer
    pending = [i for i in pending_now if attempts.get(i, 0) < RETRIES]
    if pending:
        instant, kind = pending[0], "retry"
        say(f"retry {instant}")
    else:
        scheduled, kind = jvm.schedule(spark, path, opts), "new"
        if not scheduled:
            say("nothing")
            return "nothing"
        instant = scheduled
        say(f"scheduled {instant}")
    attempts[instant] = attempts.get(instant, 0) + 1
    t0 = time.time()
    try:
        jvm.execute(spark, path, opts, instant)
    except Exception as e:  # lost a conflict with the writer, or its table changed under it
        cls, message = hudi_cause(e)
        say(f"failed {instant} {cls} {message}")
        if attempts[instant] >= RETRIES:
            say(f"abandoned {instant}")
        return kind
    attempts.pop(instant, None)
    say(f"completed {instant} {time.time() - t0:.1f}")
    return kind


def wait_for_pause(spark, path: str, limit: float) -> float:
    """Waits, at most ``limit`` seconds, until the table's writers no longer count as active for the
    continuous plan; the seconds waited."""
    from hudi_layout import jvm
    t0 = time.time()
    while time.time() - t0 < limit:
        state = jvm.writers(spark, path)
        if not state["active"]:
            break
        ahead = ((state["paused_at_ms"] or state["now_ms"]) - state["now_ms"]) / 1000
        time.sleep(min(max(ahead, 0) + 0.5, max(0.0, limit - (time.time() - t0))))
    return time.time() - t0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.cluster_loop", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("path")
    ap.add_argument("--options-json", required=True)
    ap.add_argument("--until", required=True, help="once this file exists: clusterings until one finds nothing to do, then ends")
    ap.add_argument("--pause", type=float, default=1.0)
    ap.add_argument("--memory", default="2g")
    ap.add_argument("--shuffle-partitions", type=int, default=4)
    args = ap.parse_args(argv)
    opts = {str(k): str(v) for k, v in json.loads(Path(args.options_json).read_text())["options"].items()}
    from pyspark.sql import SparkSession

    from hudi_layout import configure_spark
    builder = (SparkSession.builder.master("local[2]").appName("hudi-layout-cluster-loop")
               .config("spark.driver.memory", args.memory)
               .config("spark.sql.shuffle.partitions", str(args.shuffle_partitions))
               .config("spark.sql.adaptive.coalescePartitions.enabled", "false")
               .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
               .config("spark.sql.session.timeZone", "UTC"))
    spark = configure_spark(builder).getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    until, errors = Path(args.until), 0
    attempts: Dict[str, int] = {}
    try:
        while True:
            last = until.exists()
            if last:
                say(f"paused {wait_for_pause(spark, args.path, PAUSE_LIMIT):.1f}")
            # the last pass, after the writer's last round, runs clusterings until one finds nothing
            # to do: the layout catches up once the writes pause
            for _ in range(RETRIES * 4 if last else 1):
                try:
                    kind = run_one(spark, args.path, opts, attempts)
                    errors = 0
                except Exception as e:  # scheduling failed (e.g. the lock), not an execution
                    errors += 1
                    say("error {} {}".format(*hudi_cause(e)))
                    if errors >= RETRIES * 2:
                        return 1
                    kind = "error"
                if kind == "nothing" or (kind == "new" and not last):
                    break
            if last:
                break
            time.sleep(args.pause)
    finally:
        say("done")
        spark.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
