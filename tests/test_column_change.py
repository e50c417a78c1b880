"""Sort columns that change under the continuous layout.

A partition laid out by the continuous layout records its grid, a tree of regions in the sort
columns' space. A later continuous clustering asked for other columns moves the partition to them
region by region: new rows, and the old regions that fall due, go on a tree for the new columns;
the other old regions stay as they are. No full rewrite happens unless asked for.

Table: 3,000 order lines (key ``lo_key``) bulk-inserted in random order as 12 files, laid out by the
continuous layout on s_city, c_city, p_brand; then rounds of 1,200 new rows upserted, each followed
by a continuous clustering on (s_city, lo_discount): the first round, a clustering with no write
since, and one more round, whose rows make every old region left fall due (with rounds of 600 rows
the move took two). The rows expected are checked by fingerprint
(count and a checksum of every column), summed over the writes' rows, each fingerprinted once; the
layout report is read once after each clustering.

Expected:
- the first clustering on the new columns lays the new rows out alone on a new grid (its commit
  records the new columns, the stage ``full`` and that it moved none of the old regions) and leaves
  every old file as it was (no full rewrite); the commit names the old columns under
  ``hudilayout.continuous.moving.``, and the layout report shows all the old rows still on them;
- a clustering with no write since still moves at least one old region;
- later clusterings are deltas on the new grid, and once no old region is left the commit names no
  old columns and the report shows no old layout;
- every row is there once after every clustering, and a point query on ``lo_discount`` returns the
  right keys and, once the move is done, reads fewer files than the table holds;
- a full clustering (``incremental=False``) on yet other columns lays the partition out anew at once.
"""
from __future__ import annotations


import pytest
from pyspark.sql import functions as F

import hudi_layout as hl
from hudi_layout import report, tables, timeline
from hudi_layout.metadata import CONTINUOUS_MOVING
from data import lineorder
from tablecheck import fingerprint, point_query

pytestmark = pytest.mark.spark
OLD = list(lineorder.FILTER_COLUMNS)
NEW = [OLD[0], "lo_discount"]
ROUND_ROWS = 1200
#: the commit key naming the old layout's columns; the table is unpartitioned, so its partition path is empty
MOVING = CONTINUOUS_MOVING + ""


def _rows(spark, tmp_path, name, n, seed, key_offset, version):
    return (lineorder.frame(spark, n, seed)
            .withColumn("lo_key", F.col("lo_key") + key_offset).withColumn("version", F.lit(version)))


def _live_files(table):
    return {r[0].rsplit("/", 1)[-1] for r in table.select(F.input_file_name()).distinct().collect()}


def _old_layout(spark, path):
    """What the layout report says still lies on the old layout, or None."""
    [partition] = report.continuous_regions(spark, path)
    return partition.get("old_layout")


def test_new_columns_take_over_region_by_region_without_a_full_rewrite(spark, tmp_path):
    df = _rows(spark, tmp_path, "src", 3000, 71, 0, 1).repartition(12).localCheckpoint()
    path = str(tmp_path / "t_columns")
    hl.write(df, path, hl.LayoutOptions(OLD), table="t_columns", record_key="lo_key", ordering="version",
             operation="bulk_insert",
             extra={"hoodie.bulkinsert.shuffle.parallelism": "12", "hoodie.bulkinsert.sort.mode": "NONE"})
    target = tables.file_bytes(path).target(8)

    def layout(columns):
        return hl.LayoutOptions(columns, continuous=True, target_file_bytes=target, small_file_bytes=1 << 40,
                                max_bytes_per_group=1 << 40)

    hl.cluster(spark, path, layout(OLD))
    laid_out_on_old = _live_files(spark.read.format("hudi").load(path))
    # the fingerprint of every row written so far, kept as each write's rows are added (it is a count
    # and a sum, so the union's is the sum of its parts'): each part is fingerprinted once
    expected = fingerprint(df)

    def upsert(round_):
        nonlocal expected
        new = _rows(spark, tmp_path, f"new{round_}", ROUND_ROWS, 71 + round_, 1_000_000 * round_,
                    1 + round_).localCheckpoint()
        hl.write(new, path, layout(NEW), table="t_columns", record_key="lo_key", ordering="version",
                 operation="upsert")
        expected = tuple(map(sum, zip(expected, fingerprint(new))))

    def cluster_on_new():
        done = hl.cluster(spark, path, layout(NEW))
        assert done.executed
        extra = timeline.clustering_commits(spark, path)[-1]["extra"]
        assert extra["hudilayout.columns"] == ",".join(NEW), extra
        table = spark.read.format("hudi").load(path)
        assert fingerprint(table) == expected
        return extra, table

    # the first clustering on the new columns: the new rows alone, on a grid drawn from them
    upsert(1)
    extra, table = cluster_on_new()
    assert extra["hudilayout.continuous"].startswith("full (moving from " + ",".join(OLD) + ": 0 of "), extra
    assert extra[MOVING] == ",".join(OLD), extra
    assert laid_out_on_old <= _live_files(table), "every old file is untouched"
    old = _old_layout(spark, path)
    assert old["columns"] == OLD and old["rows"] == 3000 and old["files"] == len(laid_out_on_old), old

    # no write since: at least one more old region moves
    extra, table = cluster_on_new()
    assert "moving from" in extra["hudilayout.continuous"], extra
    fewer = _old_layout(spark, path)
    assert fewer is None or fewer["regions"] < old["regions"], (old, fewer)

    # rounds of growth finish the move, each a delta on the new grid (the report read once a round)
    grown, left = 0, fewer
    for round_ in range(2, 6):
        if left is None:
            break
        upsert(round_)
        extra, table = cluster_on_new()
        assert extra["hudilayout.continuous"].startswith("delta"), extra
        grown += 1
        left = _old_layout(spark, path)
    print(f"old regions after the clustering with no write: {fewer}; rounds of growth to finish the move: {grown}")
    assert left is None
    assert MOVING not in extra, extra
    live = _live_files(table)
    assert not laid_out_on_old & live
    files = len(live)
    # the right keys of the three values, from one scan of the table
    right = {1: [], 5: [], 9: []}
    for discount, key in table.where(F.col("lo_discount").isin(*right)).select("lo_discount", "lo_key").collect():
        right[discount].append(key)
    for value in right:
        keys, read = point_query(spark, path, "lo_discount", value)
        assert keys == sorted(right[value]) and keys, value
        assert read < files, (value, read, files)

    # a full clustering on other columns again lays the partition out anew at once
    other = ["lo_discount", OLD[1]]
    before = live  # the table has not changed since
    done = hl.cluster(spark, path, layout(other), incremental=False)
    assert done.executed
    extra = timeline.clustering_commits(spark, path)[-1]["extra"]
    assert extra["hudilayout.columns"] == ",".join(other), extra
    assert extra["hudilayout.continuous"].startswith("full (grid recorded on"), extra
    assert MOVING not in extra, extra
    table = spark.read.format("hudi").load(path)
    assert fingerprint(table) == expected
    assert not before & _live_files(table), "every file laid out anew"
