"""The newer half of the upgrade scenario (compat/test_upgrade.py), in its own driver on the Hudi
line ``HUDI_LAYOUT_HUDI_VERSION`` names: upsert the rows of PARQUET into the table at PATH, cluster
it with the continuous layout, and print one JSON line: the table's version after, its clustering
commits (instant, continuous stage, recorded grid) and the fingerprint of its rows.

    python compat/jobs/upgrade.py PATH PARQUET --columns a,b,c --target BYTES
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pyspark.sql import SparkSession

import hudi_layout as hl
from hudi_layout import timeline

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))
from tablecheck import fingerprint  # noqa: E402

GRID = "hudilayout.continuous.grid."


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("path")
    ap.add_argument("parquet")
    ap.add_argument("--columns", required=True)
    ap.add_argument("--target", type=int, required=True)
    args = ap.parse_args()
    builder = (SparkSession.builder.master("local[2]").appName("hudi-layout-upgrade")
               .config("spark.sql.shuffle.partitions", "4").config("spark.ui.enabled", "false"))
    spark = hl.configure_spark(builder).getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    columns = args.columns.split(",")
    layout = hl.LayoutOptions(columns, continuous=True, target_file_bytes=args.target, small_file_bytes=1 << 40,
                              max_bytes_per_group=1 << 40)
    hl.write(spark.read.parquet(args.parquet), args.path, layout, table="t_upgrade", record_key="lo_key",
             operation="upsert")
    hl.cluster(spark, args.path, layout)
    props = (Path(args.path) / ".hoodie" / "hoodie.properties").read_text().splitlines()
    version = next(p.split("=", 1)[1] for p in props if p.startswith("hoodie.table.version="))
    commits = [{"instant": c["instant"], "stage": c["extra"].get("hudilayout.continuous", "").split(" ")[0],
                "grid": c["extra"].get(GRID)} for c in timeline.clustering_commits(spark, args.path)]
    rows, digest = fingerprint(spark.read.format("hudi").load(args.path))
    print(json.dumps({"table_version": int(version), "commits": commits, "fingerprint": [rows, digest]}), flush=True)
    spark.stop()


if __name__ == "__main__":
    main()
