"""A writer upserting in a loop while clustering with our strategy runs in another Spark driver,
both under optimistic concurrency with Hudi's file-system lock (works on one machine).

Table: 6,000 SSB rows in 12 files. The clustering job (integration/jobs/cluster_table.py --occ)
schedules and executes a clustering every 2 s, CLUSTER_ROUNDS times. Once the first is scheduled,
this test upserts ROUNDS rounds (more, up to MAX_ROUNDS, until a clustering has completed): each
updates 150 existing keys (lo_tax = round) and inserts 150 new ones. Hudi
refuses an upsert into file groups a pending clustering is rewriting, and either side may lose a
conflict at commit; a refused round is retried until it commits (at most RETRIES times).
Expected: the table ends with exactly the rows the model of the rounds predicts (count + checksum
over every data column), every key once; at least one clustering overlapped the upserts. Run with
Hudi's size-based plan and with the continuous plan (which takes every file of the partition, so
it conflicts with more upserts; the table is laid out once and gets a write on the grid before the
job starts, and the job's clusterings are deltas on its region tree that lay every region out again
and split it (merge_fraction 0.01, region_files 1) while the upserts run: the root grid stays, no
split is undone, and a clustering split regions).
"""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from pyspark.sql import functions as F

import hudi_layout as hl
from hudi_layout import tables, timeline
from hudi_layout.tools import ssb
from tablecheck import fingerprint

REPO = Path(__file__).resolve().parents[1]
JOB = REPO / "integration" / "jobs" / "cluster_table.py"
COLUMNS = list(ssb.FILTER_COLUMNS)
ROWS, ROUNDS, MAX_ROUNDS, CLUSTER_ROUNDS, RETRIES = 6000, 6, 12, 3, 20
OCC = {
    "hoodie.write.concurrency.mode": "OPTIMISTIC_CONCURRENCY_CONTROL",
    "hoodie.write.lock.provider": "org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider",
    "hoodie.clean.failed.writes.policy": "LAZY",
}

pytestmark = [pytest.mark.spark, pytest.mark.faults]


@pytest.mark.parametrize("continuous", [False, True], ids=["size-based-plan", "continuous"])
def test_upserts_while_clustering_runs_end_with_the_modelled_rows(spark, tmp_path, continuous):
    base = spark.read.parquet(ssb.write_parquet(str(tmp_path / "src"), ROWS, 81)).repartition(12).cache()
    path = str(tmp_path / "table")
    layout = hl.LayoutOptions(COLUMNS)
    hl.write(base, path, layout, table="t_occ", record_key="lo_key", operation="bulk_insert",
             extra={"hoodie.bulkinsert.shuffle.parallelism": "12", "hoodie.bulkinsert.sort.mode": "NONE", **OCC})
    job_args = ["--target", "1500000"]
    if continuous:
        # laid out once (files of about a fifth of the table), then as many rows again written on
        # the grid: a pending layer in every region. The job's first clustering finds every region
        # due (merge_fraction 0.01) and laid out again into about two files, so it splits each one
        # (region_files 1) while the upserts run
        target = tables.table_bytes(path) // 5
        split = hl.LayoutOptions(COLUMNS, continuous=True, target_file_bytes=target, merge_fraction=0.01,
                                 region_files=1)
        hl.cluster(spark, path, split, extra=OCC)
        more = spark.read.parquet(ssb.write_parquet(str(tmp_path / "more"), ROWS, 82)) \
            .withColumn("lo_key", F.col("lo_key") + 10 ** 9).repartition(4).cache()  # past every round's keys
        hl.write(more, path, split, table="t_occ", record_key="lo_key", operation="bulk_insert", extra=OCC)
        base = base.unionByName(more).localCheckpoint()
        job_args = ["--target", str(target), "--continuous", "--region-files", "1", "--merge-fraction", "0.01"]
    job = subprocess.Popen([sys.executable, str(JOB), path, "--columns", ",".join(COLUMNS), "--occ", "--rounds",
                            str(CLUSTER_ROUNDS), "--pause", "2"] + job_args,
                           stdout=subprocess.PIPE, stderr=open(tmp_path / "job.log", "w"), text=True,
                           cwd=str(REPO))
    expected, refusals, upserts = base, [], []
    try:
        first_line = ""
        while not first_line.startswith("scheduled"):  # JVM warnings (lines with '#') come first
            line = job.stdout.readline()
            assert line, "the job ended before it scheduled a clustering: " + (tmp_path / "job.log").read_text()[-3000:]
            first_line = line if not line.startswith("#") else ""
        started = _hudi_time(time.time())
        for r in range(1, MAX_ROUNDS + 1):
            if r > ROUNDS and timeline.clustering_commits(spark, path):
                break
            updates = (expected.orderBy(F.xxhash64("lo_key", F.lit(r))).limit(150)
                       .withColumn("lo_tax", F.lit(100 + r)))
            inserts = (spark.read.parquet(ssb.write_parquet(str(tmp_path / f"new-{r}"), 150, 100 + r))
                       .withColumn("lo_key", F.col("lo_key") + r * 10_000_000))
            batch = updates.unionByName(inserts).repartition(2).cache()
            batch.count()
            for attempt in range(RETRIES):
                try:
                    hl.write(batch, path, layout, table="t_occ", record_key="lo_key", operation="upsert", extra=OCC)
                    break
                except Exception as e:  # refused or lost a conflict: the round did not commit; retry
                    refusals.append(_first_cause(e))
                    time.sleep(2)
            else:
                pytest.fail(f"round {r} did not commit in {RETRIES} attempts")
            upserts.append(r)
            expected = expected.join(batch.select("lo_key"), "lo_key", "left_anti").unionByName(batch)
            expected = expected.localCheckpoint()
        out, _ = job.communicate(timeout=600)
        out = first_line + out
    finally:
        if job.poll() is None:
            job.kill()
    assert job.returncode == 0, out + (tmp_path / "job.log").read_text()[-3000:]

    table = spark.read.format("hudi").load(path)
    assert fingerprint(table) == fingerprint(expected)
    assert table.select("lo_key").distinct().count() == table.count() == base.count() + 150 * len(upserts)

    writes = [i for i in timeline.instants(spark, path) if i["action"] == "commit" and i["completed"]]
    clusterings = timeline.clustering_commits(spark, path)
    assert len(writes) == len(upserts) + (2 if continuous else 1)
    last = writes[-1]["completed"]
    # a clustering ran while the upserts did: it completed after the first attempt began, and
    # began before the last upsert completed
    assert any(c["completed"] > started and c["instant"] < last for c in clusterings), \
        (started, out, writes, clusterings)
    if continuous:  # the first clustering records the grid, later ones lay new rows on its tree and split regions
        stages = [c["extra"]["hudilayout.continuous"].split(" ")[0] for c in clusterings]
        assert stages[0] == "full" and all(s == "delta" for s in stages[1:]), stages
        trees = [c["extra"]["hudilayout.continuous.grid."] for c in clusterings]
        assert len({t.split("|")[0] for t in trees}) == 1, trees
        assert any("; split: " in c["extra"]["hudilayout.continuous"] for c in clusterings[1:]), clusterings
        # a split is never undone: every later tree keeps the earlier one's splits
        assert all(set(a.split("|")[1:]) <= set(b.split("|")[1:]) for a, b in zip(trees, trees[1:])), trees
    print(f"{len(upserts)} upsert rounds, {len(refusals)} retried ({sorted(set(refusals))}); clustering job: "
          + "; ".join(line for line in out.splitlines() if line and not line.startswith("#")))


def _hudi_time(seconds: float) -> str:
    """A wall-clock time as a Hudi instant time (the table's timeline zone is local time)."""
    return time.strftime("%Y%m%d%H%M%S", time.localtime(seconds)) + f"{int(seconds * 1000) % 1000:03d}"


def _first_cause(error) -> str:
    """The Hudi exception class behind a failed write, e.g. HoodieWriteConflictException."""
    text = str(error)
    for word in text.replace(":", " ").split():
        if word.startswith("org.apache.hudi.exception."):
            return word.rsplit(".", 1)[1]
    return type(error).__name__
