"""Inline clustering through Hudi with hudi-layout's strategy, on a real local Spark + Hudi.

Fixture: 4000 order lines (tests/data/lineorder.py) (seed 11) bulk-inserted in random order as 16 files, column stats
on for s_city, c_city, p_brand, written once (each case takes a copy). A second write inserts 400
more rows with inline clustering after every commit, laying the table out as 8 files.
Expected: a completed replacecommit with operation CLUSTER naming our layout; exactly the 4400 rows written; point queries read fewer files.
"""
from __future__ import annotations

import shutil

import pytest

from hudi_layout import tables, timeline
from data import lineorder
from tablecheck import fingerprint, point_query

COLUMNS = list(lineorder.FILTER_COLUMNS)
PROBES = [("s_city", "GERMANY  2"), ("c_city", "VIETNAM  2"), ("p_brand", "MFGR#1440")]


def _frame(spark, tmp_path, rows, seed, key_offset=0):
    df = lineorder.frame(spark, rows, seed)
    if key_offset:
        df = df.withColumn("lo_key", df["lo_key"] + key_offset)
    return df


@pytest.fixture(scope="module")
def first_write(spark, tmp_path_factory):
    """The first write, made once: each case clusters a copy of it."""
    path = str(tmp_path_factory.mktemp("inline") / "table")
    first = _frame(spark, None, 4000, 11).repartition(16)
    base = tables.cow_table_options("t_inline", "lo_key", COLUMNS, 16)
    first.write.format("hudi").options(**base).mode("overwrite").save(path)
    before = {c: point_query(spark, path, c, v) for c, v in PROBES}
    assert all(files == 16 for _, files in before.values())
    return {"path": path, "first": first, "base": base, "before": before}


@pytest.mark.spark
@pytest.mark.parametrize("curve,mapping", [("hilbert", "sample"), ("z-order", "direct")])
def test_inline_clustering_runs_our_layout(spark, first_write, tmp_path, curve, mapping):
    path = str(tmp_path / "table")
    shutil.copytree(first_write["path"], path)
    first, base, before = first_write["first"], first_write["base"], first_write["before"]

    more = _frame(spark, tmp_path, 400, 12, key_offset=1_000_000).repartition(2)
    opts = dict(base)
    opts.update(tables.layout_options(COLUMNS, curve, mapping, tables.file_bytes(path), 8))
    opts.update({"hoodie.datasource.write.operation": "insert",
                 "hoodie.clustering.inline": "true",
                 "hoodie.clustering.inline.max.commits": "1"})
    more.write.format("hudi").options(**opts).mode("append").save(path)

    commits = timeline.clustering_commits(spark, path)
    assert len(commits) == 1, commits
    extra = commits[0]["extra"]
    assert extra["hudilayout.strategy"] == "dev.hudilayout.SpaceCurveExecutionStrategy"
    assert extra["hudilayout.curve"] == curve.replace("-", "")
    assert extra["hudilayout.mapping"] == mapping
    assert extra["hudilayout.columns"] == ",".join(COLUMNS)

    table = spark.read.format("hudi").load(path)
    expected = first.unionByName(more)
    assert fingerprint(table) == fingerprint(expected)

    for column, value in PROBES:
        keys_before, files_before = before[column]
        keys_after, files_after = point_query(spark, path, column, value)
        new_keys = sorted(r[0] for r in more.where(more[column] == value).select("lo_key").collect())
        assert keys_after == sorted(keys_before + new_keys)
        assert files_after < files_before, (column, files_before, files_after)
