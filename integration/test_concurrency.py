"""A writer upserting in a loop while clustering with our strategy runs in another Spark driver,
both under optimistic concurrency with Hudi's file-system lock (works on one machine), with
``writers_first`` (the default): the clustering gives way to the writes.

Table: 6,000 order lines in 12 files, laid out once by the continuous layout (files of about a fifth
of the table), then as many rows again written on the grid: a pending layer in every region. The
clustering job (integration/jobs/cluster_table.py --occ --continuous), one child driver per case,
schedules and executes a clustering every 1 s, CLUSTER_ROUNDS times (merge_fraction 0.01,
region_files 1: its first clustering finds every region due and splits it). With late updates it
tries up to LATE_TRIES times and stops at the first that completes: even a plan that leaves out
what the writes touch gives way to a write still finding its rows' files (on Hudi 1.2 a clustering
loses to a requested write, whose files are not known yet). Once the first is scheduled, this
test upserts ROUNDS rounds without a pause. With late updates, if no clustering has completed by
then, the writer pauses before each further round (up to MAX_ROUNDS), as a stream waits for its
trigger: until the job reports a clustering completed, or WAIT seconds. Each round inserts 150
new rows and updates 150 stored ones (lo_tax = round), either
- ``late``: rows the round before inserted (late-arriving rows; the first round updates none), or
- ``spread``: rows drawn from the whole table.
A write refused or failed because of the clustering would be retried (at most RETRIES times) and
counted. The model of the rounds is computed once, at the end: each key's latest version.
Expected, both ways: no write is refused or retried. The table ends with exactly the modelled rows
(count + checksum over every data column), every key once, from one read. The clustering records
the grid once; later ones are deltas on its tree. With late updates the plan leaves out what the
writes touch: a clustering completes while the upserts run, and splits regions. With spread
updates the job's first clustering overlaps the upserts: it gives way (counted) or completes after
the first began. Once the upserts stop, a clustering completes."""
from __future__ import annotations

import subprocess
import sys
import threading
import time
from functools import reduce
from pathlib import Path

import pytest
from pyspark.sql import Window
from pyspark.sql import functions as F

import hudi_layout as hl
from hudi_layout import tables, timeline
from data import lineorder
from tablecheck import fingerprint, fingerprint_and_keys

REPO = Path(__file__).resolve().parents[1]
JOB = REPO / "integration" / "jobs" / "cluster_table.py"
COLUMNS = list(lineorder.FILTER_COLUMNS)
ROWS, ROUNDS, MAX_ROUNDS, CLUSTER_ROUNDS, LATE_TRIES, RETRIES = 6000, 4, 12, 2, 6, 5
WAIT = 60  # seconds a paused writer waits for the job's clustering to complete
OCC = {
    "hoodie.write.concurrency.mode": "OPTIMISTIC_CONCURRENCY_CONTROL",
    "hoodie.write.lock.provider": "org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider",
    "hoodie.clean.failed.writes.policy": "LAZY",
}

pytestmark = [pytest.mark.spark, pytest.mark.faults, pytest.mark.slow]


@pytest.mark.parametrize("updates", ["late", "spread"])
def test_upserts_while_clustering_runs_are_never_refused_and_end_with_the_modelled_rows(spark, tmp_path, updates):
    base = lineorder.frame(spark, ROWS, 81).repartition(12).cache()
    path = str(tmp_path / "table")
    layout = hl.LayoutOptions(COLUMNS)
    hl.write(base, path, layout, table="t_occ", record_key="lo_key", operation="bulk_insert",
             extra={"hoodie.bulkinsert.shuffle.parallelism": "12", "hoodie.bulkinsert.sort.mode": "NONE", **OCC})
    # laid out once (files of about a fifth of the table), then as many rows again written on the
    # grid: a pending layer in every region. The job's clusterings (files of a tenth of the table,
    # sized by rows: laid-out rows compress better than the random ones the sizes come from) find
    # every region due (merge_fraction 0.01) and lay it out again into about three files, so the
    # first splits each one (region_files 1) while the upserts run
    sized = tables.file_bytes(path)
    target = sized.target(10)
    split = hl.LayoutOptions(COLUMNS, continuous=True, target_file_bytes=target, merge_fraction=0.01, region_files=1)
    hl.cluster(spark, path, split.replace(target_file_bytes=sized.target(5)), extra=OCC)
    more = lineorder.frame(spark, ROWS, 82) \
        .withColumn("lo_key", F.col("lo_key") + 10 ** 9).repartition(4).cache()  # past every round's keys
    hl.write(more, path, split, table="t_occ", record_key="lo_key", operation="bulk_insert", extra=OCC)
    base = base.unionByName(more).localCheckpoint()
    job_args = ["--target", str(target), "--continuous", "--region-files", "1", "--merge-fraction", "0.01"]
    job_args += ["--rounds", str(LATE_TRIES), "--until-completed"] if updates == "late" else ["--rounds",
                                                                                             str(CLUSTER_ROUNDS)]
    job = subprocess.Popen([sys.executable, str(JOB), path, "--columns", ",".join(COLUMNS), "--occ",
                            "--pause", "1"] + job_args,
                           stdout=subprocess.PIPE, stderr=open(tmp_path / "job.log", "w"), text=True,
                           cwd=str(REPO))
    # every version written, by round (0: the set-up's rows); keys of every row stored, for spread
    # updates (a drawn row's other columns are the same in every version: only lo_tax changes)
    versions, stored, refusals, upserts, inserted = [base.withColumn("_round", F.lit(0))], base, [], [], None
    try:
        first_line = ""
        while not first_line.startswith("scheduled"):  # JVM warnings (lines with '#') come first
            line = job.stdout.readline()
            assert line, "the job ended before it scheduled a clustering: " + (tmp_path / "job.log").read_text()[-3000:]
            first_line = line if not line.startswith("#") else ""
        started = _hudi_time(time.time())
        said = _follow(job)  # the job's later lines, as it prints them
        clustered = False  # late updates: a clustering had completed before the last round was written
        for r in range(1, MAX_ROUNDS + 1):
            if r > ROUNDS and (updates == "spread" or clustered):
                break
            if r > ROUNDS:  # late updates, no clustering completed yet: the writer pauses for one
                _wait_for(said, job, lambda line: line.startswith("completed"), WAIT)
            # looked at before the round's write, so the round follows the clustering it saw (one
            # that completed just after the last round would otherwise end the rounds unseen by any)
            clustered = updates == "late" and bool(timeline.clustering_commits(spark, path)[1:])
            source = stored if updates == "spread" else inserted
            inserts = (lineorder.frame(spark, 150, 100 + r)
                       .withColumn("lo_key", F.col("lo_key") + r * 10_000_000))
            batch = inserts
            if source is not None:
                batch = batch.unionByName(source.orderBy(F.xxhash64("lo_key", F.lit(r))).limit(150)
                                          .withColumn("lo_tax", F.lit(100 + r)))
            batch = batch.repartition(2).cache()
            for attempt in range(RETRIES):
                try:
                    hl.write(batch, path, layout, table="t_occ", record_key="lo_key", operation="upsert", extra=OCC)
                    break
                except Exception as e:  # refused or lost a conflict: the round did not commit; retry
                    refusals.append(_first_cause(e))
                    time.sleep(2)
            else:
                pytest.fail(f"round {r} did not commit in {RETRIES} attempts: {refusals}")
            upserts.append(r)
            versions.append(batch.withColumn("_round", F.lit(r)))
            inserted = inserts
            stored = stored.unionByName(inserts)
        job.wait(timeout=600)
        said.reader.join(timeout=60)
        out = first_line + "".join(said)
    finally:
        if job.poll() is None:
            job.kill()
    assert job.returncode == 0, out + (tmp_path / "job.log").read_text()[-3000:]
    lines = [line for line in out.splitlines() if line and not line.startswith("#")]
    gave_way = [line for line in lines if line.startswith("failed") and "gave way" in line]
    assert all("gave way" in line for line in lines if line.startswith("failed")), lines

    # the model: each key's latest version
    latest = Window.partitionBy("lo_key").orderBy(F.col("_round").desc())
    expected = (reduce(lambda a, b: a.unionByName(b), versions).withColumn("_n", F.row_number().over(latest))
                .where("_n = 1").drop("_n", "_round"))
    table = spark.read.format("hudi").load(path)
    (rows, hashed), keys = fingerprint_and_keys(table, "lo_key")  # one read of the table
    assert (rows, hashed) == fingerprint(expected)
    assert keys == rows == 2 * ROWS + 150 * len(upserts)
    assert refusals == [], refusals

    writes = [i for i in timeline.instants(spark, path) if i["action"] == "commit" and i["completed"]]
    assert len(writes) == len(upserts) + 2
    last = writes[-1]["completed"]
    clusterings = timeline.clustering_commits(spark, path)
    during = [c for c in clusterings[1:] if c["completed"] > started and c["instant"] < last]
    if updates == "late":
        # a clustering completed while the upserts ran: after the first began, before the last completed
        assert during, (started, out, writes)
    else:
        # the job's first clustering, scheduled before the upserts began, met them: it gave way, or
        # completed after the first upsert began
        first = first_line.split()[1]
        ended = [line for line in lines if line.split()[:2] in (["failed", first], ["completed", first])]
        assert ended and (ended[0] in gave_way or any(
            c["instant"] == first and c["completed"] > writes[2]["instant"] for c in clusterings)), (lines, writes)
        # the writes pause: the layout catches up (the job's last clustering, or the next one)
        if not any(c["completed"] > last for c in clusterings[1:]):
            assert hl.cluster(spark, path, split.replace(merge_fraction=0.5), extra=OCC).executed, lines
            clusterings = timeline.clustering_commits(spark, path)
    stages = [c["extra"]["hudilayout.continuous"].split(" ")[0] for c in clusterings]
    assert stages[0] == "full" and all(s == "delta" for s in stages[1:]), stages
    trees = [c["extra"]["hudilayout.continuous.grid."] for c in clusterings]
    assert len({t.split("|")[0] for t in trees}) == 1, trees
    # a split is never undone: every later tree keeps the earlier one's splits
    assert all(set(a.split("|")[1:]) <= set(b.split("|")[1:]) for a, b in zip(trees, trees[1:])), trees
    if updates == "late":
        assert any("; split: " in c["extra"]["hudilayout.continuous"] for c in clusterings[1:]), \
            [c["extra"]["hudilayout.continuous"] for c in clusterings] + lines
    print(f"{updates}: {len(upserts)} upsert rounds, {len(refusals)} retried; clusterings completed during the "
          f"upserts: {len(during)}, gave way: {len(gave_way)}; job: " + "; ".join(lines))


class _Lines(list):
    """The lines a job prints, appended by ``reader`` as they come."""
    reader: threading.Thread


def _follow(job: subprocess.Popen) -> _Lines:
    """Read the rest of ``job``'s output in a thread, into the list returned."""
    lines = _Lines()

    def read() -> None:
        for line in job.stdout:
            lines.append(line)

    lines.reader = threading.Thread(target=read, daemon=True)
    lines.reader.start()
    return lines


def _wait_for(lines: _Lines, job: subprocess.Popen, wanted, seconds: float) -> None:
    """Wait until one of ``lines`` is ``wanted``, the job has ended, or ``seconds`` have passed."""
    end = time.time() + seconds
    while time.time() < end and job.poll() is None and not any(wanted(line) for line in list(lines)):
        time.sleep(0.5)


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
