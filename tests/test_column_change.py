"""Sort columns that change under the continuous layout.

A partition laid out by the continuous layout records its grid, a tree of regions in the sort
columns' space. A later continuous clustering asked for other columns moves the partition to them
region by region: new rows, and the old regions that fall due, go on a tree for the new columns;
the other old regions stay as they are. No full rewrite happens unless asked for.

Table: 3,000 SSB rows (key ``lo_key``) bulk-inserted in random order as 12 files, laid out by the
continuous layout on s_city, c_city, p_brand; then rounds of 600 new rows upserted, each followed
by a continuous clustering on (s_city, lo_discount).

Expected:
- the first clustering on the new columns lays the new rows out alone on a new grid (its commit
  records the new columns, the stage ``full`` and that it moved none of the old regions) and leaves
  every old file as it was (no full rewrite); the commit names the old columns under
  ``hudilayout.continuous.moving.``, and the layout report shows all the old rows still on them;
- a clustering with no write since still moves at least one old region;
- later clusterings are deltas on the new grid, and once no old region is left the commit names no
  old columns and the report shows no old layout;
- every row is there once after every clustering, and a point query on ``lo_discount`` returns the
  right keys and, once the move is done, reads fewer files than the table holds;
- a full clustering (``incremental=False``) on yet other columns lays the partition out anew at once.
"""
from __future__ import annotations


import pytest
from pyspark.sql import functions as F

import hudi_layout as hl
from hudi_layout import report, tables, timeline
from hudi_layout.metadata import CONTINUOUS_MOVING
from bench import ssb
from tablecheck import fingerprint, point_query

pytestmark = pytest.mark.spark
OLD = list(ssb.FILTER_COLUMNS)
NEW = [OLD[0], "lo_discount"]
ROUND_ROWS = 600
#: the commit key naming the old layout's columns; the table is unpartitioned, so its partition path is empty
MOVING = CONTINUOUS_MOVING + ""


def _rows(spark, tmp_path, name, n, seed, key_offset, version):
    return (spark.read.parquet(ssb.write_parquet(str(tmp_path / name), n, seed))
            .withColumn("lo_key", F.col("lo_key") + key_offset).withColumn("version", F.lit(version)))


def _live_files(table):
    return {r[0].rsplit("/", 1)[-1] for r in table.select(F.input_file_name()).distinct().collect()}


def _old_layout(spark, path):
    """What the layout report says still lies on the old layout, or None."""
    [partition] = report.continuous_regions(spark, path)
    return partition.get("old_layout")


def test_new_columns_take_over_region_by_region_without_a_full_rewrite(spark, tmp_path):
    df = _rows(spark, tmp_path, "src", 3000, 71, 0, 1).repartition(12).localCheckpoint()
    path = str(tmp_path / "t_columns")
    hl.write(df, path, hl.LayoutOptions(OLD), table="t_columns", record_key="lo_key", ordering="version",
             operation="bulk_insert",
             extra={"hoodie.bulkinsert.shuffle.parallelism": "12", "hoodie.bulkinsert.sort.mode": "NONE"})
    target = tables.file_bytes(path).target(8)

    def layout(columns):
        return hl.LayoutOptions(columns, continuous=True, target_file_bytes=target, small_file_bytes=1 << 40,
                                max_bytes_per_group=1 << 40)

    hl.cluster(spark, path, layout(OLD))
    laid_out_on_old = _live_files(spark.read.format("hudi").load(path))
    expected = df

    def upsert(round_):
        nonlocal expected
        new = _rows(spark, tmp_path, f"new{round_}", ROUND_ROWS, 71 + round_, 1_000_000 * round_,
                    1 + round_).localCheckpoint()
        hl.write(new, path, layout(NEW), table="t_columns", record_key="lo_key", ordering="version",
                 operation="upsert")
        expected = expected.unionByName(new)

    def cluster_on_new():
        done = hl.cluster(spark, path, layout(NEW))
        assert done.executed
        extra = timeline.clustering_commits(spark, path)[-1]["extra"]
        assert extra["hudilayout.columns"] == ",".join(NEW), extra
        table = spark.read.format("hudi").load(path)
        assert fingerprint(table) == fingerprint(expected)
        return extra, table

    # the first clustering on the new columns: the new rows alone, on a grid drawn from them
    upsert(1)
    extra, table = cluster_on_new()
    assert extra["hudilayout.continuous"].startswith("full (moving from " + ",".join(OLD) + ": 0 of "), extra
    assert extra[MOVING] == ",".join(OLD), extra
    assert laid_out_on_old <= _live_files(table), "every old file is untouched"
    old = _old_layout(spark, path)
    assert old["columns"] == OLD and old["rows"] == 3000 and old["files"] == len(laid_out_on_old), old

    # no write since: at least one more old region moves
    extra, table = cluster_on_new()
    assert "moving from" in extra["hudilayout.continuous"], extra
    fewer = _old_layout(spark, path)
    assert fewer is None or fewer["regions"] < old["regions"], (old, fewer)

    # rounds of growth finish the move, each a delta on the new grid
    for round_ in range(2, 6):
        if _old_layout(spark, path) is None:
            break
        upsert(round_)
        extra, table = cluster_on_new()
        assert extra["hudilayout.continuous"].startswith("delta"), extra
    assert _old_layout(spark, path) is None
    assert MOVING not in extra, extra
    assert not laid_out_on_old & _live_files(table)
    files = len(_live_files(table))
    for value in (1, 5, 9):
        keys, read = point_query(spark, path, "lo_discount", value)
        assert keys == sorted(r[0] for r in table.where(F.col("lo_discount") == value).select("lo_key").collect())
        assert read < files, (value, read, files)

    # a full clustering on other columns again lays the partition out anew at once
    other = ["lo_discount", OLD[1]]
    before = _live_files(table)
    done = hl.cluster(spark, path, layout(other), incremental=False)
    assert done.executed
    extra = timeline.clustering_commits(spark, path)[-1]["extra"]
    assert extra["hudilayout.columns"] == ",".join(other), extra
    assert extra["hudilayout.continuous"].startswith("full (grid recorded on"), extra
    assert MOVING not in extra, extra
    table = spark.read.format("hudi").load(path)
    assert fingerprint(table) == fingerprint(expected)
    assert not before & _live_files(table), "every file laid out anew"


#: The bench's columns: the old layout's, then the new, which keep one old column and add another.
BENCH_OLD = OLD
BENCH_NEW = [OLD[1], "lo_quantity"]


@pytest.mark.bench
def test_after_a_change_of_columns_the_table_reads_as_one_that_started_on_them(spark, tmp_path):
    """The issue's target (``pytest -m bench -s tests/test_column_change.py``): a table grows by
    rounds of upserts of 2,000 new rows, each followed by a continuous clustering, on the old
    columns for 8 rounds, then on the new ones for 8 more (the table doubles); its twin takes the
    same rows and clusterings on the new columns from the start. After every round on the new
    columns it prints, per new column and on average, the files a point query reads (over every
    value the column holds, counted from the column-stats index; a file the index lacks for a
    column is read by every query on it) in both tables, their ratio and each one's ratio to the
    bound N^((d-1)/d); and what remains on the old layout. Expected: by the last round the moving
    table reads at most 1.25x its twin's files, on every new column and on average."""
    from bench.every_query import FileBounds
    rounds, per_round = 16, 2000
    batches = [_rows(spark, tmp_path, f"b{r}", per_round, 500 + r, 1_000_000 * r, 1 + r).localCheckpoint()
               for r in range(rounds)]
    moving, twin = str(tmp_path / "t_moving"), str(tmp_path / "t_twin")
    sizes = {}

    def layout(columns, path):
        return hl.LayoutOptions(columns, continuous=True, target_file_bytes=sizes[path],
                                small_file_bytes=1 << 40, max_bytes_per_group=1 << 40)

    figures = []
    for r, batch in enumerate(batches):
        for path, columns in ((moving, BENCH_OLD if r < rounds // 2 else BENCH_NEW), (twin, BENCH_NEW)):
            name = path.rsplit("/", 1)[-1]
            if r == 0:
                hl.write(batch.repartition(8), path, hl.LayoutOptions(columns), table=name, record_key="lo_key",
                         ordering="version", operation="bulk_insert",
                         extra={"hoodie.bulkinsert.shuffle.parallelism": "8", "hoodie.bulkinsert.sort.mode": "NONE"})
                sizes[path] = tables.file_bytes(path).target(4)  # four files a round
            else:
                hl.write(batch, path, layout(columns, path), table=name, record_key="lo_key", ordering="version",
                         operation="upsert")
            assert hl.cluster(spark, path, layout(columns, path)).executed, (name, r)
        if r < rounds // 2:
            continue
        row = {"round": r + 1}
        values = {c: sorted(v[0] for v in spark.read.format("hudi").load(twin).select(c).distinct().collect())
                  for c in BENCH_NEW}
        for path, name in ((moving, "moving"), (twin, "twin")):
            bounds = FileBounds.of_hudi(spark, path, BENCH_NEW, unindexed_read=True)
            per_column = {c: sum(bounds.count([(c, v, v)]) for v in vs) / len(vs) for c, vs in values.items()}
            bound = bounds.files ** ((len(BENCH_NEW) - 1) / len(BENCH_NEW))
            row[name] = {"files": bounds.files, **per_column,
                         "average": sum(per_column.values()) / len(per_column), "bound": bound}
        assert fingerprint(spark.read.format("hudi").load(moving)) == fingerprint(
            spark.read.format("hudi").load(twin)), r
        old = _old_layout(spark, moving)
        row["old_rows"] = old["rows"] if old else 0
        figures.append(row)
        ratios = {c: round(row["moving"][c] / row["twin"][c], 3) for c in BENCH_NEW + ["average"]}
        print(f"round {row['round']}: files {row['moving']['files']} vs twin {row['twin']['files']}; "
              f"per point query {[round(row['moving'][c], 2) for c in BENCH_NEW + ['average']]} vs twin "
              f"{[round(row['twin'][c], 2) for c in BENCH_NEW + ['average']]}: {ratios}; to the bound "
              f"{round(row['moving']['average'] / row['moving']['bound'], 3)} vs twin "
              f"{round(row['twin']['average'] / row['twin']['bound'], 3)}; rows on the old layout {row['old_rows']}")
    last = figures[-1]
    assert last["old_rows"] == 0, last
    assert all(last["moving"][c] <= 1.25 * last["twin"][c] for c in BENCH_NEW + ["average"]), last
