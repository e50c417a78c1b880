"""Our strategy on a multi-JVM cluster: Spark's ``local-cluster`` master runs a standalone master and
workers, each executor its own JVM that gets the plugin jar and the Hudi bundle the way a real
cluster does (shipped by Spark from the driver's ``spark.jars`` / ``--jars``). This is where state
kept in a static field on the driver, or a closure that does not serialize, breaks.

Table: 3,000 order lines bulk-inserted in random order as 12 files, then 200 of them updated and 600
new rows upserted, then 300 more new rows, in a driver of its own on ``local-cluster[2,1,1024]``
(two executor JVMs) with inline clustering every 2 commits (our default layout: it clusters inside
the second write). Then ``hudi-layout clustering scheduleAndExecute --sparkMaster
local-cluster[1,2,1024]`` (the spark-submit job, one executor JVM with 2 cores) clusters it again
with the continuous plan.
The writes are the module's fixture; the inline clustering and the job are a test each, in order.
Expected: both clusterings complete with our strategy on the timeline; the first driver's tasks
ran on executors 0 and 1 and the job's on executor 0 (Spark's event log), none on a driver; after
each, the table holds exactly the rows a model of the writes predicts, and point queries return
the same keys and read fewer files than the 12 the first write left.

Every JVM here skips JOL's attach attempts (``jol.skipHotspotSAAttach``, ``jol.skipDynamicAttach``):
on a stock JDK they fail after starting helper JVMs, and JOL takes the same fallback. The drivers
and executors compile with C1 alone and run queries interpreted, as conftest.py's drivers do.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from pyspark.sql import functions as F

import hudi_layout as hl
from hudi_layout import tables, timeline
from conftest import SKIP_JOL_ATTACH, TEST_JVM
from data import lineorder
from hudi_layout.options import CONTINUOUS_PLAN, PLAN_CLASS_KEY
from tablecheck import fingerprint, point_query

REPO = Path(__file__).resolve().parents[1]
MASTER = "local-cluster[2,1,1024]"  # the inline writes: tasks spread over two executor JVMs
JOB_MASTER = "local-cluster[1,2,1024]"  # the job: one executor JVM, two cores
#: the executors take the drivers' JVM flags (conftest.py's TEST_JVM): C1 alone and the parallel
#: collector, since C2's and G1's threads would take the cores from the tasks of a job this small
EXECUTOR_OPTS = f"{SKIP_JOL_ATTACH} {TEST_JVM}"
COLUMNS = list(lineorder.FILTER_COLUMNS)
TARGET = 500_000  # about 1,000 order lines a file beside Hudi's default bloom filter (about 431 KB)
PROBES = [("s_city", "GERMANY  2"), ("c_city", "VIETNAM  2")]
pytestmark = [pytest.mark.spark, pytest.mark.slow]


def _run_logged(tmp_path: Path, name: str, command) -> tuple:
    """Run ``command`` with Spark's event log on (a spark-defaults.conf in its own SPARK_CONF_DIR);
    return the finished process and the executor ids the log shows tasks ending on. The driver
    (``SPARK_SUBMIT_OPTS``) and executors skip JOL's attach attempts."""
    conf, log = tmp_path / f"conf-{name}", tmp_path / f"events-{name}"
    conf.mkdir()
    log.mkdir()
    (conf / "spark-defaults.conf").write_text(f"spark.eventLog.enabled true\nspark.eventLog.dir {log.as_uri()}\n"
                                              f"spark.executor.extraJavaOptions {EXECUTOR_OPTS}\n")
    env = dict(os.environ, SPARK_CONF_DIR=str(conf))  # the drivers' options: conftest's SPARK_SUBMIT_OPTS
    run = subprocess.run(command, capture_output=True, text=True, timeout=900, env=env, cwd=str(tmp_path))
    executors = set()
    for f in log.iterdir():
        for line in f.read_text().splitlines():
            event = json.loads(line)
            if event.get("Event") == "SparkListenerTaskEnd":
                executors.add(event["Task Info"]["Executor ID"])
    return run, executors


@dataclass
class Written:
    """The table after the inline writes, the model's fingerprint and the probes' keys, and the
    executors the writes' tasks ran on."""
    path: str
    want: tuple
    keys: dict
    executors: set


@pytest.fixture(scope="module")
def written(spark, tmp_path_factory) -> Written:
    """The three writes, in a driver of its own on ``MASTER`` with inline clustering every 2 commits."""
    tmp_path = tmp_path_factory.mktemp("local_cluster")
    path = str(tmp_path / "table")
    first = lineorder.frame(spark, 3000, 81)
    first.write.parquet(str(tmp_path / "first"))
    updated = first.orderBy("lo_key").limit(200).withColumn("lo_quantity", F.col("lo_quantity") + 1000)
    new = lineorder.frame(spark, 600, 82) \
        .withColumn("lo_key", F.col("lo_key") + 10 ** 9)
    updated.unionByName(new).write.parquet(str(tmp_path / "second"))
    third = lineorder.frame(spark, 300, 83) \
        .withColumn("lo_key", F.col("lo_key") + 2 * 10 ** 9)
    third.write.parquet(str(tmp_path / "third-keyed"))
    # the model of the writes, computed once for the fingerprint and the probes' keys
    expected = (first.join(updated.select("lo_key"), "lo_key", "left_anti").unionByName(updated)
                .unionByName(new).unionByName(third)).localCheckpoint()
    want = fingerprint(expected)
    keys = {(c, v): sorted(r[0] for r in expected.where(F.col(c) == v).select("lo_key").collect()) for c, v in PROBES}

    run, executors = _run_logged(tmp_path, "write", [
        sys.executable, str(REPO / "integration" / "jobs" / "inline_write.py"), path, str(tmp_path / "first"),
        str(tmp_path / "second"), str(tmp_path / "third-keyed"), "--columns", ",".join(COLUMNS),
        "--target", str(TARGET), "--master", MASTER])
    assert run.returncode == 0, run.stderr[-4000:]
    return Written(path, want, keys, executors)


def _rows_and_probes(spark, written: Written) -> None:
    """The table holds the model's rows; each probe returns its keys from fewer than 12 files."""
    assert fingerprint(spark.read.format("hudi").load(written.path)) == written.want
    for (column, value), expected_keys in written.keys.items():
        got, files = point_query(spark, written.path, column, value)
        assert got == expected_keys and files < 12, (column, files)


def test_inline_clustering_on_a_multi_jvm_cluster(spark, written):
    assert written.executors == {"0", "1"}, written.executors
    inline = timeline.clustering_commits(spark, written.path)[0]
    assert inline["extra"]["hudilayout.strategy"] == hl.clustering.STRATEGY_CLASS, inline["extra"]
    # inline clustering is continuous by default: the first one lays the table out and records its grid
    assert inline["extra"]["hudilayout.continuous"].startswith("full"), inline["extra"]
    _rows_and_probes(spark, written)


def test_the_clustering_job_on_a_multi_jvm_cluster(spark, written):
    path = written.path
    total = tables.table_bytes(path)
    run, executors = _run_logged(Path(path).parent, "job", [
        sys.executable, "-m", "hudi_layout", "clustering", "scheduleAndExecute", "--path", "table",
        "--propsFilePath", str(REPO / "conf" / "hudi-layout.properties"), "--sparkMaster", JOB_MASTER,
        "--hoodieConfigs", f"{PLAN_CLASS_KEY}={CONTINUOUS_PLAN}",
        f"hoodie.clustering.plan.strategy.target.file.max.bytes={TARGET}",
        f"hoodie.clustering.plan.strategy.small.file.limit={total * 4}",
        f"hoodie.clustering.plan.strategy.max.bytes.per.group={total * 4}"])
    assert run.returncode == 0, (run.stdout, run.stderr[-4000:])
    scheduled, completed = run.stdout.splitlines()
    assert completed.startswith(f"completed {scheduled.split()[1]} operation=CLUSTER "), run.stdout
    assert executors == {"0"}, executors
    commits = timeline.clustering_commits(spark, path)
    # the job's continuous plan lays the upserted rows on the grid the inline clustering recorded
    assert len(commits) == 2 and commits[1]["extra"]["hudilayout.continuous"].startswith("delta"), commits[1]["extra"]
    _rows_and_probes(spark, written)
