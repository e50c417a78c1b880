"""The whole-partition plan strategy lays a partition out as one curve where Hudi's size-based
plan cuts it into independent groups.

Fixture: 4800 SSB rows in one partition (day=2026-01-01), bulk-inserted in random order as 16
files. Each copy is clustered into 16 files with Hilbert/sample: once with Hudi's default plan and
max.bytes.per.group a quarter of the partition (4 groups of 4 files), once with
dev.hudilayout.WholePartitionPlanStrategy (1 group of 16 files).
Expected: the commits record 4 groups and 1 group; rows unchanged; point queries on each sort
column read fewer files, on average, with the whole-partition plan.
"""
from __future__ import annotations

import shutil

import pytest
from pyspark.sql import functions as F

import hudi_layout as hl
from hudi_layout import report, tables
from hudi_layout.tools import ssb
from tablecheck import fingerprint

COLUMNS = list(ssb.FILTER_COLUMNS)

pytestmark = pytest.mark.spark


def test_one_curve_per_partition_reads_fewer_files_than_four_groups(spark, tmp_path):
    df = (spark.read.parquet(ssb.write_parquet(str(tmp_path / "src"), 4800, 95))
          .withColumn("day", F.lit("2026-01-01")).repartition(16))
    base = str(tmp_path / "base")
    hl.write(df, base, hl.LayoutOptions(COLUMNS), table="t_whole", record_key="lo_key", partition_by="day",
             operation="bulk_insert",
             extra={"hoodie.bulkinsert.shuffle.parallelism": "16", "hoodie.bulkinsert.sort.mode": "NONE"})
    total = tables.table_bytes(base)
    # a group takes 4 of the 16 (nearly equal) files; each group, and the partition, gets
    # ceil(bytes / target) = 4 and 16 output files
    sizes = dict(target_file_bytes=int(total / 16 * 1.03), small_file_bytes=1 << 40,
                 max_bytes_per_group=int(total / 4 * 1.05))
    results = {}
    for name, whole in (("groups", False), ("whole", True)):
        path = str(tmp_path / name)
        shutil.copytree(base, path)
        done = hl.cluster(spark, path, hl.LayoutOptions(COLUMNS, whole_partition=whole, **sizes))
        assert fingerprint(spark.read.format("hudi").load(path)) == fingerprint(df)
        results[name] = (done.layout, {r.column: r.avg_files for r in report.report(spark, path, COLUMNS)})
    groups, whole = results["groups"], results["whole"]
    assert (groups[0]["hudilayout.groups"], whole[0]["hudilayout.groups"]) == ("4", "1")
    assert groups[0]["hudilayout.files"] == whole[0]["hudilayout.files"] == "16"
    for column in COLUMNS:
        assert whole[1][column] < groups[1][column], (groups[1], whole[1])
    print(f"avg files per point query, 4 groups: {groups[1]}; whole partition: {whole[1]}")
