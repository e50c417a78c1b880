"""Killed and failing clustering jobs lose, duplicate and change no row.

Each scenario runs our clustering in its own Spark driver (integration/jobs/cluster_table.py, a
subprocess in its own process group) on a copy-on-write table of 40,000 order lines (6,000 where
nothing is killed) in 12 files, laid out into FILES files. The expected count + checksum is
computed once, from the rows written. Each check of the table's rows is one read: count + checksum,
and after the clustering also distinct keys.

- Killed driver: SIGKILL to the job's process group once the clustering is inflight and the
  first of its data files exists. Expected: no completed replacecommit; the table reads exactly
  its previous rows; the clustering is pending; the next run (executing the same instant) rolls
  the attempt back and completes it; the final table has every row once, in FILES files.
- Task failing once: the test-only FailOncePlugin fails the first task of the clustering's write
  stage (FILES partitions); Spark retries it (local[2,3]). Expected: one completed clustering,
  every row once, FILES files, no leftovers of the failed attempt in the snapshot.
"""
from __future__ import annotations

import math
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from pyspark.sql import functions as F

import hudi_layout as hl
from hudi_layout import tables, timeline
from data import lineorder
from killing import clusterings_started, kill_once_writing
from tablecheck import fingerprint, fingerprint_and_keys, point_query

REPO = Path(__file__).resolve().parents[1]
JOB = REPO / "integration" / "jobs" / "cluster_table.py"
COLUMNS = list(lineorder.FILTER_COLUMNS)
PROBES = [("s_city", "GERMANY  2"), ("c_city", "VIETNAM  2"), ("p_brand", "MFGR#1440")]
ROWS, FILES_IN, FILES = 40_000, 12, 5
NEW = 40_000  # rows the continuous scenario adds: a delta that takes long enough to be caught writing
FAIL_ROWS = 6_000  # the task-failure scenario's table: it kills nothing, so it needs no long write
BULK = {"hoodie.bulkinsert.shuffle.parallelism": str(FILES_IN), "hoodie.bulkinsert.sort.mode": "NONE"}

pytestmark = [pytest.mark.spark, pytest.mark.faults, pytest.mark.slow]


def _table(spark, tmp_path, seed, rows=ROWS):
    df = lineorder.frame(spark, rows, seed).repartition(FILES_IN)
    path = str(tmp_path / "table")
    hl.write(df, path, hl.LayoutOptions(COLUMNS), table="t_faults", record_key="lo_key",
             operation="bulk_insert", extra=BULK)
    target = math.ceil(tables.table_bytes(path) / FILES) + 1
    return path, df, target


def _layout(target):
    return hl.LayoutOptions(COLUMNS, target_file_bytes=target, small_file_bytes=1 << 40,
                            max_bytes_per_group=1 << 40)


def _job(path, target, log, *extra):
    cmd = [sys.executable, str(JOB), path, "--columns", ",".join(COLUMNS), "--target", str(target), *extra]
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=open(log, "w"), text=True,
                            start_new_session=True, cwd=str(REPO))


def _assert_every_row_once(spark, path, expected, rows=ROWS):
    """The table reads exactly the rows ``expected`` fingerprints, every key once (one read), in
    FILES files."""
    table = spark.read.format("hudi").load(path)
    found, keys = fingerprint_and_keys(table, "lo_key")
    assert found == expected and keys == rows, (found, expected, keys)
    # the snapshot holds the clustering's files only, none left from a failed attempt
    files = table.select(F.input_file_name()).distinct().count()
    assert files == FILES, files


def test_killed_driver_mid_write_loses_nothing_and_the_next_run_completes(spark, tmp_path):
    path, df, target = _table(spark, tmp_path, 71)
    before = fingerprint(df)  # the rows written, counted once from their source
    files_before = {c: point_query(spark, path, c, v)[1] for c, v in PROBES}
    job = _job(path, target, tmp_path / "job.log")
    instant, written = kill_once_writing(job, path, tmp_path / "job.log")
    assert job.returncode == -signal.SIGKILL
    assert instant not in [c["instant"] for c in timeline.clustering_commits(spark, path)]

    # Readers see exactly the rows from before; the clustering is pending.
    assert fingerprint(spark.read.format("hudi").load(path)) == before
    assert hl.pending(spark, path) == [instant]

    # The next run rolls the killed attempt back and completes the same plan.
    result = hl.execute(spark, path, instant, _layout(target))
    assert result.executed and int(result.layout["hudilayout.files"]) == FILES
    assert hl.pending(spark, path) == []
    _assert_every_row_once(spark, path, before)
    files_after = {c: point_query(spark, path, c, v)[1] for c, v in PROBES}
    assert all(files_after[c] < files_before[c] for c in files_before), (files_before, files_after)
    print(f"killed with {len(written)} of {FILES} files of {instant} started")


def test_a_task_failing_once_is_retried_and_writes_every_row_once(spark, tmp_path):
    # no kill to time here: a small table does (FILES write tasks, one of them failed once)
    path, df, target = _table(spark, tmp_path, 72, FAIL_ROWS)
    marker = tmp_path / "failed-task"
    job = _job(path, target, tmp_path / "job.log", "--master", "local[2,3]",
               "--fail-once-match", "Clustering records", "--fail-once-partitions", str(FILES),
               "--fail-once-marker", str(marker))
    out, _ = job.communicate(timeout=600)
    assert job.returncode == 0, out + (tmp_path / "job.log").read_text()[-3000:]
    assert marker.exists(), "no task was failed: " + out
    assert f"/{FILES} attempt=0" in marker.read_text(), marker.read_text()
    commits = timeline.clustering_commits(spark, path)
    assert len(commits) == 1 and int(commits[0]["extra"]["hudilayout.files"]) == FILES
    _assert_every_row_once(spark, path, fingerprint(df), FAIL_ROWS)


def test_a_killed_continuous_clustering_of_new_rows_is_retried_on_the_recorded_grid(spark, tmp_path):
    """Continuous plan: the first clustering lays the table out and records its grid; new
    rows (NEW, as many as the table holds) are bulk-inserted as 4 files; the clustering of those (a
    delta on the grid, every region due by its share of them and, with region_files=1, split) is
    killed mid-write. Expected: readers see exactly the rows from before it, it is pending, and
    re-executing the same instant completes it: every row once, the commit a delta of the 4 new
    files that split regions, its tree the recorded root grid with the splits, and every file of
    the table inside one region of that tree."""
    from hudi_layout import report
    path, df, _ = _table(spark, tmp_path, 73)
    # the continuous plan sizes files by their rows: FILES files first, then files of half their rows,
    # so that a region with as many new rows again is laid out into several files and splits
    sized = tables.file_bytes(path)
    target = sized.target(2 * FILES)
    first = hl.cluster(spark, path, _layout(sized.target(FILES)).replace(continuous=True))
    grid = first.layout["hudilayout.continuous.grid."]
    assert first.layout["hudilayout.continuous"].startswith("full")
    new = lineorder.frame(spark, NEW, 74) \
        .withColumn("lo_key", F.col("lo_key") + 10 * ROWS).repartition(4)
    # plain files spanning every region (continuous=False: not on the grid, as a default write on a
    # table laid out before would put them)
    hl.write(new, path, hl.LayoutOptions(COLUMNS, continuous=False), table="t_faults", record_key="lo_key",
             operation="bulk_insert", extra=dict(BULK, **{"hoodie.bulkinsert.shuffle.parallelism": "4"}))
    before = fingerprint(df.unionByName(new))  # the rows written, counted once from their source

    earlier = clusterings_started(path)
    job = _job(path, target, tmp_path / "job.log", "--continuous", "--region-files", "1")
    instant, written = kill_once_writing(job, path, tmp_path / "job.log", earlier)
    assert job.returncode == -signal.SIGKILL
    assert instant not in [c["instant"] for c in timeline.clustering_commits(spark, path)]
    assert fingerprint(spark.read.format("hudi").load(path)) == before
    assert hl.pending(spark, path) == [instant]

    result = hl.execute(spark, path, instant, _layout(target).replace(continuous=True, region_files=1))
    assert result.executed and hl.pending(spark, path) == []
    said = result.layout["hudilayout.continuous"]
    assert said.startswith("delta (4 new file(s)") and "; split: " in said, result.layout
    assert result.layout["hudilayout.continuous.grid."].startswith(grid + "|"), result.layout
    found, keys = fingerprint_and_keys(spark.read.format("hudi").load(path), "lo_key")  # one read
    assert found == before and keys == ROWS + NEW, (found, before, keys)
    [part] = report.continuous_regions(spark, path)
    assert part["new_files"] == 0 and part["splits"] > 0, part
    print(f"killed with {len(written)} files of the delta {instant} started")
