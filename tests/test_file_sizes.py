"""File sizes that hold: a file's footer (schema, column statistics, and Hudi's bloom filter of the
record keys, about 430 KB at Hudi's defaults) is sized apart from its rows.

1. The issue's scenario: 30,000 rows bulk-inserted as 12 files with Hudi's default bloom filter,
   then ``LayoutOptions(["a", "b"], target_file_bytes=60_000)``: one default clustering, then two
   rounds of upserts (2,000 new rows, 1,000 updates), each followed by a continuous clustering.
   Expected: either a clustering is refused before anything is written (timeline and files as they
   were), with an error naming ``target_file_bytes``, the footer's bytes and the smallest target that
   works; or the last clustering's files hold at least half the rows per file of the first's. Sized by
   bytes alone the clusterings wrote 323, then 46, then 3 rows a file.
2. A sane target, with a dynamic bloom filter of 200 keys a block (its footer grows with the rows):
   order lines bulk-inserted as 12 files, a target that holds about 150 rows besides a file's footer,
   and the continuous layout's clusterings over rounds of upserts (new rows and updates; every
   region due each round, merge_fraction 0.01, so each clustering lays every row out again). The
   target is set on the inserted files' footer and bytes a row (read with pyarrow). Expected: after
   every clustering the table's rows per file stay within 1.25x of what a file of the target holds
   at the bytes a row and footers of the files the clustering wrote; rows exact. The table's rows,
   checksum and live files come from one Spark job a round (its rows grouped by their file).
"""
from __future__ import annotations

import os

import pyarrow.parquet as pq
import pytest
from pyspark.errors import IllegalArgumentException
from pyspark.sql import functions as F

import hudi_layout as hl
from data import lineorder
from tablecheck import data_columns, fingerprint

pytestmark = pytest.mark.spark
COLUMNS = list(lineorder.FILTER_COLUMNS)
#: Rows a file of the sane target holds, at the inserted files' bytes a row and footer.
TARGET_ROWS = 150


def _base_files(path):
    return sorted(os.path.join(root, n) for root, dirs, names in os.walk(path)
                  if ".hoodie" not in root for n in names if n.endswith(".parquet"))


def _instants(path):
    folder = os.path.join(path, ".hoodie", "timeline")
    folder = folder if os.path.isdir(folder) else os.path.join(path, ".hoodie")
    return sorted(n for n in os.listdir(folder) if n[:1].isdigit())


def _written_by(path, instant):
    """(rows, files, footer bytes, row bytes) of the base files the commit at ``instant`` wrote."""
    rows = files = footers = row_bytes = 0
    for f in _base_files(path):
        if f.endswith(f"_{instant}.parquet"):
            meta = pq.ParquetFile(f).metadata
            footer = meta.serialized_size + 12
            rows, files, footers = rows + meta.num_rows, files + 1, footers + footer
            row_bytes += os.path.getsize(f) - footer
    return rows, files, footers, row_bytes


def _ab_rows(spark, n, seed, first_key=0, version=1):
    return (spark.range(first_key, first_key + n).withColumnRenamed("id", "key")
            .withColumn("a", (F.rand(seed) * 1000).cast("int")).withColumn("b", (F.rand(seed + 1) * 1000).cast("int"))
            .withColumn("payload", F.sha2(F.col("key").cast("string"), 256)).withColumn("version", F.lit(version)))


def test_the_issues_scenario_is_refused_before_writing_or_its_files_hold_their_rows(spark, tmp_path):
    path = str(tmp_path / "t_ab")
    base = _ab_rows(spark, 30_000, 7).repartition(12).localCheckpoint()
    hl.write(base, path, hl.LayoutOptions(["a", "b"]), table="t_ab", record_key="key", ordering="version",
             operation="bulk_insert",
             extra={"hoodie.bulkinsert.shuffle.parallelism": "12", "hoodie.bulkinsert.sort.mode": "NONE"})
    assert len(_base_files(path)) == 12
    steps = [(None, hl.LayoutOptions(["a", "b"], target_file_bytes=60_000))]
    for round_ in (1, 2):
        new = _ab_rows(spark, 2_000, 7 + round_, first_key=100_000 * round_, version=1 + round_)
        updates = _ab_rows(spark, 1_000, 70 + round_, first_key=round_ * 1_000, version=1 + round_)
        steps.append((new.unionByName(updates), hl.LayoutOptions(["a", "b"], target_file_bytes=60_000,
                                                                 continuous=True)))
    per_file = []
    for batch, layout in steps:
        if batch is not None:
            hl.write(batch.localCheckpoint(), path, layout, table="t_ab", record_key="key", ordering="version",
                     operation="upsert")
        before = (_instants(path), _base_files(path))
        try:
            result = hl.cluster(spark, path, layout)
        except IllegalArgumentException as refused:
            message = str(refused)
            assert "target_file_bytes" in message and "= 60000" in message, message
            assert "footer of" in message and "at least" in message, message
            assert (_instants(path), _base_files(path)) == before, "refused before anything was written"
            print(f"refused after {len(per_file)} clustering(s): {message[:400]}")
            return
        assert result.executed
        rows, files, _, _ = _written_by(path, result.instant)
        per_file.append(rows / files)
    print(f"rows per file of each clustering: {per_file}")
    assert per_file[-1] >= per_file[0] / 2, per_file


def test_a_sane_target_keeps_the_rows_per_file_over_rounds_of_upserts(spark, tmp_path):
    _sane_target_over_rounds(spark, tmp_path, 3)


@pytest.mark.bench
def test_a_sane_target_keeps_the_rows_per_file_over_16_rounds(spark, tmp_path):
    """The issue's 16 rounds (``pytest -m bench -s tests/test_file_sizes.py``): prints each round's figures."""
    _sane_target_over_rounds(spark, tmp_path, 16)


def _sane_target_over_rounds(spark, tmp_path, rounds):
    bloom = {"hoodie.index.bloom.num_entries": "200"}
    df = (lineorder.frame(spark, 3000, 61).withColumn("version", F.lit(1))
          .repartition(12).localCheckpoint())
    path = str(tmp_path / "t_sizes")
    hl.write(df, path, hl.LayoutOptions(COLUMNS), table="t_sizes", record_key="lo_key", ordering="version",
             operation="bulk_insert",
             extra={"hoodie.bulkinsert.shuffle.parallelism": "12", "hoodie.bulkinsert.sort.mode": "NONE", **bloom})
    files = _base_files(path)
    metas = [pq.ParquetFile(f).metadata for f in files]
    footer = sorted(m.serialized_size + 12 for m in metas)[len(metas) // 2]
    per_row = sum(os.path.getsize(f) - m.serialized_size - 12 for f, m in zip(files, metas)) / sum(
        m.num_rows for m in metas)
    target = int(footer + TARGET_ROWS * per_row)
    layout = hl.LayoutOptions(COLUMNS, continuous=True, target_file_bytes=target,
                              small_file_bytes=1 << 40, max_bytes_per_group=1 << 40, merge_fraction=0.01)
    expected = df
    held = []
    plans = set()
    for round_ in range(rounds):
        if round_:
            new = (lineorder.frame(spark, 600, 61 + round_)
                   .withColumn("lo_key", F.col("lo_key") + 1_000_000 * round_).withColumn("version", F.lit(1 + round_)))
            updates = (expected.orderBy(F.hash("lo_key", F.lit(round_))).limit(150)
                       .withColumn("lo_tax", F.lit(90 + round_)).withColumn("version", F.lit(1 + round_)))
            batch = new.unionByName(updates).localCheckpoint()
            hl.write(batch, path, layout, table="t_sizes", record_key="lo_key", ordering="version",
                     operation="upsert", extra=bloom)
            # the batch's keys (the updates' and new ones no row has yet), from the checkpointed batch,
            # and the result checkpointed: a frame built on the last round's (updates come from it)
            # doubles its plan each round, and Spark's planning of it took minutes from round 7 on
            expected = (expected.join(batch.select("lo_key"), "lo_key", "left_anti").unionByName(batch)
                        .localCheckpoint())
            plans.add(_plan_nodes(expected))
        result = hl.cluster(spark, path, layout, extra=bloom)
        assert result.executed, round_
        table_rows, checksum, live = _per_file_fingerprint(spark.read.format("hudi").load(path))
        assert (table_rows, checksum) == fingerprint(expected), round_
        rows, written, footers, row_bytes = _written_by(path, result.instant)
        # what a file of the target holds at the row bytes and footer of the files just written
        # (laid-out rows compress better than the inserted ones the target was set on)
        written_rows = (target - footers / written) / (row_bytes / rows)
        held.append((table_rows / live, rows / written, round(written_rows)))
    print(f"(the table's rows per file, the clustering's, a file of the target's at the written files' sizes) "
          f"per round: {held}; the table's rows per file over the target's: at the written files' sizes "
          f"{[round(t / w, 3) for t, _, w in held]}, at the inserted files' ({TARGET_ROWS} rows) "
          f"{[round(t / TARGET_ROWS, 3) for t, _, _ in held]}")
    assert len(plans) <= 1, f"the expected rows' plan grew over the rounds (nodes: {sorted(plans)})"
    assert all(at_written / 1.25 <= per_file <= at_written * 1.25 for per_file, _, at_written in held), held


def _per_file_fingerprint(table):
    """(rows, checksum, files read) of a table read: :func:`tablecheck.fingerprint`'s rows and
    checksum (the same hash of the data columns, summed) and the distinct files the rows come from,
    from one Spark job grouping the rows by their file."""
    cols = data_columns(table)
    per_file = table.groupBy(F.input_file_name()).agg(
        F.count(F.lit(1)).alias("n"), F.sum(F.xxhash64(*cols).cast("decimal(38,0)")).alias("h")).collect()
    return sum(int(r["n"]) for r in per_file), sum(int(r["h"] or 0) for r in per_file), len(per_file)


def _plan_nodes(df):
    """The nodes of ``df``'s logical plan: the same each round when its lineage does not grow."""
    return df._jdf.queryExecution().logical().treeString().count("\n")
