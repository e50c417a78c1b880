"""Sort columns that change under the continuous layout.

A table's partitions laid out by the continuous layout record their grid, a tree of regions in
the sort columns' space. A later clustering asked for other columns cannot place rows on that
grid.

Table: 3,000 SSB rows (key ``lo_key``) bulk-inserted in random order as 12 files, laid out by the
continuous layout on s_city, c_city, p_brand; then 600 new rows upserted.

Expected:
- a continuous clustering on (s_city, lo_discount) is refused before its plan is saved, with an
  error naming ``sort_columns``, both column lists and ``incremental=False``: the timeline gains
  no instant, and the rows are as they were;
- the same clustering with ``incremental=False`` lays the partition out anew on the new columns:
  its commit records them and the stage ``full``, every row is there once, and a point query on
  ``lo_discount`` reads fewer files than the table holds;
- a later upsert and a continuous clustering on the new columns is a delta on the new grid.
"""
from __future__ import annotations


import pytest
from pyspark.errors import IllegalArgumentException
from pyspark.sql import functions as F

import hudi_layout as hl
from hudi_layout import tables, timeline
from hudi_layout.tools import ssb
from layoutcheck import instants
from tablecheck import fingerprint, point_query

pytestmark = pytest.mark.spark
OLD = list(ssb.FILTER_COLUMNS)
NEW = [OLD[0], "lo_discount"]


def _rows(spark, tmp_path, name, n, seed, key_offset, version):
    return (spark.read.parquet(ssb.write_parquet(str(tmp_path / name), n, seed))
            .withColumn("lo_key", F.col("lo_key") + key_offset).withColumn("version", F.lit(version)))


def test_a_change_of_columns_is_refused_unless_a_full_clustering_lays_the_table_out_anew(spark, tmp_path):
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
    new = _rows(spark, tmp_path, "new", 600, 72, 1_000_000, 2).localCheckpoint()
    hl.write(new, path, layout(NEW), table="t_columns", record_key="lo_key", ordering="version", operation="upsert")
    expected = fingerprint(df.unionByName(new))

    before = instants(path)
    with pytest.raises(IllegalArgumentException) as refused:
        hl.cluster(spark, path, layout(NEW))
    message = str(refused.value)
    assert "sort_columns" in message and "incremental=False" in message, message
    assert ",".join(OLD) in message and ",".join(NEW) in message, message
    assert instants(path) == before
    assert fingerprint(spark.read.format("hudi").load(path)) == expected

    done = hl.cluster(spark, path, layout(NEW), incremental=False)
    assert done.executed
    last = timeline.clustering_commits(spark, path)[-1]["extra"]
    assert last["hudilayout.columns"] == ",".join(NEW), last
    assert last["hudilayout.continuous"].startswith("full"), last
    table = spark.read.format("hudi").load(path)
    assert fingerprint(table) == expected
    files = table.select(F.input_file_name()).distinct().count()
    keys, read = point_query(spark, path, "lo_discount", 3)
    assert keys == sorted(r[0] for r in table.where(F.col("lo_discount") == 3).select("lo_key").collect())
    assert read < files, (read, files)

    more = _rows(spark, tmp_path, "more", 600, 73, 2_000_000, 3).localCheckpoint()
    hl.write(more, path, layout(NEW), table="t_columns", record_key="lo_key", ordering="version", operation="upsert")
    hl.cluster(spark, path, layout(NEW))
    last = timeline.clustering_commits(spark, path)[-1]["extra"]
    assert last["hudilayout.continuous"].startswith("delta"), last
    assert fingerprint(spark.read.format("hudi").load(path)) == fingerprint(df.unionByName(new).unionByName(more))
