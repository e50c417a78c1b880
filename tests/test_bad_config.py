"""Wrong clustering options fail with a message naming the problem and leave the table whole.

Fixture: 200 rows (``k``; ``a`` bigint, ``b`` double, ``s`` string as sort columns; ``tags``
array<bigint> and ``attrs`` struct as columns that cannot be ordered) bulk-inserted as 4 files,
column stats on for a, b, s; a fresh copy per case. Options already covered by
test_layouts.py (unknown column, curve and mapping, sample size 0, no sort column, a map column)
are not repeated here.

Expected, for each wrong option given to ``ClusteringRunner`` (schedule and execute in one call):
an error whose text names the key or column, the value and what is wrong; no instant added to the
timeline and no data file written; the table's rows unchanged (count and a checksum over all
data columns).

Failures inside Hudi's execution:
- inline clustering during a write, with a sort column that does not exist or a strategy class
  that is not on the classpath: Hudi completes the write's commit first and only then runs the
  clustering, so the write raises but its rows are in the table (a retried insert would add them
  again). The clustering is left pending, never completed; executing that same plan afterwards
  with corrected options completes it with every row intact.
- a plan scheduled with good options and executed with a bad one: refused before Hudi runs it,
  the plan stays pending, and executing it with good options completes it.
"""
from __future__ import annotations

import pytest
from py4j.protocol import Py4JJavaError
from pyspark.errors import IllegalArgumentException
from pyspark.sql import functions as F

from hudi_layout import tables, timeline
from layoutcheck import (cluster_options, completed_replacecommits, copy_table, data_files, instants,
                         java_map, message, pending_clustering, runner)
from tablecheck import fingerprint

pytestmark = pytest.mark.spark

SORT = ["a", "b", "s"]
ROWS, FILES_IN, FILES_OUT = 200, 4, 2
ERRORS = (Py4JJavaError, IllegalArgumentException)
SORT_KEY = "hoodie.clustering.plan.strategy.sort.columns"
STRATEGY_KEY = "hoodie.clustering.execution.strategy.class"
SAMPLE_KEY = "hoodie.layout.optimize.build.curve.sample.size"
BITS_KEY = "hoodie.hudilayout.bits.per.column"
SEED_KEY = "hoodie.hudilayout.sample.seed"
FACTOR_KEY = "hoodie.hudilayout.writer.max.file.size.factor"


def _frame(spark, start, n):
    return spark.range(start, start + n).select(
        F.format_string("k%05d", "id").alias("k"), (F.col("id") % 17).alias("a"), (F.col("id") * 1.5).alias("b"),
        F.format_string("s%03d", F.col("id") % 101).alias("s"), F.array(F.col("id"), F.lit(1)).alias("tags"),
        F.struct(F.col("id").alias("x"), F.lit("y").alias("y")).alias("attrs"))


@pytest.fixture(scope="module")
def base(spark, tmp_path_factory):
    path = str(tmp_path_factory.mktemp("bad_config") / "base")
    opts = tables.cow_table_options("t_bad", "k", SORT, FILES_IN)
    _frame(spark, 0, ROWS).repartition(FILES_IN).write.format("hudi").options(**opts).mode("overwrite").save(path)
    return {"path": path, "opts": opts, "fp": fingerprint(spark.read.format("hudi").load(path))}


def _good(path):
    return cluster_options(path, SORT, "hilbert", "sample", FILES_OUT)


def _assert_untouched(spark, path, fp, before_instants, before_files):
    assert instants(path) == before_instants, "the failed clustering left an instant on the timeline"
    assert data_files(path) == before_files, "the failed clustering wrote files"
    assert fingerprint(spark.read.format("hudi").load(path)) == fp


@pytest.mark.parametrize("options,expected", [
    pytest.param({SORT_KEY: "a,tags"}, "column 'tags' has type array, which hudi-layout cannot order",
                 id="array-column"),
    pytest.param({SORT_KEY: "attrs,a"}, "column 'attrs' has type record, which hudi-layout cannot order",
                 id="struct-column"),
    pytest.param({SORT_KEY: "a,b,a"}, "'a,b,a' names column 'a' twice", id="column-twice"),
    pytest.param({SAMPLE_KEY: "-5"}, f"Invalid value for {SAMPLE_KEY}: '-5'. Accepted: a whole number from 1 to "
                                     "2147483647", id="negative-sample-size"),
    pytest.param({SAMPLE_KEY: "lots"}, f"Invalid value for {SAMPLE_KEY}: 'lots'", id="sample-size-not-a-number"),
    pytest.param({BITS_KEY: "64"}, f"Invalid value for {BITS_KEY}: '64'. Accepted: a whole number from 0 to 63",
                 id="bits-64"),
    pytest.param({BITS_KEY: "-1"}, f"Invalid value for {BITS_KEY}: '-1'", id="bits-negative"),
    pytest.param({SEED_KEY: "abc"}, f"Invalid value for {SEED_KEY}: 'abc'. Accepted: a whole number",
                 id="seed-not-a-number"),
    pytest.param({FACTOR_KEY: "0.5"}, f"Invalid value for {FACTOR_KEY}: '0.5'. Accepted: a number of 1.0 or more",
                 id="size-factor-below-1"),
    pytest.param({STRATEGY_KEY: "dev.hudilayout.NoSuchStrategy"},
                 f"Invalid value for {STRATEGY_KEY}: 'dev.hudilayout.NoSuchStrategy'. "
                 "No such class on the classpath", id="strategy-not-on-classpath"),
    pytest.param({STRATEGY_KEY: "dev.hudilayout.ClusteringRunner"},
                 "'dev.hudilayout.ClusteringRunner' is not a clustering execution strategy",
                 id="class-not-a-strategy"),
])
def test_wrong_option_is_refused_before_anything_is_written(spark, base, tmp_path, options, expected):
    path = copy_table(base["path"], str(tmp_path / "t"))
    before_instants, before_files = instants(path), data_files(path)
    opts = _good(path)
    opts.update(options)
    with pytest.raises(ERRORS) as err:
        runner(spark).scheduleAndExecute(spark.sparkContext._jsc, path, java_map(spark, opts))
    assert expected in message(err.value)
    _assert_untouched(spark, path, base["fp"], before_instants, before_files)


def _execute(spark, path, opts, instant):
    runner(spark).execute(spark.sparkContext._jsc, path, java_map(spark, opts), instant)


def _failing_inline_write(spark, base, path, options, expected):
    """Inserts 40 rows with inline clustering and ``options``; the write must raise ``expected``
    after committing its rows, leaving one clustering pending. Returns that instant and the
    fingerprint the table must keep."""
    more = _frame(spark, 10_000, 40)
    write = dict(base["opts"])
    write.update(_good(path))
    write.update({"hoodie.datasource.write.operation": "insert", "hoodie.clustering.inline": "true",
                  "hoodie.clustering.inline.max.commits": "1"})
    write.update(options)
    with pytest.raises(ERRORS) as err:
        more.write.format("hudi").options(**write).mode("append").save(path)
    assert expected in message(err.value)
    # The insert committed before the clustering ran: the table holds both (fingerprints add up,
    # rows and hash sums). The clustering did not complete.
    added = fingerprint(more)
    fp = (base["fp"][0] + added[0], base["fp"][1] + added[1])
    assert fingerprint(spark.read.format("hudi").load(path)) == fp
    assert completed_replacecommits(path) == []
    pending = pending_clustering(path)
    assert len(pending) == 1, instants(path)
    return pending[0], fp


def test_inline_clustering_with_missing_strategy_class(spark, base, tmp_path):
    path = copy_table(base["path"], str(tmp_path / "t"))
    instant, fp = _failing_inline_write(spark, base, path, {STRATEGY_KEY: "dev.hudilayout.NoSuchStrategy"},
                                        "ClassNotFoundException: dev.hudilayout.NoSuchStrategy")
    # The plan itself is sound: executed with our class, it completes with every row.
    _execute(spark, path, _good(path), instant)
    assert pending_clustering(path) == []
    assert [c["instant"] for c in timeline.clustering_commits(spark, path)] == [instant]
    assert fingerprint(spark.read.format("hudi").load(path)) == fp


def test_inline_clustering_with_unknown_sort_column(spark, base, tmp_path):
    path = copy_table(base["path"], str(tmp_path / "t"))
    instant, fp = _failing_inline_write(
        spark, base, path, {SORT_KEY: "a,nope"},
        "column 'nope' does not exist in the table. The table's columns: k, a, b, s")
    # The plan recorded its sort columns: executed with corrected options it fails the same way
    # (and Hudi retries a pending plan at every inline clustering, so every later write raises).
    with pytest.raises(ERRORS) as err:
        _execute(spark, path, _good(path), instant)
    assert "column 'nope' does not exist" in message(err.value)
    assert completed_replacecommits(path) == []
    assert fingerprint(spark.read.format("hudi").load(path)) == fp
    # Recovery: purge the pending plan (Hudi's write client), then cluster with the right options.
    jvm = spark.sparkContext._jvm
    config = jvm.org.apache.hudi.config.HoodieWriteConfig.newBuilder().withPath(path).forTable("t_bad").build()
    client = jvm.org.apache.hudi.client.SparkRDDWriteClient(
        jvm.org.apache.hudi.client.common.HoodieSparkEngineContext(spark.sparkContext._jsc), config)
    try:
        client.purgePendingClustering(instant)
    finally:
        client.close()
    assert pending_clustering(path) == []
    done = runner(spark).scheduleAndExecute(spark.sparkContext._jsc, path, java_map(spark, _good(path)))
    assert [c["instant"] for c in timeline.clustering_commits(spark, path)] == [done]
    assert fingerprint(spark.read.format("hudi").load(path)) == fp


def test_plan_executed_with_a_wrong_option_stays_pending(spark, base, tmp_path):
    path = copy_table(base["path"], str(tmp_path / "t"))
    instant = runner(spark).schedule(spark.sparkContext._jsc, path, java_map(spark, _good(path)))
    assert instant
    before_instants, before_files = instants(path), data_files(path)
    bad = dict(_good(path), **{"hoodie.layout.optimize.strategy": "peano"})
    with pytest.raises(ERRORS) as err:
        _execute(spark, path, bad, instant)
    assert "Invalid value for hoodie.layout.optimize.strategy: 'peano'" in message(err.value)
    _assert_untouched(spark, path, base["fp"], before_instants, before_files)
    assert pending_clustering(path) == [instant]

    _execute(spark, path, _good(path), instant)
    assert [c["instant"] for c in timeline.clustering_commits(spark, path)] == [instant]
    assert fingerprint(spark.read.format("hudi").load(path)) == base["fp"]
