"""Each curve and mapping, clustered through Hudi with hudi-layout, on real local Spark + Hudi.

Fixture: 3000 order lines (tests/data/lineorder.py) (seed 21) bulk-inserted in random order as 12 files with column
stats on for s_city, c_city, p_brand; a fresh copy of that table per case. Each case clusters the
copy into 6 files through Hudi's write client and expects: the table's rows unchanged (count and
a checksum over all data columns), the layout on the replacecommit, one instant-wide sample, and
point queries on every sort column (the first one only, for linear) reading fewer files than the
12 they read before. Further cases: the RDD path, merge-on-read with log files, a partitioned
table; and options that must be refused before anything is written.
"""
from __future__ import annotations

import re
import shutil

import pytest
from py4j.protocol import Py4JJavaError
from pyspark.errors import IllegalArgumentException
from pyspark.sql import functions as F

from hudi_layout import clustering, tables, timeline
from data import lineorder
from tablecheck import fingerprint, point_query

COLUMNS = list(lineorder.FILTER_COLUMNS)
PROBES = [("s_city", "GERMANY  2"), ("c_city", "VIETNAM  2"), ("p_brand", "MFGR#1440")]
ROWS, FILES_IN, FILES_OUT = 3000, 12, 6

pytestmark = [pytest.mark.spark, pytest.mark.slow]


@pytest.fixture(scope="module")
def source(spark, tmp_path_factory):
    root = tmp_path_factory.mktemp("layouts")
    df = lineorder.frame(spark, ROWS, 21).repartition(FILES_IN)
    cow = str(root / "cow")
    df.write.format("hudi").options(**tables.cow_table_options("t_layouts", "lo_key", COLUMNS, FILES_IN)) \
        .mode("overwrite").save(cow)
    before = {c: point_query(spark, cow, c, v) for c, v in PROBES}
    return {"root": root, "df": df, "cow": cow, "before": before}


def _copy(source, tmp_path):
    path = str(tmp_path / "table")
    shutil.copytree(source["cow"], path)
    return path


def _cluster(spark, path, curve, mapping, **extra):
    opts = tables.layout_options(COLUMNS, curve, mapping, tables.file_bytes(path), FILES_OUT)
    opts.update(extra)
    instant = clustering.schedule_and_execute(spark, path, opts)
    assert instant, "Hudi scheduled no clustering"
    return instant


def _assert_layout(spark, path, instant, curve, mapping):
    commits = timeline.clustering_commits(spark, path)
    assert [c["instant"] for c in commits] == [instant]
    extra = commits[0]["extra"]
    assert extra["hudilayout.curve"] == curve.replace("-", "")
    assert extra["hudilayout.columns"] == ",".join(COLUMNS)
    assert int(extra["hudilayout.files"]) == FILES_OUT
    if curve != "linear":
        assert extra["hudilayout.mapping"] == mapping
        assert extra["hudilayout.sample.scope"] == "instant"
        # the rows the sample drew from, read from the commits that wrote the files, not counted
        assert extra["hudilayout.sample.rows"] == f"{ROWS} from commits"
    return extra


@pytest.mark.parametrize("curve,mapping", [
    ("z-order", "direct"), ("z-order", "sample"), ("hilbert", "direct"), ("hilbert", "sample"),
    ("linear", "direct"),
])
def test_each_curve_and_mapping_keeps_rows_and_skips_files(spark, source, tmp_path, curve, mapping):
    path = _copy(source, tmp_path)
    instant = _cluster(spark, path, curve, mapping)
    _assert_layout(spark, path, instant, curve, mapping)
    assert fingerprint(spark.read.format("hudi").load(path)) == fingerprint(source["df"])
    probes = PROBES[:1] if curve == "linear" else PROBES
    for column, value in probes:
        keys_before, files_before = source["before"][column]
        keys_after, files_after = point_query(spark, path, column, value)
        assert keys_after == keys_before
        assert files_before == FILES_IN
        assert files_after < files_before, (curve, mapping, column, files_after)


def test_rdd_path_lays_out_the_same_way(spark, source, tmp_path):
    path = _copy(source, tmp_path)
    instant = _cluster(spark, path, "hilbert", "sample", **{"hoodie.datasource.write.row.writer.enable": "false"})
    _assert_layout(spark, path, instant, "hilbert", "sample")
    assert fingerprint(spark.read.format("hudi").load(path)) == fingerprint(source["df"])
    for column, value in PROBES:
        keys_after, files_after = point_query(spark, path, column, value)
        assert keys_after == source["before"][column][0]
        assert files_after < FILES_IN


def test_merge_on_read_with_log_files(spark, source, tmp_path):
    path = str(tmp_path / "mor")
    opts = tables.table_options("t_mor", "lo_key", COLUMNS, FILES_IN, table_type="MERGE_ON_READ")
    source["df"].write.format("hudi").options(**opts).mode("overwrite").save(path)
    # update some rows in place: their new values live in log files until clustering merges them
    updates = source["df"].where(F.col("lo_key") % 10 == 0).withColumn("lo_quantity", F.lit(99))
    updated = updates.count()
    assert updated > 100
    upsert = dict(opts, **{"hoodie.datasource.write.operation": "upsert",
                           "hoodie.datasource.write.precombine.field": "lo_key",
                           "hoodie.compact.inline": "false"})
    updates.write.format("hudi").options(**upsert).mode("append").save(path)
    expected = fingerprint(spark.read.format("hudi").load(path))
    assert any(".log." in f for f in _files(path)), "the update wrote no log files"
    instant = _cluster(spark, path, "hilbert", "sample")
    _assert_layout(spark, path, instant, "hilbert", "sample")
    table = spark.read.format("hudi").load(path)
    assert fingerprint(table) == expected
    assert table.where("lo_quantity = 99").count() == updated
    keys_after, files_after = point_query(spark, path, "s_city", "GERMANY  2")
    assert keys_after == source["before"]["s_city"][0]
    assert files_after < FILES_IN


def test_partitioned_table(spark, source, tmp_path):
    path = str(tmp_path / "partitioned")
    opts = tables.table_options("t_part", "lo_key", COLUMNS, 4, partition_by="c_region")
    source["df"].repartition(4).write.format("hudi").options(**opts).mode("overwrite").save(path)
    capped_path = str(tmp_path / "partitioned-capped")
    shutil.copytree(path, capped_path)
    before = point_query(spark, path, "p_brand", "MFGR#1440")
    instant = _cluster(spark, path, "hilbert", "sample")
    commits = timeline.clustering_commits(spark, path)
    assert [c["instant"] for c in commits] == [instant]
    assert int(commits[0]["extra"]["hudilayout.groups"]) == 5  # one group per region
    assert commits[0]["extra"]["hudilayout.partitions"] == "5"
    assert commits[0]["extra"]["hudilayout.sample.scope"] == "instant"
    assert fingerprint(spark.read.format("hudi").load(path)) == fingerprint(source["df"])
    after = point_query(spark, path, "p_brand", "MFGR#1440")
    assert after[0] == before[0]
    assert after[1] < before[1]

    # a plan held to 2 groups lays out 2 of the 5 partitions and says that some may be left
    import hudi_layout as hl
    with pytest.warns(UserWarning, match="took 2 groups \\(2 partitions\\), the most "
                                         "hoodie.clustering.plan.strategy.max.num.groups=2 allows"):
        capped = hl.cluster(spark, capped_path, hl.LayoutOptions(COLUMNS, max_groups=2, sample_size=100))
    assert capped.capped and capped.groups == 2 and capped.partitions == 2, capped
    # each partition's grid is drawn from its own allotment, not its half of a 100-row sample
    extra = timeline.clustering_commits(spark, capped_path)[-1]["extra"]
    sampled, rows, files = map(int, re.fullmatch(r"(\d+) of (\d+) rows for (\d+) files",
                                                 extra["hudilayout.sample.fewest"]).groups())
    assert sampled == min(rows, 100, 64 * files) > 100 // 2, extra["hudilayout.sample.fewest"]  # share: 50
    assert 2 * sampled <= int(extra["hudilayout.sample.taken"]) <= 2 * 100
    assert fingerprint(spark.read.format("hudi").load(capped_path)) == fingerprint(source["df"])


def _text(exc) -> str:
    """The JVM error's message, whether PySpark converted it or left it a Py4JJavaError."""
    return str(exc.java_exception) if isinstance(exc, Py4JJavaError) else str(exc)


def _files(path):
    import os
    return [f for _, _, fs in os.walk(path) for f in fs]


@pytest.mark.parametrize("options,message", [
    ({"hoodie.clustering.plan.strategy.sort.columns": "s_city,no_such_col"},
     "column 'no_such_col' does not exist in the table. The table's columns: lo_key, lo_orderkey"),
    ({"hoodie.layout.optimize.strategy": "peano"},
     "Invalid value for hoodie.layout.optimize.strategy: 'peano'"),
    ({"hoodie.layout.optimize.curve.build.method": "guess"},
     "Invalid value for hoodie.layout.optimize.curve.build.method: 'guess'. Accepted: one of direct, sample"),
    ({"hoodie.layout.optimize.build.curve.sample.size": "0"},
     "Invalid value for hoodie.layout.optimize.build.curve.sample.size: '0'"),
    ({"hoodie.clustering.plan.strategy.sort.columns": ""},
     "needs at least one sort column"),
    ({"hoodie.hudilayout.alinged": "true"},
     "Unknown option hoodie.hudilayout.alinged = 'true': hudi-layout has no such key. Did you mean "
     "hoodie.hudilayout.aligned?"),
])
def test_bad_options_are_refused_before_anything_is_written(spark, source, tmp_path, options, message):
    path = _copy(source, tmp_path)
    opts = tables.layout_options(COLUMNS, "hilbert", "sample", tables.file_bytes(path), FILES_OUT)
    opts.update(options)
    before_files = sorted(_files(path))
    with pytest.raises((Py4JJavaError, IllegalArgumentException)) as err:
        clustering.schedule_and_execute(spark, path, opts)
    assert message in _text(err.value)
    assert sorted(_files(path)) == before_files  # nothing scheduled, nothing written
    assert fingerprint(spark.read.format("hudi").load(path)) == fingerprint(source["df"])


def test_unsupported_type_is_named(spark, tmp_path):
    path = str(tmp_path / "maps")
    df = spark.range(100).select(F.col("id").cast("string").alias("k"),
                                 F.create_map(F.lit("a"), F.col("id")).alias("attrs"), F.col("id"))
    opts = tables.cow_table_options("t_maps", "k", ["id"], 2)
    df.write.format("hudi").options(**opts).mode("overwrite").save(path)
    cluster = tables.layout_options(["id", "attrs"], "z-order", "sample", tables.file_bytes(path), 2)
    with pytest.raises((Py4JJavaError, IllegalArgumentException)) as err:
        clustering.schedule_and_execute(spark, path, cluster)
    assert "column 'attrs' has type map, which hudi-layout cannot order" in _text(err.value)
    assert spark.read.format("hudi").load(path).count() == 100
