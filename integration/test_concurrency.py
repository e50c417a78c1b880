"""A writer upserting in a loop while clustering with our strategy runs in another Spark driver,
both under optimistic concurrency with Hudi's file-system lock (works on one machine), with
``writers_first`` (the default): the clustering gives way to the writes.

Table: 6,000 order lines in 12 files, laid out once by the continuous layout (files of about a fifth
of the table), then as many rows again written on the grid: a pending layer in every region. The
clustering job (integration/jobs/cluster_table.py --occ --continuous) schedules and executes a
clustering every 1 s, CLUSTER_ROUNDS times (merge_fraction 0.01, region_files 1: its first
clustering finds every region due and splits it). Its Spark driver (``--serve``) starts once for
the module, beside the first case's table set-up, and each case sends it its table as one request.
Once the first is scheduled, this test upserts ROUNDS rounds (more, up to MAX_ROUNDS, until a
clustering has completed, for late updates): each inserts 150 new rows and updates 150 stored
ones (lo_tax = round), either
- ``late``: rows the round before inserted (late-arriving rows; the first round updates none), or
- ``spread``: rows drawn from the whole table.
A write refused or failed because of the clustering would be retried (at most RETRIES times) and
counted. Expected, both ways: no write is refused or retried; the table ends with exactly the rows
the model of the rounds predicts (count + checksum over every data column), every key once; the
clustering records the grid once and later ones are deltas on its tree. With late updates the
plan leaves out what the writes touch, so a clustering completes while the upserts run and
splits regions. With spread updates the clusterings that meet a write give way (rolled back, and
counted); one clustering after the upserts stop completes."""
from __future__ import annotations

import queue
import shlex
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from pyspark.sql import functions as F

import hudi_layout as hl
from hudi_layout import tables, timeline
from data import lineorder
from tablecheck import fingerprint, fingerprint_and_keys

REPO = Path(__file__).resolve().parents[1]
JOB = REPO / "integration" / "jobs" / "cluster_table.py"
COLUMNS = list(lineorder.FILTER_COLUMNS)
ROWS, ROUNDS, MAX_ROUNDS, CLUSTER_ROUNDS, RETRIES = 6000, 4, 12, 2, 5
OCC = {
    "hoodie.write.concurrency.mode": "OPTIMISTIC_CONCURRENCY_CONTROL",
    "hoodie.write.lock.provider": "org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider",
    "hoodie.clean.failed.writes.policy": "LAZY",
}

pytestmark = [pytest.mark.spark, pytest.mark.faults, pytest.mark.slow]


class _Driver:
    """The clustering job's driver (``cluster_table.py --serve``), started once for the module: each
    test sends it one request and reads its lines up to ``end``. It starts while the first test sets
    its table up. A test that stops before its request ended kills it; the next request starts
    another."""

    def __init__(self, log: Path):
        self.log = log
        self.proc = None
        self._start()

    def _start(self):
        self.proc = subprocess.Popen([sys.executable, str(JOB), "--serve"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=open(self.log, "a"), text=True,
                                     cwd=str(REPO))
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, args=(self.proc, self.lines), daemon=True).start()

    @staticmethod
    def _read(proc, lines):
        for line in iter(proc.stdout.readline, ""):
            lines.put(line)
        lines.put(None)  # the driver ended

    def request(self, args):
        if self.proc.poll() is not None:
            self._start()
        self.proc.stdin.write(shlex.join(args) + "\n")
        self.proc.stdin.flush()

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def line(self, timeout=600) -> str:
        """The job's next line; fails with its log if it ended (it ends only when the module does)."""
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            pytest.fail(f"the job printed nothing for {timeout} s: " + self.log.read_text()[-3000:])
        assert line is not None, "the job's driver ended: " + self.log.read_text()[-3000:]
        return line

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()


@pytest.fixture(scope="module")
def job(tmp_path_factory):
    driver = _Driver(tmp_path_factory.mktemp("cluster_job") / "job.log")
    yield driver
    driver.close()


@pytest.mark.parametrize("updates", ["late", "spread"])
def test_upserts_while_clustering_runs_are_never_refused_and_end_with_the_modelled_rows(spark, tmp_path, updates,
                                                                                       job):
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
    done = False
    try:
        job.request([path, "--columns", ",".join(COLUMNS), "--occ", "--rounds", str(CLUSTER_ROUNDS), "--pause", "1"]
                    + job_args)
        expected, refusals, upserts, inserted = base, [], [], None
        first_line = ""
        while not first_line.startswith("scheduled"):  # JVM warnings (lines with '#') come first
            line = job.line()
            assert line != "end\n", "the job's rounds ended before it scheduled a clustering"
            first_line = line if not line.startswith("#") else ""
        started = _hudi_time(time.time())
        for r in range(1, MAX_ROUNDS + 1):
            if r > ROUNDS and (updates == "spread" or timeline.clustering_commits(spark, path)[1:]):
                break
            source = expected if updates == "spread" else inserted
            inserts = (lineorder.frame(spark, 150, 100 + r)
                       .withColumn("lo_key", F.col("lo_key") + r * 10_000_000))
            batch = inserts
            if source is not None:
                batch = batch.unionByName(source.orderBy(F.xxhash64("lo_key", F.lit(r))).limit(150)
                                          .withColumn("lo_tax", F.lit(100 + r)))
            batch = batch.repartition(2).cache()
            batch.count()
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
            inserted = inserts.localCheckpoint()
            expected = expected.join(batch.select("lo_key"), "lo_key", "left_anti").unionByName(batch)
            expected = expected.localCheckpoint()
        out, line = first_line, ""
        while line != "end\n":  # the job's rounds are over: its request is done
            out += line
            line = job.line()
        done = True
    finally:
        if not done:  # the job may still be clustering this table: the next test gets a new driver
            job.kill()
    lines = [line for line in out.splitlines() if line and not line.startswith("#")]
    gave_way = [line for line in lines if line.startswith("failed") and "gave way" in line]
    assert all("gave way" in line for line in lines if line.startswith("failed")), lines

    table = spark.read.format("hudi").load(path)
    (rows, hashed), keys = fingerprint_and_keys(table, "lo_key")  # one read of the table
    assert (rows, hashed) == fingerprint(expected)
    assert keys == rows == base.count() + 150 * len(upserts)
    assert refusals == [], refusals

    writes = [i for i in timeline.instants(spark, path) if i["action"] == "commit" and i["completed"]]
    assert len(writes) == len(upserts) + 2
    last = writes[-1]["completed"]
    during = [c for c in timeline.clustering_commits(spark, path)[1:] if c["completed"] > started and c["instant"] < last]
    if updates == "late":
        # a clustering completed while the upserts ran: after the first began, before the last completed
        assert during, (started, out, writes)
    else:  # the writes pause: the layout catches up (the job's last clustering, or the next one)
        caught_up = hl.cluster(spark, path, split.replace(merge_fraction=0.5), extra=OCC).executed
        assert caught_up or any(c["completed"] > last for c in timeline.clustering_commits(spark, path)[1:]), lines
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
