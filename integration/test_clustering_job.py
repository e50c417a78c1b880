"""The spark-submit clustering job (``dev.hudilayout.ClusteringJob``, HoodieClusteringJob's command
line) on a real table, each run in its own driver through the installed pyspark's spark-submit.

Table: 3,000 order lines bulk-inserted in random order as 12 files, one per test. Options from
conf/hudi-layout.properties (``--props``) and ``--hoodie-conf`` for the sizes.
Expected: bad input (here a misspelt key of ours; the other refusals are JUnit's
ClusteringJobTest) exits with 2 and our error before anything is written; ``--mode schedule`` prints the instant it planned and
``--mode execute`` (no instant: the oldest pending) completes it with our layout, rows unchanged,
fewer files per point query; ``--mode purgePending`` removes a scheduled plan and keeps every row;
``--mode scheduleAndExecute`` plans and runs in one go. The happy path runs through
``hudi-layout clustering schedule|show|run|purge`` (hudi-cli's verbs and option names, a relative
``--path``), which prints the job's report lines and exits with its status.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import hudi_layout as hl
from hudi_layout import tables, timeline
from data import lineorder
from hudi_layout.cli.clustering import report_lines
from hudi_layout.jarpaths import jars
from tablecheck import fingerprint, point_query

REPO = Path(__file__).resolve().parents[1]
COLUMNS = list(lineorder.FILTER_COLUMNS)
pytestmark = [pytest.mark.spark, pytest.mark.slow]


def _job(path: str, *args: str, sizes=()) -> subprocess.CompletedProcess:
    from pyspark.find_spark_home import _find_spark_home
    plugin, bundle = jars()
    command = [os.path.join(_find_spark_home(), "bin", "spark-submit"), "--master", "local[2]",
               "--conf", "spark.ui.enabled=false", "--class", "dev.hudilayout.ClusteringJob", "--jars", bundle, plugin,
               "--base-path", path, "--table-name", "t_job", "--props", str(REPO / "conf" / "hudi-layout.properties")]
    for kv in sizes:
        command += ["--hoodie-conf", kv]
    return subprocess.run(command + list(args), capture_output=True, text=True, timeout=600)


def _cli(folder: Path, verb: str, *configs: str) -> subprocess.CompletedProcess:
    """``hudi-layout clustering VERB`` with hudi-cli's option names, run from ``folder`` with a relative path."""
    return subprocess.run([sys.executable, "-m", "hudi_layout", "clustering", verb, "--path", "table",
                           "--propsFilePath", str(REPO / "conf" / "hudi-layout.properties"), "--sparkMaster", "local[2]",
                           "--hoodieConfigs", *configs], cwd=str(folder), capture_output=True, text=True, timeout=600)


def _table(spark, path: str, seed: int):
    """3,000 order lines bulk-inserted in random order as 12 files; the rows, and the job's sizes
    (a quarter of the table a file, every file small, one group)."""
    df = lineorder.frame(spark, 3000, seed).repartition(12).localCheckpoint()
    df.write.format("hudi").options(**tables.cow_table_options("t_job", "lo_key", COLUMNS, 12)).mode("overwrite").save(path)
    total = tables.table_bytes(path)
    sizes = [f"hoodie.clustering.plan.strategy.target.file.max.bytes={total // 4 + 1}",
             f"hoodie.clustering.plan.strategy.small.file.limit={total * 4}",
             f"hoodie.clustering.plan.strategy.max.bytes.per.group={total * 4}"]
    return df, total, sizes


def test_the_clustering_job_refuses_then_schedules_shows_and_runs(spark, tmp_path):
    path = str(tmp_path / "table")
    df, _, sizes = _table(spark, path, 71)
    expected = fingerprint(df)
    _, files_before = point_query(spark, path, "s_city", "GERMANY  2")

    # one refusal through spark-submit (the others: ClusteringJobTest, in JUnit)
    run = _job(path, "--mode", "schedule", "--hoodie-conf", "hoodie.hudilayout.alinged=true", sizes=sizes)
    assert run.returncode == 2 and "error: Unknown option hoodie.hudilayout.alinged = 'true': hudi-layout has no such " \
        "key. Did you mean hoodie.hudilayout.aligned?" in run.stdout, (run.stdout, run.stderr[-2000:])
    assert hl.pending(spark, path) == [] and timeline.clustering_commits(spark, path) == []

    # hudi-cli's verbs and option names run the same job (relative paths as typed)
    run = _cli(tmp_path, "schedule", *sizes)
    assert run.returncode == 0, run.stderr[-3000:]
    [scheduled] = hl.pending(spark, path)
    assert run.stdout.splitlines() == [f"scheduled {scheduled}"], run.stdout
    run = _cli(tmp_path, "show", *sizes)
    assert run.returncode == 0 and run.stdout.splitlines() == [f"{scheduled} REQUESTED"], (run.stdout, run.stderr[-2000:])
    run = _cli(tmp_path, "run", *sizes)
    assert run.returncode == 0, run.stderr[-3000:]
    [done] = run.stdout.splitlines()
    assert done.startswith(f"completed {scheduled} operation=CLUSTER files=12->4 ") and \
        "hudilayout.strategy=dev.hudilayout." in done, done
    assert fingerprint(spark.read.format("hudi").load(path)) == expected
    _, files_after = point_query(spark, path, "s_city", "GERMANY  2")
    assert files_after < files_before


def test_the_clustering_job_purges_a_plan_then_schedules_and_executes(spark, tmp_path):
    path = str(tmp_path / "table")
    df, total, sizes = _table(spark, path, 72)
    expected = fingerprint(df)
    # a plan to purge, scheduled in the test's own session (the job's --mode schedule runs in the
    # test above, through the cli's schedule verb: a driver of its own here would check nothing more)
    hl.cluster(spark, path, hl.LayoutOptions(COLUMNS, target_file_bytes=total // 4 + 1, small_file_bytes=total * 4,
                                             max_bytes_per_group=total * 4), execute=False)
    [scheduled] = hl.pending(spark, path)
    run = _cli(tmp_path, "purge", *sizes)
    assert run.returncode == 0 and run.stdout.splitlines() == [f"purged {scheduled}"], (run.stdout, run.stderr[-3000:])
    assert hl.pending(spark, path) == [] and timeline.clustering_commits(spark, path) == []
    assert fingerprint(spark.read.format("hudi").load(path)) == expected

    run = _job(path, "--mode", "scheduleAndExecute", sizes=sizes)
    assert run.returncode == 0, run.stderr[-3000:]
    lines = report_lines(run.stdout)
    assert lines[0].startswith("scheduled ") and lines[1].startswith(f"completed {lines[0].split()[1]} "), lines
    assert len(timeline.clustering_commits(spark, path)) == 1 and hl.pending(spark, path) == []
    assert fingerprint(spark.read.format("hudi").load(path)) == expected
