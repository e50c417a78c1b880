"""What the query log costs: the 13 SSB queries (:mod:`bench.ssb_queries`) on a Hudi table, with
recording off and on.

    python -m bench.recording [--rows 1000000] [--files 32] [--rounds 6] [--memory 4g] [--out FOLDER]

Writes the flattened lineorder table (:mod:`bench.ssb`) once, bulk-inserted as ``--files`` files
with the column-stats index on every column. Then runs the 13 queries ``--rounds`` times each way,
recording off and on in turn (on first in every other round). A query is its filter and a sum of
``lo_revenue``, read with data skipping on. A round with recording on ends once Spark has handed
the recorder every query, so the recorder's work on Spark's listener thread counts. Prints each
query's median wall time both ways and the overhead over all 13. Wall times on a busy machine
vary by more than the recorder costs, so it also times the recorder alone
(:func:`recorder_cost`): the milliseconds it takes per query, against a query's median time.
Writes ``results.json`` to ``--out``.
"""
from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Dict, List


def _round(spark, table, recording: bool) -> List[float]:
    """Each query's wall time, in seconds; with ``recording``, the last waits for the recorder."""
    from pyspark.sql import functions as F
    from hudi_layout import jvm, queries
    from .ssb_queries import QUERIES
    recorder = queries.record_queries(spark, flush_entries=1_000_000) if recording else None
    times: List[float] = []
    for _, where in QUERIES:
        start = time.perf_counter()
        table.where(where).agg(F.sum("lo_revenue")).collect()
        if recorder is not None and len(times) == len(QUERIES) - 1:
            jvm.wait_for_listeners(spark)
        times.append(time.perf_counter() - start)
    if recorder is not None:
        queries.stop_recording(spark, recorder)
    return times


def recorder_cost(spark, table, calls: int = 500) -> float:
    """Milliseconds the recorder takes per query, handed a query it records (one scan of the table)
    ``calls`` times from Python, less the same number of calls that record nothing; it writes its log every
    100 entries (its default), so writing counts too."""
    from pyspark.sql import functions as F
    from hudi_layout import queries
    from . import probes
    from .ssb_queries import QUERIES
    df = table.where(QUERIES[0][1]).agg(F.sum("lo_revenue"))
    df.collect()
    qe = probes.query_execution(df)
    recorder = queries.record_queries(spark)
    try:
        start = time.perf_counter()
        for _ in range(calls):
            recorder.onFailure("collect", qe, None)  # records nothing: the call alone
        empty = time.perf_counter() - start
        start = time.perf_counter()
        for _ in range(calls):
            recorder.onSuccess("collect", qe, 1_000_000)
        full = time.perf_counter() - start
    finally:
        queries.stop_recording(spark, recorder)
    return max(0.0, full - empty) / calls * 1000


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--files", type=int, default=32)
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--memory", default="4g")
    ap.add_argument("--out", default="")
    args = ap.parse_args(argv)

    from pyspark.sql import SparkSession
    import hudi_layout as hl
    from hudi_layout import scan
    from hudi_layout.spark import configure_spark
    from . import ssb
    from .ssb_queries import QUERIES
    spark = configure_spark(SparkSession.builder.master("local[2]").appName("hudi-layout-recording")
                            .config("spark.driver.memory", args.memory)
                            .config("spark.sql.shuffle.partitions", "16")
                            .config("spark.ui.enabled", "false")
                            .config("spark.ui.showConsoleProgress", "false")
                            .config("spark.sql.session.timeZone", "UTC")).getOrCreate()
    root = Path(tempfile.mkdtemp(prefix="recording-"))
    source = ssb.write_parquet(str(root / "source"), rows=args.rows)
    path = str(root / "lineorder")
    df = spark.read.parquet(source).repartition(args.files)
    hl.write(df, path, hl.LayoutOptions.auto(["s_city"]), table="lineorder", record_key="lo_key",
             operation="bulk_insert", extra={"hoodie.bulkinsert.shuffle.parallelism": str(args.files),
                                             "hoodie.bulkinsert.sort.mode": "NONE"})
    table = scan.read(spark, path)
    _round(spark, table, False)  # warm: plans, code generation, the index's reads
    runs: Dict[str, List[List[float]]] = {"off": [], "on": []}
    for r in range(args.rounds):
        for mode in (("on", "off") if r % 2 else ("off", "on")):
            runs[mode].append(_round(spark, table, mode == "on"))
    per_query_ms = recorder_cost(spark, table)
    medians = {mode: [statistics.median(run[q] for run in runs[mode]) for q in range(len(QUERIES))]
               for mode in runs}
    total = {mode: sum(medians[mode]) for mode in medians}
    overhead = total["on"] / total["off"] - 1
    for q, (name, _) in enumerate(QUERIES):
        print(f"{name}: off {medians['off'][q]:.3f} s, on {medians['on'][q]:.3f} s")
    print(f"13 queries: off {total['off']:.2f} s, on {total['on']:.2f} s: overhead {overhead * 100:+.2f}% "
          f"(medians of {args.rounds} rounds; {args.rows:,} rows in {args.files} files)")
    print(f"the recorder itself: {per_query_ms:.3f} ms a query, {per_query_ms / 1000 / (total['off'] / len(QUERIES)) * 100:.3f}% "
          "of a query's median time")
    if args.out:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        (out / "results.json").write_text(json.dumps({
            "rows": args.rows, "files": args.files, "rounds": args.rounds, "queries": [n for n, _ in QUERIES],
            "seconds": runs, "median_seconds": medians, "overhead": overhead,
            "recorder_ms_per_query": per_query_ms}, indent=1))
    spark.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
