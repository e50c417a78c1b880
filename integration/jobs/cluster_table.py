"""A clustering job in its own Spark driver, for the fault and concurrency scenarios.

    python integration/jobs/cluster_table.py PATH --columns a,b,c [--curve hilbert]
        [--mapping sample] [--target BYTES] [--master local[2,3]] [--rounds N] [--pause S]
        [--occ] [--until-completed] [--fail-once-match TEXT --fail-once-marker FILE [--fail-once-partitions N]]
        [--execute INSTANT] [--continuous [--region-files N] [--merge-fraction F]] [--table-version 6]

Prints ``scheduled <instant>`` and ``completed <instant>`` lines (flushed) so a test can follow it,
``nothing`` when Hudi found nothing to cluster, and ``failed <instant> <error>`` when a round
under ``--occ`` lost a conflict (the next round goes on). ``--rounds`` clusters that many times with
``--pause`` seconds between; with ``--until-completed`` the rounds stop at the first clustering that
completes. ``--occ`` runs under optimistic concurrency with the file-system lock,
next to other writers of the table. ``--continuous`` uses the continuous plan. ``--table-version 6`` keeps a
table Hudi 1.x writes at version 6. ``--fail-once-*`` loads the test-only FailOncePlugin from
target/test-classes so one task of a matching Spark job fails once and is retried.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from pyspark.sql import SparkSession

import hudi_layout as hl

REPO = Path(__file__).resolve().parents[2]
OCC = {
    "hoodie.write.concurrency.mode": "OPTIMISTIC_CONCURRENCY_CONTROL",
    "hoodie.write.lock.provider": "org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider",
    "hoodie.clean.failed.writes.policy": "LAZY",
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("path")
    ap.add_argument("--columns", required=True)
    ap.add_argument("--curve", default="hilbert")
    ap.add_argument("--mapping", default="sample")
    ap.add_argument("--target", type=int, default=1_500_000)
    ap.add_argument("--master", default="local[2]")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--pause", type=float, default=0.0)
    ap.add_argument("--occ", action="store_true")
    ap.add_argument("--until-completed", action="store_true", help="stop at the first completed clustering")
    ap.add_argument("--execute", help="execute this scheduled instant instead of scheduling one")
    ap.add_argument("--continuous", action="store_true", help="the continuous plan")
    ap.add_argument("--region-files", type=int, default=0, help="the continuous plan's region_files")
    ap.add_argument("--merge-fraction", type=float, default=0.5, help="the continuous plan's merge_fraction")
    ap.add_argument("--table-version", default="", help="hoodie.write.table.version, and no auto-upgrade")
    ap.add_argument("--fail-once-match", default="")
    ap.add_argument("--fail-once-marker", default="")
    ap.add_argument("--fail-once-partitions", type=int, default=0)
    args = ap.parse_args()

    builder = (SparkSession.builder.master(args.master).appName("cluster-table")
               .config("spark.sql.shuffle.partitions", "4").config("spark.ui.enabled", "false")
               .config("spark.ui.showConsoleProgress", "false"))
    if args.fail_once_match:
        builder = (builder.config("spark.plugins", "dev.hudilayout.faults.FailOncePlugin")
                   .config("spark.driver.extraClassPath", str(REPO / "target" / "test-classes"))
                   .config("spark.hudilayout.test.failOnce.match", args.fail_once_match)
                   .config("spark.hudilayout.test.failOnce.marker", args.fail_once_marker)
                   .config("spark.hudilayout.test.failOnce.partitions", str(args.fail_once_partitions)))
    spark = hl.configure_spark(builder).getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")

    layout = hl.LayoutOptions(args.columns.split(","), curve=args.curve, mapping=args.mapping,
                              target_file_bytes=args.target, small_file_bytes=1 << 40,
                              max_bytes_per_group=1 << 40, continuous=args.continuous,
                              region_files=args.region_files, merge_fraction=args.merge_fraction)
    extra = dict(OCC) if args.occ else {}
    if args.table_version:
        extra.update({"hoodie.write.table.version": args.table_version, "hoodie.write.auto.upgrade": "false"})
    for round_ in range(args.rounds):
        if round_:
            time.sleep(args.pause)
        if args.execute:
            print(f"scheduled {args.execute}", flush=True)
            result = hl.execute(spark, args.path, args.execute, layout, extra=extra)
        else:
            result = hl.cluster(spark, args.path, layout, execute=False, extra=extra)
            if result.instant is None:
                print("nothing", flush=True)
                continue
            print(f"scheduled {result.instant}", flush=True)
            try:
                result = hl.execute(spark, args.path, result.instant, layout, extra=extra)
            except Exception as e:  # a conflict with a concurrent writer
                if not args.occ:
                    raise
                lines = str(e).splitlines()
                ours = [line for line in lines if "hudi-layout:" in line]  # e.g. "... gave way to a concurrent write"
                print(f"failed {result.instant} {(ours or lines)[0][:300]}", flush=True)
                continue
        print(f"completed {result.instant} files={result.layout.get('hudilayout.files')}", flush=True)
        if args.until_completed:
            break
    spark.stop()


if __name__ == "__main__":
    main()
