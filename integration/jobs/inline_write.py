"""Writes with inline clustering in their own Spark driver, for the multi-JVM scenario.

    python integration/jobs/inline_write.py PATH FIRST MORE [MORE ...] --columns a,b,c --target BYTES
        [--master local-cluster[2,1,1024]]

FIRST and each MORE are Parquet folders of rows keyed by lo_key. The first is bulk-inserted as 12
files, the others upserted in turn; inline clustering runs every 2 commits, so Hudi clusters the
table with our strategy inside the second write, the fourth, and so on.
"""
from __future__ import annotations

import argparse

from pyspark.sql import SparkSession

import hudi_layout as hl


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("path")
    ap.add_argument("first")
    ap.add_argument("more", nargs="+")
    ap.add_argument("--columns", required=True)
    ap.add_argument("--target", type=int, required=True)
    ap.add_argument("--master", default="local[2]")
    args = ap.parse_args()

    builder = (SparkSession.builder.master(args.master).appName("inline-write")
               .config("spark.sql.shuffle.partitions", "4").config("spark.ui.enabled", "false")
               .config("spark.ui.showConsoleProgress", "false"))
    spark = hl.configure_spark(builder).getOrCreate()
    layout = hl.LayoutOptions(args.columns.split(","), inline=True, every_n_commits=2,
                              target_file_bytes=args.target, small_file_bytes=1 << 40, max_bytes_per_group=1 << 40)
    bulk = {"hoodie.bulkinsert.shuffle.parallelism": "12", "hoodie.bulkinsert.sort.mode": "NONE"}
    hl.write(spark.read.parquet(args.first).repartition(12), args.path, layout, table="t_inline",
             record_key="lo_key", operation="bulk_insert", extra=bulk)
    for more in args.more:
        hl.write(spark.read.parquet(more).repartition(2), args.path, layout, table="t_inline",
                 record_key="lo_key", operation="upsert")
    spark.stop()


if __name__ == "__main__":
    main()
