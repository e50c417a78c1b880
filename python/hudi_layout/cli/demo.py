"""``hudi-layout demo``: a table written in random order, clustered through Hudi with hudi-layout,
and the files one point query per filter column reads before and after.

    hudi-layout demo [--rows 300000] [--files 64] [--curve hilbert] [--mapping sample] [--verbose]

The rows come from Spark alone (``spark.range`` and hashes of the row number): a key, three filter
columns shaped like the Star Schema Benchmark's (``s_city`` and ``c_city`` with 250 values each,
``p_brand`` with 1000) and two measures. They are written as ``--files`` files in random order, so
a point query on any filter column reads nearly every file; one clustering with hudi-layout's
strategy lays them out on a space-filling curve over the three columns, after which each query
reads a few. The table stays in ``--out`` for ``hudi-layout report``.
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import time
from pathlib import Path
from typing import List, NamedTuple, Optional, Sequence

from .. import clustering, scan, tables, timeline
from .. import metadata as md
from ..spark import command_session

TABLE = "demo"
KEY = "lo_key"
#: filter column -> how many values it takes
FILTER_COLUMNS = {"s_city": 250, "c_city": 250, "p_brand": 1000}


class Probe(NamedTuple):
    """One point query's outcome: the files it read and the keys of the rows it returned."""
    column: str
    value: str
    files: int
    keys: List[int]


def build_session(verbose: bool = False):
    from pyspark.sql import SparkSession
    builder = (SparkSession.builder.master("local[2]").appName("hudi-layout-demo")
               .config("spark.driver.memory", "2g")
               .config("spark.sql.shuffle.partitions", "8")
               .config("spark.ui.enabled", "false")
               .config("spark.ui.showConsoleProgress", "false")
               .config("spark.sql.session.timeZone", "UTC"))
    return command_session(builder, verbose)


def rows(spark, count: int, files: int, seed: int):
    """``count`` rows in ``files`` Spark partitions: ``lo_key`` (the row number) and columns drawn
    from a 64-bit hash of it and the seed, so every run with the same seed writes the same rows,
    in an order unrelated to any filter column."""
    from pyspark.sql import functions as F

    def draw(salt: int, values: int):
        return F.pmod(F.xxhash64(F.col("id"), F.lit(seed), F.lit(salt)), F.lit(values))

    def label(prefix: str, salt: int, values: int):
        return F.concat(F.lit(prefix), F.lpad(draw(salt, values).cast("string"), len(str(values - 1)), "0"))

    return spark.range(0, count, 1, files).select(
        F.col("id").alias(KEY),
        label("CITY#", 1, FILTER_COLUMNS["s_city"]).alias("s_city"),
        label("CITY#", 2, FILTER_COLUMNS["c_city"]).alias("c_city"),
        label("MFGR#", 3, FILTER_COLUMNS["p_brand"]).alias("p_brand"),
        (draw(4, 50) + 1).cast("int").alias("lo_quantity"),
        (draw(5, 10_000_000) / 100).cast("decimal(12,2)").alias("lo_revenue"))


def point_queries(spark, path: str, probes: Sequence[tuple]) -> List[Probe]:
    out = []
    for column, value in probes:
        df = scan.skipping_reader(spark, path).where(f"{column} = '{value}'").select(KEY)
        found, files = scan.files_read(df)
        out.append(Probe(column, value, files, sorted(r[0] for r in found)))
    return out


def table_lines(before: Sequence[Probe], after: Sequence[Probe]) -> List[str]:
    """The before/after table: one line per point query."""
    queries = [f"{b.column} = '{b.value}'" for b in before]
    width = max(len("point query"), *(len(q) for q in queries))
    lines = [f"{'point query':<{width}}  files read before  files read after  rows",
             f"{'-' * width}  -----------------  ----------------  ----"]
    for q, b, a in zip(queries, before, after):
        lines.append(f"{q:<{width}}  {b.files:>17}  {a.files:>16}  {len(a.keys):>4}")
    return lines


def run(rows_count: int, files: int, curve: str, mapping: str, out_dir: str, seed: int,
        verbose: bool = False) -> int:
    out = Path(out_dir).resolve()  # Hudi takes a relative path for a URI without a scheme
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    started = time.time()
    spark = build_session(verbose)
    try:
        path = str(out / TABLE)
        columns = list(FILTER_COLUMNS)
        data = rows(spark, rows_count, files, seed)
        (data.write.format("hudi").options(**tables.cow_table_options(TABLE, KEY, columns, files))
         .mode("overwrite").save(path))
        picked = data.where(f"{KEY} = {random.Random(seed).randrange(rows_count)}").first()
        probes = [(c, picked[c]) for c in columns]

        before = point_queries(spark, path, probes)
        t0 = time.time()
        opts = tables.layout_options(columns, curve, mapping, tables.table_bytes(path), files)
        instant = clustering.schedule_and_execute(spark, path, opts)
        cluster_seconds = time.time() - t0
        after = point_queries(spark, path, probes)
        commit = [c for c in timeline.clustering_commits(spark, path) if c["instant"] == instant]
    finally:
        spark.stop()

    shown = os.path.relpath(path) if not os.path.relpath(path).startswith("..") else path
    print(f"hudi-layout demo: {rows_count:,} rows written in random order as {files} files, then clustered "
          f"on {', '.join(columns)} ({curve} curve)")
    print()
    print("\n".join(table_lines(before, after)))
    print()
    print(f"clustering took {cluster_seconds:.1f} s; the table is at {shown} (try: hudi-layout report {shown})")
    if verbose:
        print(f"\ncurve={curve}, mapping={mapping}, seed={seed}; clustering instant {instant}")
        if commit:
            layout = {k: v for k, v in commit[0]["extra"].items() if k.startswith(md.PREFIX)}
            print("layout recorded on the replacecommit: " + ", ".join(f"{k}={v}" for k, v in layout.items()))
        print(f"total wall time {time.time() - started:.0f}s")
    wrong = [b.column for b, a in zip(before, after) if a.keys != b.keys]
    if wrong:
        print(f"demo FAILED: the point queries on {', '.join(wrong)} returned other rows after clustering",
              file=sys.stderr)
        return 1
    if not any(a.files < b.files for b, a in zip(before, after)):
        print("demo FAILED: no point query read fewer files after clustering", file=sys.stderr)
        return 1
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    p = argparse.ArgumentParser(prog="hudi-layout demo", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rows", type=int, default=300_000)
    p.add_argument("--files", type=int, default=64)
    p.add_argument("--curve", default="hilbert", help="linear, z-order or hilbert")
    p.add_argument("--mapping", default="sample", help="direct or sample")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--out", default="demo-output")
    p.add_argument("--verbose", action="store_true", help="show Spark's and Hudi's logging and the layout recorded")
    a = p.parse_args(argv)
    if a.rows < 1 or a.files < 1:
        p.error("--rows and --files must be at least 1")
    return run(a.rows, a.files, a.curve, a.mapping, a.out, a.seed, a.verbose)
