"""The PySpark API against a real local Spark + Hudi: batch writes with inline clustering, a
streaming write with async clustering, clustering an existing table now, building the
column-stats index of a table written without it, reading with data skipping, and bad options.

Data: order lines (tests/data/lineorder.py), bulk-inserted in random order as 12 files, sorted on
s_city, c_city, p_brand. Each Hudi file carries a ~440 KB bloom filter, so the target file size
here is a few of those (TARGET) and a clustering writes a handful of files.
Expected: clustering runs exactly when the options say, with our layout on its replacecommit;
the table holds exactly the rows a model of the writes predicts (count + checksum over every data
column); the column-stats index covers the sort columns; point queries read fewer files after
clustering; a bad option raises before anything exists on disk.
"""
from __future__ import annotations

import datetime
import json
import os
import shutil
import time

import pytest
from pyspark.sql import functions as F

import hudi_layout as hl
from hudi_layout import report, timeline
from data import lineorder
from hudi_layout.ingest import table_options
from hudi_layout.options import OUR_KEYS, OUR_PREFIX, READ_OPTIONS
from tablecheck import data_columns, fingerprint, point_query

COLUMNS = list(lineorder.FILTER_COLUMNS)
PROBES = [("s_city", "GERMANY  2"), ("c_city", "VIETNAM  2"), ("p_brand", "MFGR#1440")]
TARGET = 500_000  # about 1,000 order lines a file beside Hudi's default bloom filter (about 431 KB)
SIZES = dict(target_file_bytes=TARGET, small_file_bytes=1 << 40, max_bytes_per_group=1 << 40)
GRID_KEY = "hudilayout.continuous.grid."  # + the partition ("" unpartitioned)
BULK = {"hoodie.bulkinsert.shuffle.parallelism": "12", "hoodie.bulkinsert.sort.mode": "NONE"}

pytestmark = [pytest.mark.spark, pytest.mark.slow]


def _frame(spark, tmp_path, rows, seed, key_offset=0):
    df = lineorder.frame(spark, rows, seed)
    return df.withColumn("lo_key", df["lo_key"] + key_offset) if key_offset else df


def _probe_files(spark, path):
    return {c: point_query(spark, path, c, v)[1] for c, v in PROBES}


def test_every_emitted_key_is_declared_by_the_jar_or_hudi(spark):
    known = json.loads(spark.sparkContext._jvm.dev.hudilayout.config.KnownKeys.json())
    assert "hoodie.hudilayout.bits.per.column" in known and "hoodie.clustering.inline" in known
    schema = spark.createDataFrame([(1, "a", "b", 2)], "id int, city string, brand string, day int").schema
    emitted = {}
    for layout in (hl.LayoutOptions(["city", "brand"], curve="z-order", mapping="direct", inline=True,
                                    whole_partition=True, aligned=True, weights=[2, 1], every_n_commits=3,
                                    stats_columns=["day"], max_groups=3, **SIZES),
                   hl.LayoutOptions(["city"], async_clustering=True, every_n_commits=2, continuous=True)):
        emitted.update(layout.write_options())
        emitted.update(table_options(schema, layout, table="t", record_key="id", ordering="day",
                                     partition_by="brand"))
    emitted.update(READ_OPTIONS)
    unknown = sorted(k for k in emitted if k not in known)
    assert not unknown, f"keys Hudi and hudi-layout do not declare: {unknown}"
    # the keys the Python side refuses others against are the jar's own
    assert sorted(k for k in known if k.startswith(OUR_PREFIX)) == sorted(OUR_KEYS)


def test_batch_writes_cluster_inline_every_n_commits(spark, tmp_path):
    """Inline clustering every 2 commits with the continuous layout on (so the second clustering,
    after a fourth write, lays the new rows on the grid the first one recorded, and a fifth write,
    a bulk insert, puts its rows in their regions)."""
    path = str(tmp_path / "table")
    layout = hl.LayoutOptions(COLUMNS, inline=True, every_n_commits=2, continuous=True, **SIZES)
    first = _frame(spark, tmp_path, 3000, 31).repartition(12)
    hl.write(first, path, layout, table="t_batch", record_key="lo_key", operation="bulk_insert", extra=BULK)
    assert timeline.clustering_commits(spark, path) == []
    assert hl.indexed_columns(spark, path) == sorted(COLUMNS)
    before = _probe_files(spark, path)
    assert all(n == 12 for n in before.values()), before

    # Second commit: 200 updated keys and 300 new ones; Hudi clusters after it (2 commits).
    updated = first.orderBy("lo_key").limit(200).withColumn("lo_quantity", F.col("lo_quantity") + 1000)
    new = _frame(spark, tmp_path, 300, 32, key_offset=10_000_000)
    second = updated.unionByName(new).repartition(2)
    hl.write(second, path, layout, table="t_batch", record_key="lo_key", operation="upsert")
    commits = timeline.clustering_commits(spark, path)
    assert len(commits) == 1, commits
    extra = commits[0]["extra"]
    assert extra["hudilayout.strategy"] == hl.clustering.STRATEGY_CLASS
    assert (extra["hudilayout.curve"], extra["hudilayout.mapping"]) == ("hilbert", "sample")
    assert extra["hudilayout.columns"] == ",".join(COLUMNS)
    assert extra["hudilayout.continuous"].startswith("full") and GRID_KEY in extra, extra

    # Third commit: one commit since the clustering, so no new one.
    third = _frame(spark, tmp_path, 100, 33, key_offset=20_000_000).repartition(1)
    hl.write(third, path, layout, table="t_batch", record_key="lo_key", operation="insert")
    assert len(timeline.clustering_commits(spark, path)) == 1

    # Fourth commit: the second clustering lays the third and fourth writes' files on the grid.
    fourth = _frame(spark, tmp_path, 100, 34, key_offset=30_000_000).repartition(1)
    hl.write(fourth, path, layout, table="t_batch", record_key="lo_key", operation="insert")
    commits = timeline.clustering_commits(spark, path)
    assert len(commits) == 2, commits
    assert commits[1]["extra"]["hudilayout.continuous"].startswith("delta"), commits[1]["extra"]
    assert commits[1]["extra"][GRID_KEY] == extra[GRID_KEY]
    assert [p["new_files"] for p in report.continuous_regions(spark, path)] == [0]
    after = _probe_files(spark, path)
    for column, _ in PROBES:
        assert after[column] < before[column], (column, before, after)

    # Fifth commit, a bulk insert now that a grid is recorded: each row goes to its region, so
    # every file the write makes lies inside one (a plain bulk insert of 2 Spark partitions would
    # leave 2 files spanning the regions), one file per region it reaches.
    fifth = _frame(spark, tmp_path, 400, 35, key_offset=40_000_000).repartition(2)
    [regions_before] = report.continuous_regions(spark, path)
    hl.write(fifth, path, layout, table="t_batch", record_key="lo_key", operation="bulk_insert", extra=BULK)
    assert len(timeline.clustering_commits(spark, path)) == 2
    [regions_after] = report.continuous_regions(spark, path)
    assert regions_after["new_files"] == 0, regions_after
    grown = sum(r["files"] for r in regions_after["regions"]) - sum(r["files"] for r in regions_before["regions"])
    assert 2 <= grown <= regions_after["cells"], (regions_before, regions_after)

    expected = (first.join(updated.select("lo_key"), "lo_key", "left_anti")
                .unionByName(second).unionByName(third).unionByName(fourth).unionByName(fifth))
    # one pass over the model for its checksum and every probe's keys
    model = expected.select("lo_key", *(c for c, _ in PROBES),
                            F.xxhash64(*data_columns(expected)).cast("decimal(38,0)").alias("h")).collect()
    assert fingerprint(spark.read.format("hudi").load(path)) == (len(model), sum(int(r["h"]) for r in model))
    for column, value in PROBES:
        keys, _ = point_query(spark, path, column, value)
        assert keys == sorted(r["lo_key"] for r in model if r[column] == value)


def _wait(condition, timeout, what):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if condition():
            return
        time.sleep(0.25)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}")


#: Micro-batches before the stream waits for the first async clustering, and after it.
EARLY, LATE = 4, 2


def test_streaming_write_with_async_clustering(spark, tmp_path):
    path, inbox, ckpt = str(tmp_path / "table"), tmp_path / "inbox", str(tmp_path / "checkpoint")
    inbox.mkdir()
    batches = []
    for i in range(EARLY + LATE):
        df = _frame(spark, tmp_path, 500, 40 + i, key_offset=i * 1_000_000)
        if i:  # each batch also updates 50 rows of the one before
            prev = batches[-1].orderBy("lo_key").limit(50).withColumn("lo_tax", F.lit(100 + i))
            df = df.unionByName(prev)
        df.coalesce(1).write.parquet(str(tmp_path / f"batch-{i}"))
        batches.append(spark.read.parquet(str(tmp_path / f"batch-{i}")))  # not the chain of batches again

    # the continuous layout: the first clustering records a grid, later ones lay new rows on it
    layout = hl.LayoutOptions(COLUMNS, async_clustering=True, every_n_commits=2, continuous=True, **SIZES)
    stream = spark.readStream.schema(batches[0].schema).option("maxFilesPerTrigger", 1).parquet(str(inbox))
    query = hl.write_stream(stream, path, layout, table="t_stream", record_key="lo_key", checkpoint=ckpt,
                            operation="upsert")

    def drop(i):
        src = next(f for f in os.listdir(tmp_path / f"batch-{i}") if f.endswith(".parquet"))
        shutil.copy(tmp_path / f"batch-{i}" / src, inbox / f"batch-{i}.parquet")
        query.processAllAvailable()

    try:
        for i in range(EARLY):
            drop(i)
        _wait(lambda: timeline.clustering_commits(spark, path), 240, "an async clustering to complete")
        for i in range(EARLY, EARLY + LATE):  # the stream keeps writing after the clustering
            drop(i)
        _wait(lambda: not hl.pending(spark, path), 240, "pending clusterings to finish")
    finally:
        query.stop()
    assert query.exception() is None

    clusterings = timeline.clustering_commits(spark, path)
    writes = [i for i in timeline.instants(spark, path) if i["action"] == "commit" and i["completed"]]
    assert len(writes) == len(batches)
    assert all(c["extra"]["hudilayout.columns"] == ",".join(COLUMNS) for c in clusterings)
    stages = [c["extra"]["hudilayout.continuous"].split(" ")[0] for c in clusterings]
    assert len(stages) >= 2, stages
    assert stages[0] == "full" and all(s == "delta" for s in stages[1:]), stages
    assert len({c["extra"][GRID_KEY] for c in clusterings}) == 1
    first_done = min(c["completed"] for c in clusterings)
    assert any(w["completed"] > first_done for w in writes), "no write after the first clustering"

    expected = batches[0]
    for df in batches[1:]:
        expected = expected.join(df.select("lo_key"), "lo_key", "left_anti").unionByName(df)
    assert fingerprint(spark.read.format("hudi").load(path)) == fingerprint(expected)
    assert hl.indexed_columns(spark, path) == sorted(COLUMNS)


def test_cluster_an_existing_table_now_or_schedule_and_execute_later(spark, tmp_path):
    path = str(tmp_path / "table")
    df = _frame(spark, tmp_path, 3000, 51).repartition(12)
    hl.write(df, path, hl.LayoutOptions(COLUMNS), table="t_now", record_key="lo_key",
             operation="bulk_insert", extra=BULK)
    rows = fingerprint(df)  # the rows every step below must keep, computed once
    before = _probe_files(spark, path)

    layout = hl.LayoutOptions(COLUMNS, curve="z-order", mapping="direct", **SIZES)
    scheduled = hl.cluster(spark, path, layout, execute=False)
    assert scheduled.instant and not scheduled.executed and scheduled.layout == {}
    assert hl.pending(spark, path) == [scheduled.instant]
    assert fingerprint(spark.read.format("hudi").load(path)) == rows

    done = hl.execute(spark, path, scheduled.instant, layout)
    assert done.executed and done.instant == scheduled.instant and hl.pending(spark, path) == []
    assert (done.layout["hudilayout.curve"], done.layout["hudilayout.mapping"]) == ("zorder", "direct")
    assert int(done.layout["hudilayout.files"]) >= 2
    assert not any(k.startswith(GRID_KEY) for k in done.layout), "a table's first cluster() is not continuous"
    assert fingerprint(spark.read.format("hudi").load(path)) == rows
    after = _probe_files(spark, path)
    assert all(after[c] < before[c] for c in before), (before, after)

    # Without data skipping the reader reads every file of the latest snapshot.
    for column, value in PROBES:
        q = hl.read(spark, path, skipping=False).where(F.col(column) == value).select("lo_key")
        assert hl.files_read(q)[1] == int(done.layout["hudilayout.files"])

    # Hudi plans incrementally: nothing was written since, so nothing to do, unless asked to
    # consider every partition again.
    relayout = layout.replace(curve="hilbert", mapping="sample")
    assert hl.cluster(spark, path, relayout) == hl.ClusteringResult(None, False)
    again = hl.cluster(spark, path, relayout, incremental=False)
    assert again.executed and again.layout["hudilayout.curve"] == "hilbert"
    assert fingerprint(spark.read.format("hudi").load(path)) == rows
    # A table laid out before is clustered repeatedly: continuous by default (continuous=None), so
    # this clustering recorded a grid and a later bulk insert puts each new row in its region.
    assert again.layout["hudilayout.continuous"].startswith("full") and GRID_KEY in again.layout
    more = _frame(spark, tmp_path, 600, 52, key_offset=10_000).repartition(6)
    hl.write(more, path, hl.LayoutOptions(COLUMNS), table="t_now", record_key="lo_key", operation="bulk_insert",
             extra=BULK)
    [part] = report.continuous_regions(spark, path)
    assert part["new_files"] == 0 and part["regions"], part
    added = fingerprint(more)  # a checksum is a sum: the table holds df's rows and more's
    assert fingerprint(spark.read.format("hudi").load(path)) == (rows[0] + added[0], rows[1] + added[1])


def test_column_stats_index_built_for_a_table_written_without_it(spark, tmp_path):
    path = str(tmp_path / "table")
    df = _frame(spark, tmp_path, 3000, 61).repartition(12)
    plain = {"hoodie.table.name": "t_noindex", "hoodie.datasource.write.recordkey.field": "lo_key",
             "hoodie.datasource.write.partitionpath.field": "",
             "hoodie.datasource.write.keygenerator.class": "org.apache.hudi.keygen.NonpartitionedKeyGenerator",
             "hoodie.datasource.write.operation": "bulk_insert", "hoodie.metadata.enable": "true",
             "hoodie.metadata.index.column.stats.enable": "false", **BULK}
    df.write.format("hudi").options(**plain).mode("overwrite").save(path)
    assert hl.indexed_columns(spark, path) == []

    instant = hl.build_column_stats(spark, path, COLUMNS)
    assert instant
    assert any(i["instant"] == instant and i["action"] == "indexing" and i["state"] == "COMPLETED"
               for i in timeline.instants(spark, path))
    assert hl.indexed_columns(spark, path) == sorted(COLUMNS)
    assert hl.build_column_stats(spark, path, COLUMNS) is None  # already there

    before = _probe_files(spark, path)
    hl.cluster(spark, path, hl.LayoutOptions(COLUMNS, **SIZES))
    after = _probe_files(spark, path)
    assert all(after[c] < before[c] for c in before), (before, after)
    assert fingerprint(spark.read.format("hudi").load(path)) == fingerprint(df)


def test_bad_options_raise_before_anything_is_written(spark, tmp_path):
    df = spark.createDataFrame([(1, "a", {"k": "v"}, 1.0)], "id bigint, city string, attrs map<string,string>, x double")
    layout = hl.LayoutOptions(["city"], inline=True)
    cases = [
        (lambda p: hl.write(df, p, hl.LayoutOptions(["town"]), table="t", record_key="id"),
         "hoodie.clustering.plan.strategy.sort.columns", "'town'"),
        (lambda p: hl.write(df, p, hl.LayoutOptions(["attrs"]), table="t", record_key="id"),
         "hoodie.clustering.plan.strategy.sort.columns", "map<string,string>"),
        (lambda p: hl.write(df, p, layout, table="t", record_key="key"),
         "hoodie.datasource.write.recordkey.field", "'key'"),
        (lambda p: hl.write(df, p, layout, table="t", record_key="id", operation="merge"),
         "hoodie.datasource.write.operation", "'merge'"),
        (lambda p: hl.write(df, p, hl.LayoutOptions(["city"], async_clustering=True), table="t", record_key="id"),
         "hoodie.clustering.async.enabled", "streaming"),
        (lambda p: hl.write(df, p, layout.replace(target_file_bytes=0), table="t", record_key="id"),
         "hoodie.clustering.plan.strategy.target.file.max.bytes", "0"),
        (lambda p: hl.write(df, p, layout.replace(every_n_commits=0), table="t", record_key="id"),
         "hoodie.clustering.inline.max.commits", "0"),
        (lambda p: hl.write(df, p, layout.replace(curve="peano"), table="t", record_key="id"),
         "hoodie.layout.optimize.strategy", "'peano'"),
        (lambda p: hl.write(df, p, layout.replace(mapping="hist"), table="t", record_key="id"),
         "hoodie.layout.optimize.curve.build.method", "'hist'"),
        (lambda p: hl.write(df, p, layout.replace(async_clustering=True), table="t", record_key="id"),
         "hoodie.clustering.inline", "both True"),
        (lambda p: hl.write(df, p, layout, table="t", record_key="id", extra={"hoodie.hudilayout.alinged": "false"}),
         "hoodie.hudilayout.alinged", "'false': hudi-layout has no such key. Did you mean hoodie.hudilayout.aligned?"),
    ]
    for i, (run, key, words) in enumerate(cases):
        target = str(tmp_path / f"t{i}")
        with pytest.raises(hl.LayoutOptionError) as err:
            run(target)
        assert key in str(err.value) and words in str(err.value), str(err.value)
        assert not os.path.exists(target), f"case {i} left {target} behind"

    (tmp_path / "inbox").mkdir()
    stream = spark.readStream.schema(df.schema).parquet(str(tmp_path / "inbox"))
    target, ckpt = str(tmp_path / "s"), str(tmp_path / "s-ckpt")
    with pytest.raises(hl.LayoutOptionError, match="hoodie.clustering.plan.strategy.sort.columns"):
        hl.write_stream(stream, target, hl.LayoutOptions(["town"], async_clustering=True), table="t",
                        record_key="id", checkpoint=ckpt)
    assert not os.path.exists(target) and not os.path.exists(ckpt)
    with pytest.raises(hl.LayoutOptionError, match="streaming DataFrame"):
        hl.write_stream(df, target, layout, table="t", record_key="id", checkpoint=ckpt)

    # An existing table: cluster() checks the layout against the table's schema first.
    path = str(tmp_path / "table")
    hl.write(df, path, hl.LayoutOptions(["city"]), table="t", record_key="id")
    with pytest.raises(hl.LayoutOptionError, match="'attrs'.*map<string,string>"):
        hl.cluster(spark, path, hl.LayoutOptions(["attrs"]))
    assert hl.pending(spark, path) == [] and timeline.clustering_commits(spark, path) == []
    assert spark.read.format("hudi").load(path).select(*df.columns).collect() == df.collect()


def test_a_date_ordering_field_is_refused_before_anything_is_written(spark, tmp_path):
    # Hudi 1.2.0 would fail the second upsert into this table, after writing had started (docs/limits.md)
    df = spark.createDataFrame([(1, "a", datetime.date(2024, 1, 1), 7)], "id bigint, city string, day date, seq int")
    layout = hl.LayoutOptions(["city"])
    target, ckpt = str(tmp_path / "t"), str(tmp_path / "t-ckpt")
    with pytest.raises(hl.LayoutOptionError) as err:
        hl.write(df, target, layout, table="t", record_key="id", ordering="day")
    message = str(err.value)
    assert "ordering (hoodie.table.ordering.fields) = 'day'" in message and "type date" in message, message
    assert "use a timestamp, long (bigint) or int field" in message, message
    assert not os.path.exists(os.path.join(target, ".hoodie"))

    (tmp_path / "inbox").mkdir()
    stream = spark.readStream.schema(df.schema).parquet(str(tmp_path / "inbox"))
    with pytest.raises(hl.LayoutOptionError, match="ordering .* = 'day'.*type date"):
        hl.write_stream(stream, target, layout, table="t", record_key="id", ordering="day", checkpoint=ckpt)
    assert not os.path.exists(os.path.join(target, ".hoodie")) and not os.path.exists(ckpt)
    assert table_options(df.schema, layout, table="t", record_key="id",
                         ordering="seq")["hoodie.table.ordering.fields"] == "seq"
