"""The plugin on an older Hudi line: the compatibility suite ``make test-compat`` runs once per line.

Each run is one pytest session whose Spark session takes its Hudi bundle and its plugin jar from
``HUDI_LAYOUT_HUDI_VERSION`` (0.15.0 or 1.0.2; unset, 1.2.0), as a user's ``configure_spark`` does.
Tables are small (thousands of order lines, tests/data/lineorder.py, tens of files), written in random order with the
column-stats index on s_city, c_city, p_brand.

Expected, on every line:
- the session runs the plugin jar built for its line, on that line's bundle;
- the default clustering keeps every row and reads fewer files per point query, and its
  replacecommit is on the timeline with our layout recorded; the files it wrote (their keys, by
  ``compat/fingerprint.py``) go to target/compat/<line>.files.json, which compat/table.py holds
  against the other lines';
- the continuous layout over 3 rounds of upserts (updates of a tenth of earlier rows), copy-on-write and
  merge-on-read: rows exact after every round, the recorded grid carried from round to round, and
  a point query reading fewer files than the table holds;
- the continuous layout's first clustering of a freshly bulk-inserted table, then an upsert and a
  delta clustering, on the line's own table version (under Hudi 1.2, table version 6);
- the layout report reads the table;
- ``CALL run_clustering`` (Spark SQL) runs our strategy;
- a clustering whose driver is killed mid-write leaves the rows as they were, and the next run of
  the same instant completes it.
"""
from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
from pyspark.sql import functions as F

import fingerprint as table_fingerprint
import hudi_layout as hl
from data import lineorder
from hudi_layout import jarpaths, jvm, report, tables, timeline
from killing import kill_once_writing
from tablecheck import fingerprint, point_query

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "target" / "compat"
JOB = REPO / "integration" / "jobs" / "cluster_table.py"
COLUMNS = list(lineorder.FILTER_COLUMNS)
PROBES = [("s_city", "GERMANY  2"), ("c_city", "VIETNAM  2"), ("p_brand", "MFGR#1440")]
VERSION = jarpaths.resolve_version()
LINE = jarpaths.hudi_line(VERSION)
pytestmark = pytest.mark.spark


def _table(spark, tmp_path, rows: int, files: int, seed: int, name: str = "t_compat"):
    df = lineorder.frame(spark, rows, seed).repartition(files)
    df = df.localCheckpoint()
    path = str(tmp_path / name)
    hl.write(df, path, hl.LayoutOptions(COLUMNS), table=name, record_key="lo_key", operation="bulk_insert",
             extra={"hoodie.bulkinsert.shuffle.parallelism": str(files), "hoodie.bulkinsert.sort.mode": "NONE"})
    return path, df


def _layout(path: str, files: int, **extra) -> hl.LayoutOptions:
    sized = tables.file_bytes(path)  # the continuous plan sizes by rows and footers, Hudi's by bytes
    target = sized.target(files) if extra.get("continuous") else math.ceil(sized.total / files) + 1
    return hl.LayoutOptions(COLUMNS, target_file_bytes=target, small_file_bytes=1 << 40,
                            max_bytes_per_group=1 << 40, **extra)


def test_the_session_runs_the_plugin_built_for_its_hudi_line(spark):
    found = jvm.hudi_line(spark)
    assert found == {"line": LINE, "running": VERSION}, found


def test_the_default_clustering_keeps_every_row_and_reads_fewer_files(spark, tmp_path):
    path, df = _table(spark, tmp_path, 4000, 16, 11)
    before = {c: point_query(spark, path, c, v) for c, v in PROBES}
    assert all(files == 16 for _, files in before.values()), before

    result = hl.cluster(spark, path, _layout(path, 4))
    assert result.executed
    [commit] = timeline.clustering_commits(spark, path)
    assert commit["instant"] == result.instant
    assert commit["extra"]["hudilayout.strategy"] == "dev.hudilayout.SpaceCurveExecutionStrategy"
    assert int(commit["extra"]["hudilayout.files"]) == 4

    assert fingerprint(spark.read.format("hudi").load(path)) == fingerprint(df)
    for column, value in PROBES:
        keys, files = point_query(spark, path, column, value)
        assert keys == before[column][0]
        assert files < before[column][1], (column, before[column][1], files)
    # the files this line wrote, for compat/table.py to hold against the other lines'
    written = table_fingerprint.fingerprint(path)
    assert written["files"] == 4 and written["rows"] == 4000, written
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{LINE}.files.json").write_text(json.dumps({"version": VERSION, "default layout": written}))


@pytest.mark.skipif(LINE == "1.2", reason="on Hudi 1.2 tests/test_continuous.py shows it, on copy-on-write and "
                    "partitioned merge-on-read tables, with upserts after every clustering")
@pytest.mark.parametrize("table_type", ["COPY_ON_WRITE", "MERGE_ON_READ"])
def test_the_continuous_layout_over_rounds_of_upserts(spark, tmp_path, table_type):
    """3 rounds of 2,000 order lines, 8 files a round: round 1 bulk-inserted, later rounds upserted
    with a tenth of the rows already there updated (lo_tax, version), each round clustered with the
    continuous layout (4 files from round 1's bytes). After every round the table holds exactly the
    model's rows; the grid of round 1 is carried forward; a point query reads fewer files than the
    table holds."""
    path, layout, expected = str(tmp_path / "t_rounds"), None, None
    extra = {**tables.small_bloom(250), "hoodie.bulkinsert.shuffle.parallelism": "8",
             "hoodie.bulkinsert.sort.mode": "NONE", "hoodie.upsert.shuffle.parallelism": "8",
             "hoodie.compact.inline": "false"}
    for r in range(1, 4):
        batch = lineorder.frame(spark, 2000, 40 + r).withColumn("lo_key", F.col("lo_key") + r * 10 ** 6) \
            .withColumn("version", F.lit(r))
        if expected is not None:
            updates = expected.orderBy(F.xxhash64("lo_key", F.lit(r))).limit(200 * (r - 1)) \
                .withColumn("lo_tax", F.lit(90 + r)).withColumn("version", F.lit(r))
            batch = batch.unionByName(updates)
        batch = batch.repartition(8).localCheckpoint()
        hl.write(batch, path, layout or hl.LayoutOptions(COLUMNS, continuous=True), table="t_rounds",
                 record_key="lo_key", ordering="version", operation="upsert" if expected is not None else "bulk_insert",
                 table_type=table_type, extra=extra)
        expected = batch if expected is None else \
            expected.join(batch.select("lo_key"), "lo_key", "left_anti").unionByName(batch).localCheckpoint()
        layout = layout or _layout(path, 4, continuous=True)
        hl.cluster(spark, path, layout, extra=tables.small_bloom(250))
        assert fingerprint(spark.read.format("hudi").load(path)) == fingerprint(expected), r
    commits = timeline.clustering_commits(spark, path)
    assert len(commits) >= 2, commits
    grid = "hudilayout.continuous.grid."
    assert commits[0]["extra"]["hudilayout.continuous"].startswith("full"), commits[0]["extra"]
    assert all(c["extra"][grid] == commits[0]["extra"][grid] for c in commits[1:]), commits
    assert any(c["extra"]["hudilayout.continuous"].startswith("delta") for c in commits[1:]), commits
    # unclustered, rows in random order, a point query reads every file; laid out, fewer
    for row in report.report(spark, path, COLUMNS):
        assert row.avg_files < row.files, row


def test_the_report_reads_a_laid_out_table(spark, tmp_path):
    path, _ = _table(spark, tmp_path, 3000, 12, 21)
    hl.cluster(spark, path, _layout(path, 4))
    found = report.report(spark, path)  # the columns the layout recorded
    assert [r.column for r in found] == COLUMNS, found
    for row in found:
        assert row.files == 4 and row.probes > 0 and row.avg_files < 4, row


def test_run_clustering_in_spark_sql_runs_our_strategy(spark, tmp_path):
    path, df = _table(spark, tmp_path, 3000, 12, 31)
    opts = tables.layout_options(COLUMNS, "hilbert", "sample", tables.file_bytes(path), 4)
    for key in ("hoodie.clustering.plan.strategy.sort.columns", "hoodie.layout.optimize.strategy",
                "hoodie.metadata.index.column.stats.column.list"):
        opts.pop(key)
    options = ",".join(f"{k}={v}" for k, v in opts.items())
    spark.sql(f"CALL run_clustering(path => '{path}', op => 'scheduleAndExecute', options => '{options}', "
              f"order => '{','.join(COLUMNS)}', order_strategy => 'hilbert')").collect()
    [commit] = timeline.clustering_commits(spark, path)
    assert commit["extra"]["hudilayout.strategy"] == "dev.hudilayout.SpaceCurveExecutionStrategy"
    assert fingerprint(spark.read.format("hudi").load(path)) == fingerprint(df)


def test_a_killed_clustering_loses_nothing_and_the_next_run_completes_it(spark, tmp_path):
    path, df = _table(spark, tmp_path, 30_000, 12, 41)
    layout = _layout(path, 5)
    before = fingerprint(spark.read.format("hudi").load(path))
    log = tmp_path / "job.log"
    job = subprocess.Popen([sys.executable, str(JOB), path, "--columns", ",".join(COLUMNS),
                            "--target", str(layout.target_file_bytes)],
                           stdout=subprocess.PIPE, stderr=open(log, "w"), text=True, start_new_session=True,
                           cwd=str(REPO))
    instant, _ = kill_once_writing(job, path, log)
    assert instant not in [c["instant"] for c in timeline.clustering_commits(spark, path)]
    assert fingerprint(spark.read.format("hudi").load(path)) == before
    assert hl.pending(spark, path) == [instant]

    result = hl.execute(spark, path, instant, layout)
    assert result.executed and hl.pending(spark, path) == []
    table = spark.read.format("hudi").load(path)
    assert fingerprint(table) == fingerprint(df) and table.select("lo_key").distinct().count() == 30_000


# Hudi 1.2 writes table version 6 here (``hoodie.write.table.version=6``, while readers are still on
# 0.x); the older lines write their own version
V6 = {"hoodie.write.table.version": "6", "hoodie.write.auto.upgrade": "false"} if LINE == "1.2" else {}


def test_the_continuous_layout_of_a_fresh_table_then_an_upsert(spark, tmp_path):
    """The continuous layout's first clustering of a freshly bulk-inserted table, in a driver of its
    own (the spark-submit job) whose first read of the metadata table is the plan's, on a thread of
    the plan's own; then an upsert and a delta clustering here. The table keeps its version (6
    under Hudi 1.2) and every row is there once with its latest values."""
    df = (lineorder.frame(spark, 3000, 51).withColumn("version", F.lit(1))
          .repartition(12).localCheckpoint())
    path = str(tmp_path / "t_fresh")
    hl.write(df, path, hl.LayoutOptions(COLUMNS), table="t_fresh", record_key="lo_key", ordering="version",
             operation="bulk_insert",
             extra={**V6, "hoodie.bulkinsert.shuffle.parallelism": "12", "hoodie.bulkinsert.sort.mode": "NONE"})
    version = lambda: next(p.split("=", 1)[1] for p in (Path(path) / ".hoodie" / "hoodie.properties")  # noqa: E731
                           .read_text().splitlines() if p.startswith("hoodie.table.version="))
    written = version()
    assert written == "6" or not V6, written
    layout = _layout(path, 4, continuous=True)
    job = subprocess.run([sys.executable, str(JOB), path, "--columns", ",".join(COLUMNS), "--continuous",
                          "--target", str(layout.target_file_bytes)] + (["--table-version", "6"] if V6 else []),
                         capture_output=True, text=True, cwd=str(REPO))
    assert job.returncode == 0 and "completed" in job.stdout, job.stderr[-4000:]
    for column, value in PROBES:
        keys, files = point_query(spark, path, column, value)
        expected = sorted(r[0] for r in df.where(F.col(column) == value).select("lo_key").collect())
        assert keys == expected and files < 12, (column, files)

    new = lineorder.frame(spark, 600, 52).withColumn(
        "lo_key", F.col("lo_key") + 1_000_000).withColumn("version", F.lit(2))
    updates = df.orderBy("lo_key").limit(200).withColumn("lo_tax", F.lit(99)).withColumn("version", F.lit(2))
    batch = new.unionByName(updates).localCheckpoint()
    hl.write(batch, path, layout, table="t_fresh", record_key="lo_key", ordering="version", operation="upsert",
             extra=V6)
    hl.cluster(spark, path, layout, extra=V6)
    stages = [c["extra"]["hudilayout.continuous"].split(" ")[0] for c in timeline.clustering_commits(spark, path)]
    assert stages == ["full", "delta"], stages
    assert version() == written
    expected = df.join(updates.select("lo_key"), "lo_key", "left_anti").unionByName(batch)
    assert fingerprint(spark.read.format("hudi").load(path)) == fingerprint(expected)
