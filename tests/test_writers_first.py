"""A clustering beside an upsert stream gives way to the writers (``writers_first``, on by default).

Table: 3,000 order lines (key ``lo_key``, ordering field ``version``) bulk-inserted as 12 files and
laid out once by the continuous layout; then upserts, under optimistic concurrency with the
file-system lock, as a stream beside an async clustering runs. Every step runs in the suite's
session, in the order a stream and an async clustering interleave: the clustering is scheduled,
a write comes, then the clustering is executed.

Expected:
- Late-arriving updates (each upsert inserts rows and updates some the upsert before it
  inserted): the plan leaves out what the newest write touched, so the next late upsert goes in
  and the clustering then completes (it would lose the conflict had it taken those files); rows
  exact. Once the writers pause, the next clustering lays out the files left out, with no write
  since (Hudi alone would plan no partition). With ``writers_first=False`` the plan takes every file, and the same upsert is refused by
  Hudi's default update strategy (HoodieClusteringUpdateException) before it changes a row.
- Updates spread over the whole table, under optimistic concurrency: the plan leaves nothing out
  (the writes reach the oldest files), the upsert into file groups under the pending clustering
  goes in, and the clustering, executed after it, gives way: it is rolled back and its plan
  removed, with an error that says so. The table has the upsert's rows, no clustering is pending,
  and the next clustering completes.
"""
from __future__ import annotations


import pytest
from pyspark.sql import functions as F

import hudi_layout as hl
from hudi_layout import report, tables, timeline
from data import lineorder
from layoutcheck import pending_clustering
from tablecheck import fingerprint, fingerprint_and_keys

pytestmark = [pytest.mark.spark, pytest.mark.slow]
COLUMNS = list(lineorder.FILTER_COLUMNS)
OCC = {
    "hoodie.write.concurrency.mode": "OPTIMISTIC_CONCURRENCY_CONTROL",
    "hoodie.write.lock.provider": "org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider",
    "hoodie.clean.failed.writes.policy": "LAZY",
}


def _rows(spark, tmp_path, name, n, seed, key_offset):
    return (lineorder.frame(spark, n, seed)
            .withColumn("lo_key", F.col("lo_key") + key_offset).withColumn("version", F.lit(1)))


def _updated(rows, n, version):
    """``n`` of ``rows`` with a new revenue and ``version``: an update of rows the table holds."""
    return (rows.orderBy(F.xxhash64("lo_key", F.lit(version))).limit(n)
            .withColumn("lo_revenue", F.col("lo_revenue") + version).withColumn("version", F.lit(version)))


def _merged(expected, batch):
    return expected.join(batch.select("lo_key"), "lo_key", "left_anti").unionByName(batch).localCheckpoint()


class _Table:
    def __init__(self, spark, tmp_path, name, extra):
        self.spark, self.tmp_path, self.name, self.extra = spark, tmp_path, name, extra
        self.path = str(tmp_path / name)
        self.expected = _rows(spark, tmp_path, "src", 3000, 91, 0).repartition(12).localCheckpoint()
        self._expected_fingerprint = None  # counted once for each expected
        self.write(self.expected, hl.LayoutOptions(COLUMNS), "bulk_insert",
                   {"hoodie.bulkinsert.shuffle.parallelism": "12", "hoodie.bulkinsert.sort.mode": "NONE"})
        self.target = tables.file_bytes(self.path).target(6)
        hl.cluster(spark, self.path, self.layout(), extra=extra)

    def layout(self, writers_first=True):
        return hl.LayoutOptions(COLUMNS, continuous=True, target_file_bytes=self.target, small_file_bytes=1 << 40,
                                max_bytes_per_group=1 << 40, writers_first=writers_first)

    def write(self, batch, layout, operation="upsert", more=None):
        hl.write(batch, self.path, layout, table=self.name, record_key="lo_key", ordering="version",
                 operation=operation, extra={**self.extra, **(more or {})})

    def upsert(self, batch, writers_first=True):
        self.write(batch, self.layout(writers_first))
        self.expected = _merged(self.expected, batch)
        self._expected_fingerprint = None

    def rows_exact(self):
        table = self.spark.read.format("hudi").load(self.path)
        if self._expected_fingerprint is None:
            self._expected_fingerprint = fingerprint(self.expected)
        rows, hashed = self._expected_fingerprint
        counted, keys = fingerprint_and_keys(table, "lo_key")  # one read of the table
        assert counted == (rows, hashed)  # the table's rows and the expected's, counted
        assert keys == rows


def test_late_updates_go_in_beside_a_pending_clustering_of_what_they_do_not_touch(spark, tmp_path):
    t = _Table(spark, tmp_path, "t_late", OCC)
    batches = [_rows(spark, tmp_path, f"w{w}", 400, 90 + w, w * 1_000_000).localCheckpoint() for w in range(2, 7)]
    t.upsert(batches[0])
    for w in (3, 4):  # each write inserts rows and updates some the write before it inserted
        t.upsert(batches[w - 2].unionByName(_updated(batches[w - 3], 80, w)).localCheckpoint())

    scheduled = hl.cluster(spark, t.path, t.layout(), execute=False, extra=OCC)
    assert scheduled.instant is not None
    t.upsert(_updated(batches[2], 80, 5))
    done = hl.execute(spark, t.path, scheduled.instant, t.layout(), extra=OCC)  # no conflict: files left out
    assert done.executed and pending_clustering(t.path) == []
    assert timeline.clustering_commits(spark, t.path)[-1]["instant"] == scheduled.instant
    t.rows_exact()

    # a write, and at once a clustering: the writers are active, so it lays out the earlier files
    # and leaves the new write's out
    t.upsert(batches[4])
    assert hl.cluster(spark, t.path, t.layout(), extra=OCC).executed
    left = report.continuous_regions(spark, t.path)[0]["new_files"]
    assert left > 0, "the plan left the newest write's files out"
    # now the writers have paused (a clustering completed after their newest write): the next
    # clustering lays out what the last one left out for them, though no write came since (Hudi
    # plans only the partitions written since the last clustering; the plan adds the writers')
    caught_up = hl.cluster(spark, t.path, t.layout(), extra=OCC)
    assert caught_up.executed, f"{left} file(s) of new rows left out for the writers stayed out"
    assert report.continuous_regions(spark, t.path)[0]["new_files"] == 0
    t.rows_exact()

    # the same habits with writers_first=False: the plan takes every file, and the next late
    # update is refused because of the clustering, before it changes a row
    t.upsert(batches[3].unionByName(_updated(batches[2], 80, 6)).localCheckpoint())
    scheduled = hl.cluster(spark, t.path, t.layout(writers_first=False), execute=False, extra=OCC)
    assert scheduled.instant is not None
    with pytest.raises(Exception) as refused:
        t.write(_updated(batches[3], 80, 7), t.layout(writers_first=False))
    assert "HoodieClusteringUpdateException" in str(refused.value), str(refused.value)[:2000]
    t.rows_exact()
    hl.execute(spark, t.path, scheduled.instant, t.layout(writers_first=False), extra=OCC)
    t.rows_exact()


def test_spread_updates_win_over_a_pending_clustering_which_is_rolled_back(spark, tmp_path):
    t = _Table(spark, tmp_path, "t_spread", OCC)
    new = _rows(spark, tmp_path, "w2", 400, 92, 1_000_000).localCheckpoint()
    t.upsert(new.unionByName(_updated(t.expected, 300, 2)).localCheckpoint())  # spread over the laid-out files

    scheduled = hl.cluster(spark, t.path, t.layout(), execute=False, extra=OCC)
    assert scheduled.instant is not None  # the new rows: every file was touched, so none is left out
    t.upsert(_updated(t.expected, 200, 3).unionByName(_updated(new, 50, 3)).dropDuplicates(["lo_key"])
             .localCheckpoint())  # into the file groups the pending clustering holds: goes in
    t.rows_exact()
    with pytest.raises(Exception) as gave_way:
        hl.execute(spark, t.path, scheduled.instant, t.layout(), extra=OCC)
    assert "gave way to a concurrent write" in str(gave_way.value), str(gave_way.value)[:2000]
    assert pending_clustering(t.path) == []
    t.rows_exact()

    again = hl.cluster(spark, t.path, t.layout(), extra=OCC)
    assert again.executed
    t.rows_exact()
