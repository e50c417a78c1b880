"""Hudi's Spark SQL procedures with hudi-layout's strategy, on a real table (the operator route that
needs no PySpark code and no hudi-cli bundle).

Table: 3,000 order lines bulk-inserted in random order as 12 files, column stats on s_city, c_city,
p_brand. Our keys travel in the procedure's ``options`` ("k=v,k2=v2"); the sort columns and the
curve in its ``order`` and ``order_strategy``, as for Hudi's own layouts.

Expected:
- ``run_clustering(op => 'schedule')`` plans a clustering, ``show_clustering`` lists it as
  requested, ``run_clustering(op => 'execute')`` runs it with our strategy: the replacecommit
  records our layout, the rows are unchanged and a point query reads fewer files;
  ``python -m hudi_layout sql -e "CALL show_clustering(...)"`` (spark-sql in its own JVM) lists
  it as completed;
- a misspelt key of ours fails the execution with our error naming the nearest key; the table
  keeps every row, and ``run_rollback_inflight_tableservice`` purges the failed plan;
- ``run_clustering(op => 'scheduleAndExecute')`` with the continuous plan lays new rows on the
  recorded grid.
"""
from __future__ import annotations

import subprocess
import sys

import pytest
from pyspark.sql import functions as F

import hudi_layout as hl
from hudi_layout import tables, timeline
from data import lineorder
from tablecheck import fingerprint, point_query

COLUMNS = list(lineorder.FILTER_COLUMNS)
pytestmark = pytest.mark.spark


def _options(path: str, files: int, **extra) -> str:
    opts = tables.layout_options(COLUMNS, "hilbert", "sample", tables.file_bytes(path), files)
    for key in ("hoodie.clustering.plan.strategy.sort.columns", "hoodie.layout.optimize.strategy"):
        opts.pop(key)  # given as order and order_strategy
    # Hudi splits the options on commas, so no value may hold one: the column-stats list stays
    # with the table's writes
    opts.pop("hoodie.metadata.index.column.stats.column.list")
    opts.update(extra)
    return ",".join(f"{k}={v}" for k, v in opts.items())


def _call(spark, procedure: str, **args):
    text = ", ".join(f"{k} => '{v}'" if isinstance(v, str) else f"{k} => {str(v).lower()}" for k, v in args.items())
    return spark.sql(f"CALL {procedure}({text})").collect()


def test_run_and_show_clustering_with_our_strategy(spark, tmp_path):
    path = str(tmp_path / "table")
    df = lineorder.frame(spark, 3000, 61).repartition(12).localCheckpoint()
    df.write.format("hudi").options(**tables.cow_table_options("t_sql", "lo_key", COLUMNS, 12)).mode("overwrite").save(path)
    expected = fingerprint(df)
    _, files_before = point_query(spark, path, "s_city", "GERMANY  2")
    order = dict(order=",".join(COLUMNS), order_strategy="hilbert")

    _call(spark, "run_clustering", path=path, op="schedule", options=_options(path, 4), **order)
    [scheduled] = hl.pending(spark, path)  # Hudi 1.2.0's procedure returns no row for a plan it schedules
    shown = {r["timestamp"]: r["state"] for r in _call(spark, "show_clustering", path=path)}
    assert shown == {scheduled: "REQUESTED"}, shown
    _call(spark, "run_clustering", path=path, op="execute", options=_options(path, 4), **order)
    [commit] = timeline.clustering_commits(spark, path)
    assert commit["instant"] == scheduled and hl.pending(spark, path) == []
    assert commit["extra"]["hudilayout.strategy"] == hl.clustering.STRATEGY_CLASS
    assert commit["extra"]["hudilayout.columns"] == ",".join(COLUMNS)
    assert fingerprint(spark.read.format("hudi").load(path)) == expected
    _, files_after = point_query(spark, path, "s_city", "GERMANY  2")
    assert files_after < files_before, (files_before, files_after)

    # the same from the spark-sql launcher, as an operator runs it
    shown = subprocess.run([sys.executable, "-m", "hudi_layout", "sql", "--conf", "spark.ui.enabled=false",
                            "-e", f"CALL show_clustering(path => '{path}')"],
                           cwd=str(tmp_path), capture_output=True, text=True, timeout=600)
    assert shown.returncode == 0, shown.stderr[-3000:]
    assert f"{scheduled}\t" in shown.stdout and "COMPLETED" in shown.stdout, shown.stdout
    # quiet: the procedure's rows only (spark-sql's silent mode, our log4j file and QuietPlugin)
    assert shown.stderr == "" and len(shown.stdout.splitlines()) == 1, (shown.stdout, shown.stderr)

    # a typo in one of our keys: the execution fails with our error, nothing is lost
    more = lineorder.frame(spark, 500, 62) \
        .withColumn("lo_key", F.col("lo_key") + 10 ** 9).repartition(4).localCheckpoint()
    more.write.format("hudi").options(**tables.cow_table_options("t_sql", "lo_key", COLUMNS, 4)).mode("append").save(path)
    expected = fingerprint(df.unionByName(more))
    with pytest.raises(Exception) as err:
        _call(spark, "run_clustering", path=path, op="scheduleAndExecute", **order,
              options=_options(path, 4, **{"hoodie.hudilayout.alinged": "true"}))
    assert "Unknown option hoodie.hudilayout.alinged = 'true'" in str(err.value) and \
        "Did you mean hoodie.hudilayout.aligned?" in str(err.value), str(err.value)[:2000]
    assert fingerprint(spark.read.format("hudi").load(path)) == expected
    [failed] = hl.pending(spark, path)
    # Hudi 1.2.0's rollback procedure fails on path => (its unset table argument is cast to a
    # string), so the table is named in the catalog first, as operators do
    spark.sql(f"CREATE TABLE t_sql USING hudi LOCATION '{path}'")
    try:
        _call(spark, "run_rollback_inflight_tableservice", table="t_sql", pending_instant=failed,
              delete_request_instant_file=True)
    finally:
        spark.sql("DROP TABLE IF EXISTS t_sql")  # the catalog entry only: the files stay
    assert hl.pending(spark, path) == []
    assert all(r["state"] == "COMPLETED" for r in _call(spark, "show_clustering", path=path))
    assert fingerprint(spark.read.format("hudi").load(path)) == expected

    # the continuous plan through the same procedure: the first run lays the table out on a grid
    # and records it, the next lays new rows on it
    continuous = {"hoodie.clustering.plan.strategy.class": hl.options.CONTINUOUS_PLAN}
    _call(spark, "run_clustering", path=path, op="scheduleAndExecute", **order, options=_options(path, 4, **continuous))
    assert hl.pending(spark, path) == [] and len(timeline.clustering_commits(spark, path)) == 2
    newest = timeline.clustering_commits(spark, path)[-1]["extra"]
    assert newest["hudilayout.continuous"].startswith("full") and "hudilayout.continuous.grid." in newest
    assert fingerprint(spark.read.format("hudi").load(path)) == expected
