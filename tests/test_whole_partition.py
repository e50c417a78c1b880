"""The whole-partition plan strategy lays a partition out as one curve where Hudi's size-based
plan cuts it into independent groups.

Fixture: 4800 order lines in one partition (day=2026-01-01), bulk-inserted in random order as 16
files. Each copy is clustered into 16 files with Hilbert/sample (a target of a sixteenth of the rows'
bytes besides a file's footer): once with Hudi's default plan and
max.bytes.per.group a quarter of the partition (4 groups of 4 files), once with
dev.hudilayout.WholePartitionPlanStrategy (1 group of 16 files).
Expected: the commits record 4 groups and 1 group; rows unchanged; point queries read fewer files
on average over the sort columns with the whole-partition plan, and no more on any one column.
Why not fewer on every column: 16 files take cuts like 4x2x2, so a point query reads 4, 8 and 8
of them; each group of 4 takes 2x2x1 and reads 2, 2 and 4 of its files, 8, 8 and 16 over the four
groups. Which column gets 1 cut in a group follows that group's files, which Hudi's plan picks by
size, and sizes tie: one column can read 8 files in both layouts.
"""
from __future__ import annotations

import os
import shutil

import pyarrow.parquet as pq

import pytest
from pyspark.sql import functions as F

import hudi_layout as hl
from hudi_layout import report, tables
from data import lineorder
from tablecheck import fingerprint

COLUMNS = list(lineorder.FILTER_COLUMNS)

pytestmark = pytest.mark.spark


def _footer_and_row_bytes(path):
    """(median footer bytes, bytes of rows) of the table's Parquet files, read with pyarrow."""
    footers, rows = [], 0
    for root, _, names in os.walk(path):
        for n in names:
            if ".hoodie" not in root and n.endswith(".parquet"):
                f = os.path.join(root, n)
                footers.append(pq.ParquetFile(f).metadata.serialized_size + 12)
                rows += os.path.getsize(f) - footers[-1]
    return sorted(footers)[len(footers) // 2], rows


def test_one_curve_per_partition_reads_fewer_files_than_four_groups(spark, tmp_path):
    df = (lineorder.frame(spark, 4800, 95)
          .withColumn("day", F.lit("2026-01-01")).repartition(16))
    base = str(tmp_path / "base")
    hl.write(df, base, hl.LayoutOptions(COLUMNS), table="t_whole", record_key="lo_key", partition_by="day",
             operation="bulk_insert",
             extra={"hoodie.bulkinsert.shuffle.parallelism": "16", "hoodie.bulkinsert.sort.mode": "NONE"})
    total = tables.table_bytes(base)
    footer, row_bytes = _footer_and_row_bytes(base)
    # a file of the target holds a sixteenth of the rows' bytes (and 4% more) besides its footer:
    # the whole-partition plan sizes by rows (16 files); Hudi's plan by bytes, footers counted
    # as rows: a group takes 4 of the 16 (nearly equal) files and gets ceil(4 files' bytes / target) = 4
    sizes = dict(target_file_bytes=int(footer + row_bytes / 16 * 1.04), small_file_bytes=1 << 40,
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
    assert sum(whole[1].values()) < sum(groups[1].values()), (groups[1], whole[1])
    for column in COLUMNS:
        assert whole[1][column] <= groups[1][column] * 1.02, (column, groups[1], whole[1])
    print(f"avg files per point query, 4 groups: {groups[1]}; whole partition: {whole[1]}")
