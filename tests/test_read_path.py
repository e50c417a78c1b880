"""How a clustering group is read: one Spark scan of its Parquet base files where that reads
exactly what Hudi's reader would, Hudi's reader otherwise.

Fixture: two small COW tables of 1,200 rows (k, a, b) written as 6 files, then 600 more rows in a
second commit that changes the schema:
- ``added``: the second commit adds a column ``c`` (double); the first commit's files lack it.
- ``promoted``: the second commit writes ``a`` as bigint where the first wrote int.
Each is clustered by (a, b) into 4 files with our default layout. Expected: the same rows (data
columns, and every meta column but the file name), ``c`` null for the first commit's rows; the
commit says ``hudilayout.read=scan`` for ``added`` (the files' columns are a subset of the table's,
with its types: a missing column reads as null) and ``hudilayout.read=hudi`` for ``promoted`` (a
file's ``a`` is int, the table's bigint: Hudi's reader converts it, a plain scan would not).
"""
from __future__ import annotations

import pytest
from pyspark.sql import functions as F

from hudi_layout import clustering, tables
from tablecheck import fingerprint

pytestmark = pytest.mark.spark

META = ["_hoodie_commit_time", "_hoodie_commit_seqno", "_hoodie_record_key", "_hoodie_partition_path"]


def _meta_fingerprint(df):
    row = df.select(F.count(F.lit(1)).alias("n"),
                    F.sum(F.xxhash64(*META).cast("decimal(38,0)")).alias("h")).collect()[0]
    return int(row["n"]), int(row["h"] or 0)


def _table(spark, path, second_commit):
    opts = tables.cow_table_options("t_read", "k", ["a", "b"], 6)
    first = spark.range(1200).select(F.format_string("k%d", "id").alias("k"),
                                     (F.col("id") * 7919 % 1000).cast("int").alias("a"),
                                     F.format_string("b%03d", F.col("id") % 97).alias("b"))
    first.repartition(6).write.format("hudi").options(**opts).mode("overwrite").save(path)
    more = spark.range(1200, 1800).select(F.format_string("k%d", "id").alias("k"),
                                          (F.col("id") * 7919 % 1000).cast("int").alias("a"),
                                          F.format_string("b%03d", F.col("id") % 97).alias("b"))
    more = second_commit(more)
    opts["hoodie.datasource.write.operation"] = "insert"
    more.repartition(2).write.format("hudi").options(**opts).mode("append").save(path)
    table = spark.read.format("hudi").load(path)
    return fingerprint(table), _meta_fingerprint(table)


@pytest.mark.parametrize("case,second_commit,read", [
    ("added", lambda df: df.withColumn("c", F.col("a") / 3.0), "scan"),
    ("promoted", lambda df: df.withColumn("a", F.col("a").cast("bigint")), "hudi"),
])
def test_rows_are_read_whole_whichever_reader(spark, tmp_path, case, second_commit, read):
    path = str(tmp_path / case)
    before, meta_before = _table(spark, path, second_commit)
    opts = tables.layout_options(["a", "b"], "hilbert", "sample", tables.file_bytes(path), 4)
    instant = clustering.schedule_and_execute(spark, path, opts)
    assert instant
    extra = clustering.recorded(spark, path, instant)
    assert extra["hudilayout.read"] == read, extra
    table = spark.read.format("hudi").load(path)
    assert fingerprint(table) == before
    assert _meta_fingerprint(table) == meta_before
    if case == "added":
        assert table.where("c IS NULL").count() == 1200
        assert table.where("c IS NOT NULL").count() == 600
