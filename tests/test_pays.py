"""Clustering when it pays (``cluster(..., when="pays")``, ``hoodie.hudilayout.when=pays``), on real
Spark + Hudi: a plan stands only when the queries recorded since the last clustering would save
more reads than it rewrites.

Table: 4,000 order lines bulk-inserted in random order as 16 files, the column-stats index on
every column. A user names s_city, c_city and p_brand.
Expected:
- with no queries recorded, nothing is planned and the result says why;
- after 8 point queries on s_city that each read all 16 files, Hudi's size-based plan (as
  dev.hudilayout.SizeBasedPlanStrategy) clusters; the replacecommit says why it pays, and every
  row is kept;
- once the same queries read few files, a new plan of the whole table (the whole-partition plan,
  every partition) is not made, and the result says the gain is below the threshold;
- after the queries shift to an order-date window and discounts, auto with when="pays" clusters by
  the new columns, chosen from the scans since the last clustering alone (those the payoff weighed,
  not the older point queries), and the new queries read at most 0.7x the files they read before;
- auto on the continuous plan with when="pays" is weighed on the columns the plan chose, from the
  sample it took to choose them, and clusters by them;
- inline clustering with when="pays" (the continuous plan) clusters nothing inside writes until
  queries are recorded that it pays for, then clusters inside the next write.
"""
from __future__ import annotations

import shutil

import pytest
from pyspark.sql import functions as F

import hudi_layout as hl
from data import lineorder
from hudi_layout import queries, scan, tables, timeline
from tablecheck import fingerprint

pytestmark = [pytest.mark.spark, pytest.mark.slow]

ROWS, FILES_IN, FILES_OUT = 4000, 16, 8
GIVEN = ["s_city", "c_city", "p_brand"]
POINT = (lambda: F.col("s_city") == "GERMANY  2", 8)
#: the shifted workload: none of its columns is a sort column of the first layout
SHIFTED = [
    (lambda: F.col("lo_orderdate").between("1994-03-01", "1994-04-30") & (F.col("lo_discount") == 3), 6),
    (lambda: F.col("lo_discount").between(1, 3) & (F.col("lo_quantity") < 10), 4),
]


def _run(spark, path, workload):
    """Run each filter its times with the session recording; the files each run read."""
    recorder = queries.record_queries(spark, flush_entries=1000)
    table = scan.read(spark, path)
    read = []
    try:
        for where, times in workload:
            for _ in range(times):
                _, files = scan.files_read(table.where(where()).select("lo_key"))
                read.append(files)
    finally:
        queries.stop_recording(spark, recorder)
    return read


def _sizes(target):
    return dict(target_file_bytes=target, small_file_bytes=target * 1000, max_bytes_per_group=target * 1000)


def _layout(target, **changes):
    return hl.LayoutOptions(GIVEN, **_sizes(target), **changes)


@pytest.fixture(scope="module")
def pays_table(spark, tmp_path_factory):
    path = str(tmp_path_factory.mktemp("pays") / "table")
    df = lineorder.frame(spark, ROWS, 41).repartition(FILES_IN).localCheckpoint()
    hl.write(df, path, hl.LayoutOptions.auto(GIVEN), table="t_pays", record_key="lo_key",
             operation="bulk_insert", extra={"hoodie.bulkinsert.shuffle.parallelism": str(FILES_IN),
                                             "hoodie.bulkinsert.sort.mode": "NONE"})
    return path, fingerprint(df), tables.file_bytes(path).target(FILES_OUT)


def test_a_clustering_is_planned_only_when_the_recorded_queries_pay_for_it(spark, pays_table):
    path, expected, target = pays_table
    nothing = hl.cluster(spark, path, _layout(target), when="pays")
    assert nothing.instant is None and nothing.reason.startswith("no scans recorded since the last clustering"), \
        nothing
    assert not timeline.clustering_commits(spark, path) and not hl.clustering.pending(spark, path)

    before = _run(spark, path, [POINT])
    assert before == [FILES_IN] * POINT[1], before
    paid = hl.cluster(spark, path, _layout(target), when="pays")
    assert paid.executed and paid.reason.startswith(f"{POINT[1]} scans since the last clustering read 100% "), paid
    assert "at least 1.00" in paid.reason, paid.reason
    assert paid.layout["hudilayout.pays"] == paid.reason
    assert fingerprint(scan.read(spark, path, skipping=False)) == expected

    after = _run(spark, path, [POINT])
    assert max(after) < FILES_IN, after
    again = hl.cluster(spark, path, _layout(target, whole_partition=True), when="pays", incremental=False)
    assert again.instant is None and "below 1.00" in again.reason, again
    assert again.reason.startswith(f"{POINT[1]} scans since the last clustering"), again.reason
    assert len(timeline.clustering_commits(spark, path)) == 1 and not hl.clustering.pending(spark, path)
    print(f"files read by s_city = 'GERMANY  2': {before[0]} before, {after} after; "
          f"planned: {paid.reason}; not planned again: {again.reason}")


def test_auto_clusters_again_when_the_queries_shift(spark, pays_table, tmp_path):
    path, expected, target = pays_table
    shifted = str(tmp_path / "shifted")
    shutil.copytree(path, shifted)
    # the copy's log: point queries on s_city, then a clustering, then the shifted queries
    shutil.rmtree(queries.log_folder(shifted), ignore_errors=True)
    _run(spark, shifted, [POINT, POINT])
    hl.cluster(spark, shifted, _layout(target, whole_partition=True), incremental=False)
    before = _run(spark, shifted, SHIFTED)
    result = hl.cluster(spark, shifted, hl.LayoutOptions.auto(GIVEN, **_sizes(target), whole_partition=True),
                        when="pays", incremental=False)
    assert result.executed and "at least 1.00" in result.reason, result
    # the columns laid out are those the payoff weighed: chosen from the scans since the last
    # clustering, not from the whole log, whose s_city scans outnumber them
    scans = sum(times for _, times in SHIFTED)
    assert result.layout["hudilayout.auto"].startswith(f"{scans} scans recorded"), result.layout
    assert set(result.layout["hudilayout.columns"].split(",")) <= {"lo_orderdate", "lo_discount", "lo_quantity"}, \
        result.layout
    assert fingerprint(scan.read(spark, shifted, skipping=False)) == expected
    after = _run(spark, shifted, SHIFTED)
    print(f"shifted queries' files read: {before} before, {after} after; {result.reason}")
    assert sum(after) <= 0.7 * sum(before), (before, after)


def test_auto_on_the_continuous_plan_is_weighed_on_the_columns_it_chose(spark, pays_table, tmp_path):
    # the plan chooses the columns and samples the table once; the payoff weighs the plan on them
    path, expected, target = pays_table
    table = str(tmp_path / "continuous")
    shutil.copytree(path, table)
    shutil.rmtree(queries.log_folder(table), ignore_errors=True)
    before = _run(spark, table, SHIFTED)
    # every partition planned, whether or not an earlier test clustered the table this copies
    result = hl.cluster(spark, table, hl.LayoutOptions.auto(GIVEN, continuous=True, target_file_bytes=target),
                        when="pays", incremental=False)
    assert result.executed and "at least 1.00" in result.reason, result
    scans = sum(times for _, times in SHIFTED)
    assert result.layout["hudilayout.pays"].startswith(f"{scans} scans since the last clustering"), result.layout
    assert result.layout["hudilayout.auto"].startswith(f"{scans} scans recorded"), result.layout
    assert set(result.layout["hudilayout.columns"].split(",")) <= {"lo_orderdate", "lo_discount", "lo_quantity"}, \
        result.layout
    assert fingerprint(scan.read(spark, table, skipping=False)) == expected
    after = _run(spark, table, SHIFTED)
    assert sum(after) < sum(before), (before, after)


def test_inline_clustering_waits_until_it_pays(spark, tmp_path):
    path = str(tmp_path / "inline")
    first = lineorder.frame(spark, ROWS, 43).repartition(FILES_IN).localCheckpoint()
    opts = {"hoodie.bulkinsert.shuffle.parallelism": str(FILES_IN), "hoodie.bulkinsert.sort.mode": "NONE"}
    hl.write(first, path, hl.LayoutOptions(GIVEN), table="t_pays_inline", record_key="lo_key",
             operation="bulk_insert", extra=opts)
    layout = _layout(tables.file_bytes(path).target(FILES_OUT), inline=True, every_n_commits=1, when="pays")
    assert layout.is_continuous

    def more(seed):
        rows = lineorder.frame(spark, 100, seed).withColumn("lo_key", F.col("lo_key") + seed * 10 ** 6)
        hl.write(rows, path, layout, table="t_pays_inline", record_key="lo_key", operation="insert")

    more(44)
    assert not timeline.clustering_commits(spark, path), "clustered with no queries recorded"
    _run(spark, path, [POINT])
    more(45)
    commits = timeline.clustering_commits(spark, path)
    assert len(commits) == 1, commits
    assert commits[0]["extra"]["hudilayout.pays"].startswith(f"{POINT[1]} scans since the last clustering"), \
        commits[0]["extra"]
    assert scan.read(spark, path, skipping=False).count() == ROWS + 200
