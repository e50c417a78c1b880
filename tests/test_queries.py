"""The query log: a session's scans of a Hudi table, recorded where they run.

Table: 2,000 order lines bulk-inserted as 8 files, with column stats on the filter columns.
A running session records its queries (``record_queries``), then stops.
Expected: one entry per query, with each column's shape (equality, IN and its count, a range and
its bounds, a prefix and its length, a null test, the sides of an OR) and no other row value; the
files each scan read, as Spark's own scan metric counts them, and the 8 the table holds; nothing
once recording stops; a shared folder capped in bytes keeps its newest file.
"""
from __future__ import annotations

import os

import pytest
from pyspark.sql import functions as F

from hudi_layout import queries, scan, tables
from hudi_layout.spark import configure_spark
from data import lineorder

pytestmark = pytest.mark.spark

INDEXED = ["s_city", "c_city", "p_brand", "lo_discount", "lo_quantity", "lo_orderdate"]


@pytest.fixture(scope="module")
def table(spark, tmp_path_factory):
    path = str(tmp_path_factory.mktemp("queries") / "t")
    opts = tables.cow_table_options("t_queries", "lo_key", INDEXED, 8)
    lineorder.frame(spark, 2000, 7).repartition(8).write.format("hudi").options(**opts).mode("overwrite").save(path)
    return path


def _queries(t):
    return [
        t.where(F.col("s_city") == "GERMANY  2"),
        t.where(F.col("c_city").isin("VIETNAM  2", "GERMANY  2", "CHINA    1")),
        t.where(F.col("lo_discount").between(1, 3) & (F.col("lo_quantity") < 25)),
        t.where(F.col("p_brand").startswith("MFGR#12")),
        t.where((F.col("lo_orderdate") >= "1993-01-01") & (F.col("lo_orderdate") < "1994-01-01")),
        t.where(F.col("s_city").isNull()),
        t.where((F.col("s_city") == "GERMANY  2") | (F.col("c_city") == "VIETNAM  2")),
    ]


EXPECTED = [
    [{"column": "s_city", "shape": "equals", "count": 1}],
    [{"column": "c_city", "shape": "in", "count": 3}],
    [{"column": "lo_discount", "shape": "range", "lower": "1", "upper": "3"},
     {"column": "lo_quantity", "shape": "range", "upper": "25"}],
    [{"column": "p_brand", "shape": "prefix", "count": 7}],
    [{"column": "lo_orderdate", "shape": "range", "lower": "1993-01-01", "upper": "1994-01-01"}],
    [{"column": "s_city", "shape": "null_test"}],
    [{"column": "s_city", "shape": "other"}, {"column": "c_city", "shape": "other"}],
]


def test_a_sessions_scans_are_recorded_beside_the_table(spark, table):
    assert queries.entries(spark, table) == []
    recorder = queries.record_queries(spark, flush_entries=1000)
    read = []
    try:
        for df in _queries(scan.read(spark, table)):
            read.append(scan.files_read(df)[1])
    finally:
        queries.stop_recording(spark, recorder)
    scan.read(spark, table).where(F.col("s_city") == "CHINA    1").collect()  # not recorded
    got = queries.entries(spark, table)
    assert [sorted(e["filters"], key=lambda f: f["column"]) for e in got] == \
        [sorted(f, key=lambda f: f["column"]) for f in EXPECTED], got
    assert [e["files_read"] for e in got] == read
    assert {e["files_total"] for e in got} == {8}
    assert min(read) < 8  # the equality and the prefix skip files, and the log says so
    assert {e["table"].rstrip("/").split(":")[-1] for e in got} == {table}
    folder = os.path.join(table, queries.BESIDE_TABLE)
    assert len([n for n in os.listdir(folder) if n.endswith(".jsonl")]) == 1


def test_a_shared_folder_keeps_its_newest_file_under_its_cap(spark, table, tmp_path):
    folder = str(tmp_path / "log")
    recorder = queries.record_queries(spark, path=folder, flush_entries=1, max_bytes=1)
    try:
        for df in _queries(scan.read(spark, table))[:3]:
            df.collect()
            queries.flush(spark, recorder)
    finally:
        queries.stop_recording(spark, recorder)
    names = [n for n in os.listdir(folder) if n.endswith(".jsonl")]
    assert len(names) == 1, names
    [entry] = queries.entries(spark, table, path=folder)
    assert entry["filters"] == EXPECTED[2]


@pytest.mark.parametrize("value", [5, "", 0.5])
def test_recording_is_refused_for_a_value_it_cannot_use(value):
    from pyspark.sql import SparkSession
    with pytest.raises(ValueError, match=r"record_queries=.*expected True"):
        configure_spark(SparkSession.builder, record_queries=value)


def test_recording_at_start_adds_the_recorder_once():
    conf = queries.recording_conf(True, "com.example.Listener," + queries.RECORDER_CLASS)
    assert conf == {queries.LISTENERS_KEY: "com.example.Listener," + queries.RECORDER_CLASS}
    assert queries.recording_conf("/logs")[queries.PATH_KEY] == "/logs"
