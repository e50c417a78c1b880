"""The demo: an SSB-shaped table written in random order, clustered through Hudi with
hudi-layout, and one point query per filter column before and after.

    python -m hudi_layout demo [--rows 300000] [--files 64] [--curve hilbert] [--mapping sample]
"""
from __future__ import annotations

import argparse
import random
import shutil
import sys
import time
from pathlib import Path

from hudi_layout import clustering, scan, tables, timeline
from hudi_layout import metadata as md
from hudi_layout.spark import command_session
from . import ssb


def build_session(app: str = "hudi-layout-demo", verbose: bool = True):
    from pyspark.sql import SparkSession
    builder = (SparkSession.builder.master("local[2]").appName(app)
               .config("spark.driver.memory", "4g")
               .config("spark.sql.shuffle.partitions", "8")
               .config("spark.ui.enabled", "false")
               .config("spark.ui.showConsoleProgress", "false")
               .config("spark.sql.session.timeZone", "UTC"))
    return command_session(builder, verbose)


def point_queries(spark, path: str, probes):
    out = []
    for column, value in probes:
        df = scan.skipping_reader(spark, path).where(f"{column} = '{value}'").select("lo_key")
        rows, files = scan.files_read(df)
        out.append((column, value, files, sorted(r[0] for r in rows)))
    return out


def run(rows: int, files: int, curve: str, mapping: str, out_dir: str, seed: int, verbose: bool = False) -> int:
    out = Path(out_dir).resolve()
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    started = time.time()
    spark = build_session(verbose=verbose)
    source = ssb.write_parquet(str(out / "source"), rows, seed)
    path = str(out / "ssb_demo")
    df = spark.read.parquet(source).repartition(files)
    (df.write.format("hudi")
       .options(**tables.cow_table_options("ssb_demo", "lo_key", ssb.FILTER_COLUMNS, files))
       .mode("overwrite").save(path))
    pick = random.Random(seed)
    values = {c: [r[0] for r in spark.read.parquet(source).select(c).distinct().collect()] for c in ssb.FILTER_COLUMNS}
    probes = [(c, pick.choice(sorted(values[c]))) for c in ssb.FILTER_COLUMNS]

    before = point_queries(spark, path, probes)
    t0 = time.time()
    opts = tables.layout_options(ssb.FILTER_COLUMNS, curve, mapping, tables.file_bytes(path), files)
    instant = clustering.schedule_and_execute(spark, path, opts)
    cluster_secs = time.time() - t0
    after = point_queries(spark, path, probes)
    commit = [c for c in timeline.clustering_commits(spark, path) if c["instant"] == instant]

    print(f"\nhudi-layout demo: {rows} rows, {files} files, curve={curve}, mapping={mapping}, seed={seed}")
    print(f"clustering instant {instant} took {cluster_secs:.1f}s")
    if commit:
        layout = {k: v for k, v in commit[0]["extra"].items() if k.startswith(md.PREFIX)}
        print("layout recorded on the replacecommit: " + ", ".join(f"{k}={v}" for k, v in layout.items()))
    print()
    print("| query | files read before | files read after | rows before | rows after | same rows |")
    print("| --- | --- | --- | --- | --- | --- |")
    ok = True
    for (col, val, f0, r0), (_, _, f1, r1) in zip(before, after):
        same = r0 == r1
        ok &= same and f1 < f0
        print(f"| {col} = '{val}' | {f0} | {f1} | {len(r0)} | {len(r1)} | {'yes' if same else 'NO'} |")
    print(f"\ntotal wall time {time.time() - started:.0f}s; table at {path}")
    spark.stop()
    if not ok:
        print("demo FAILED: rows differ or no fewer files read after clustering", file=sys.stderr)
        return 1
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m hudi_layout demo", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rows", type=int, default=300_000)
    p.add_argument("--files", type=int, default=64)
    p.add_argument("--curve", default="hilbert", help="linear, z-order or hilbert")
    p.add_argument("--mapping", default="sample", help="direct or sample")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--out", default="demo-output")
    p.add_argument("--verbose", action="store_true", help="show Spark's and Hudi's logging")
    a = p.parse_args(argv)
    return run(a.rows, a.files, a.curve, a.mapping, a.out, a.seed, a.verbose)
