"""The layout option auto (``LayoutOptions.auto``): sort columns and weights chosen from the
table's query log, on real Spark + Hudi.

Table: 4,000 order lines bulk-inserted as 16 files, the column-stats index on every column; for the
first two tests it is merge-on-read, with a tenth of its rows then updated into log files. A user
would name s_city, c_city and p_brand; the queries the session records filter none of them. They
filter an order-date window and a discount, a discount range and a quantity bound, and one order
date (WORKLOAD, 8 scans). Copies of the table are taken before the recording (no log) and after.
Expected:
- auto lays the table out by columns the queries filter, records its reason on the replacecommit
  (which the layout report shows; it names the columns a sample of the table's rows found to
  determine others, each city its region among them), and keeps every row;
- the same queries then read fewer files than on the copy laid out by the named columns, with the
  same rows;
- with no log the named columns apply, alike, and the commit says why;
- on a table of 4 partitions, auto cuts for the files a partition gets, not the plan's 4 times as many;
- on the continuous plan, auto cuts for the files the clustering writes (16 small files packed into
  about 4), not for the 16 it reads; that table is merge-on-read too, and the log files of its
  updated tenth add no file to the count;
- on the continuous plan, a table laid out by auto on the cities moves to the order date and
  discount once the queries drift to them: the next clustering lays the new rows out on the new
  columns, records why, and keeps every row; after a full clustering the drifted queries read at
  most 0.7x the files they read before. The new rows come past the table's order dates, as in a
  table fed day by day: the reason says the table grows along the order date (and the key), and
  along no other column.
"""
from __future__ import annotations

import os
import re
import shutil

import pytest
from pyspark.sql import functions as F

import hudi_layout as hl
from data import lineorder
from hudi_layout import queries, scan, tables
from hudi_layout import report as layout_report
from tablecheck import fingerprint

pytestmark = [pytest.mark.spark, pytest.mark.slow]

ROWS, FILES_IN, FILES_OUT = 4000, 16, 16
GIVEN = ["s_city", "c_city", "p_brand"]
FILTERED = {"lo_orderdate", "lo_discount", "lo_quantity"}


#: The recorded queries' filters, each with how many times it runs.
WORKLOAD = [
    (lambda: F.col("lo_orderdate").between("1994-03-01", "1994-04-30") & (F.col("lo_discount") == 3), 4),
    (lambda: F.col("lo_discount").between(1, 3) & (F.col("lo_quantity") < 10), 2),
    (lambda: F.col("lo_orderdate") == "1996-07-04", 2),
]
SCANS = sum(times for _, times in WORKLOAD)


@pytest.fixture(scope="module")
def recorded(spark, tmp_path_factory):
    root = tmp_path_factory.mktemp("auto")
    paths = {name: str(root / name) for name in ("auto", "given", "unlogged")}
    df = lineorder.frame(spark, ROWS, 31).repartition(FILES_IN).localCheckpoint()
    hl.write(df, paths["auto"], hl.LayoutOptions.auto(GIVEN), table="t_auto", record_key="lo_key",
             table_type="MERGE_ON_READ", operation="bulk_insert",
             extra={"hoodie.bulkinsert.shuffle.parallelism": str(FILES_IN), "hoodie.bulkinsert.sort.mode": "NONE"})
    target = tables.file_bytes(paths["auto"]).target(FILES_OUT)
    # a tenth of the rows updated: merge-on-read keeps them in log files, which the scans merge
    updated = df.orderBy(F.xxhash64("lo_key")).limit(ROWS // 10).withColumn("lo_tax", F.lit(77)).localCheckpoint()
    hl.write(updated, paths["auto"], hl.LayoutOptions.auto(GIVEN), table="t_auto", record_key="lo_key",
             table_type="MERGE_ON_READ", extra={"hoodie.compact.inline": "false"})
    assert any(".log." in name for name in os.listdir(paths["auto"])), "the update wrote no log files"
    df = df.join(updated.select("lo_key"), "lo_key", "left_anti").unionByName(updated)
    shutil.copytree(paths["auto"], paths["unlogged"])
    recorder = queries.record_queries(spark, flush_entries=1000)
    table = scan.read(spark, paths["auto"])
    for where, times in WORKLOAD:
        for _ in range(times):
            table.where(where()).count()
    queries.stop_recording(spark, recorder)
    assert len(queries.entries(spark, paths["auto"])) == SCANS
    shutil.copytree(paths["auto"], paths["given"])
    return paths, fingerprint(df), target


def _layout(target, auto=True):
    sizes = dict(target_file_bytes=target, small_file_bytes=target * 1000, max_bytes_per_group=target * 1000)
    return hl.LayoutOptions.auto(GIVEN, **sizes) if auto else hl.LayoutOptions(GIVEN, **sizes)


def test_auto_lays_the_table_out_by_the_columns_its_queries_filter(spark, recorded):
    paths, expected, target = recorded
    assert len(queries.entries(spark, paths["auto"])) == SCANS
    result = hl.cluster(spark, paths["auto"], _layout(target))
    extra = result.layout
    assert extra["hudilayout.auto"].startswith(f"{SCANS} scans recorded: "), extra
    # a sample of the table's rows showed which columns determine which: each city its region
    assert re.search(r"s_city -> \[[^\]]*s_region", extra["hudilayout.auto"]), extra
    chosen = extra["hudilayout.columns"].split(",")
    assert set(chosen) <= FILTERED and "lo_orderdate" in chosen, extra
    assert "hudilayout.column.weights" in extra, extra
    assert fingerprint(scan.read(spark, paths["auto"], skipping=False)) == expected
    # the report shows the choice
    grid = layout_report.layout_grid(spark, paths["auto"])
    assert "columns (auto): " + extra["hudilayout.auto"] in layout_report.grid_lines(grid, FILES_OUT), grid

    hl.cluster(spark, paths["given"], _layout(target, auto=False))
    read = {name: [] for name in ("auto", "given")}
    for name in read:
        table = scan.read(spark, paths[name])
        for where, _ in WORKLOAD:
            rows, files = scan.files_read(table.where(where()).select("lo_key"))
            read[name].append((sorted(r[0] for r in rows), files))
    for (auto_rows, _), (given_rows, _) in zip(read["auto"], read["given"]):
        assert auto_rows == given_rows
    files = {name: [f for _, f in read[name]] for name in read}
    print(f"files read per query, auto {files['auto']} against the named columns {files['given']}; "
          f"{extra['hudilayout.auto']}")
    assert sum(files["auto"]) < sum(files["given"]), (files, extra)
    assert all(a <= g for a, g in zip(files["auto"], files["given"])), (files, extra)


def test_with_no_queries_recorded_the_named_columns_apply(spark, recorded):
    paths, expected, target = recorded
    result = hl.cluster(spark, paths["unlogged"], _layout(target))
    extra = result.layout
    assert extra["hudilayout.auto"].startswith("no queries recorded: the given columns"), extra
    assert extra["hudilayout.columns"] == ",".join(GIVEN), extra
    assert "hudilayout.column.weights" not in extra, extra
    assert fingerprint(scan.read(spark, paths["unlogged"], skipping=False)) == expected


def test_auto_on_a_partitioned_table_sizes_its_cuts_for_a_partitions_files(spark, tmp_path):
    # 4 partitions of about equal rows: each partition's grid holds a quarter of the files written
    path = str(tmp_path / "parted")
    df = (lineorder.frame(spark, ROWS, 35).withColumn("part", (F.col("lo_key") % 4).cast("string"))
          .repartition(FILES_IN).localCheckpoint())
    hl.write(df, path, hl.LayoutOptions.auto(GIVEN), table="t_parted", record_key="lo_key", partition_by="part",
             operation="bulk_insert", extra={"hoodie.bulkinsert.shuffle.parallelism": str(FILES_IN),
                                             "hoodie.bulkinsert.sort.mode": "NONE"})
    _run(spark, path, WORKLOAD)
    target = tables.file_bytes(path).target(FILES_OUT)
    extra = hl.cluster(spark, path, _layout(target)).layout
    written = scan.files_read(scan.read(spark, path).groupBy().count())[1]
    per_partition = re.search(r" of (\d+) files a query", extra["hudilayout.auto"])
    assert written >= 8 and per_partition and int(per_partition.group(1)) == written // 4, (written, extra)
    assert fingerprint(scan.read(spark, path, skipping=False)) == fingerprint(df)


def test_auto_on_the_continuous_plan_cuts_for_the_files_it_writes_not_those_it_reads(spark, tmp_path):
    # 16 small files packed into about 4: the model's grid is the files the clustering writes.
    # Merge-on-read: a tenth of the rows updated into log files adds no row, nor any file written.
    path = str(tmp_path / "packed")
    df = lineorder.frame(spark, ROWS, 36).repartition(FILES_IN).localCheckpoint()
    hl.write(df, path, hl.LayoutOptions.auto(GIVEN), table="t_packed", record_key="lo_key",
             table_type="MERGE_ON_READ", operation="bulk_insert",
             extra={"hoodie.bulkinsert.shuffle.parallelism": str(FILES_IN), "hoodie.bulkinsert.sort.mode": "NONE"})
    layout = hl.LayoutOptions.auto(GIVEN, continuous=True, target_file_bytes=tables.file_bytes(path).target(4))
    updated = df.orderBy(F.xxhash64("lo_key")).limit(ROWS // 10).withColumn("lo_tax", F.lit(76)).localCheckpoint()
    hl.write(updated, path, layout, table="t_packed", record_key="lo_key", table_type="MERGE_ON_READ",
             extra={"hoodie.compact.inline": "false"})
    assert any(".log." in name for name in os.listdir(path)), "the update wrote no log files"
    df = df.join(updated.select("lo_key"), "lo_key", "left_anti").unionByName(updated)
    _run(spark, path, WORKLOAD)
    extra = hl.cluster(spark, path, layout).layout
    written = scan.files_read(scan.read(spark, path).groupBy().count())[1]
    cut_for = re.search(r" of (\d+) files a query", extra["hudilayout.auto"])
    # the model sizes the files as the plan does; the grid may round its cells up by one
    assert cut_for and int(cut_for.group(1)) <= written <= int(cut_for.group(1)) + 1 < FILES_IN / 2, (written, extra)
    assert fingerprint(scan.read(spark, path, skipping=False)) == fingerprint(df)


def _run(spark, path, workload):
    """Run each filter its times with the session recording; the files each run read."""
    recorder = queries.record_queries(spark, flush_entries=1000)
    table = scan.read(spark, path)
    try:
        return [scan.files_read(table.where(where()).select("lo_key"))[1]
                for where, times in workload for _ in range(times)]
    finally:
        queries.stop_recording(spark, recorder)


CITIES = [(lambda: F.col("s_city") == "GERMANY  2", 4), (lambda: F.col("c_city") == "VIETNAM  2", 2)]


def test_auto_on_the_continuous_plan_moves_to_the_columns_the_queries_drift_to(spark, tmp_path):
    path = str(tmp_path / "drift")
    df = lineorder.frame(spark, ROWS, 33).repartition(FILES_IN).localCheckpoint()
    extra = {"hoodie.bulkinsert.shuffle.parallelism": str(FILES_IN), "hoodie.bulkinsert.sort.mode": "NONE"}
    hl.write(df, path, hl.LayoutOptions.auto(GIVEN), table="t_drift", record_key="lo_key",
             operation="bulk_insert", extra=extra)
    target = tables.file_bytes(path).target(FILES_OUT)
    layout = hl.LayoutOptions.auto(GIVEN, continuous=True, target_file_bytes=target)
    assert layout.is_continuous
    _run(spark, path, CITIES)
    first = hl.cluster(spark, path, layout).layout
    assert first["hudilayout.columns"].split(",")[0] == "s_city", first
    assert first["hudilayout.continuous"].startswith("full"), first
    assert "grows along" not in first["hudilayout.auto"], first  # one commit: nothing to grow along yet

    new = (lineorder.frame(spark, 800, 34).withColumn("lo_key", F.col("lo_key") + 10 ** 9)
           .withColumn("lo_orderdate", F.date_add("lo_orderdate", 2557)).localCheckpoint())
    hl.write(new, path, layout, table="t_drift", record_key="lo_key", operation="insert")
    before = _run(spark, path, WORKLOAD * 3)
    second = hl.cluster(spark, path, layout).layout
    moved = second["hudilayout.columns"].split(",")
    assert set(moved) <= FILTERED and "lo_orderdate" in moved, second
    assert "moves from the recorded columns [" in second["hudilayout.auto"], second
    grows = re.search(r"the table grows along \[([^]]*)\]", second["hudilayout.auto"])
    assert grows and set(grows.group(1).split(", ")) <= {"lo_orderdate", "lo_key"} and "lo_orderdate" in grows.group(1), \
        second
    assert fingerprint(scan.read(spark, path, skipping=False)) == fingerprint(df.unionByName(new))
    moving = _run(spark, path, WORKLOAD)
    # the old regions move as they fall due; a full clustering moves the rest at once
    hl.cluster(spark, path, layout, incremental=False)
    after = _run(spark, path, WORKLOAD)
    print(f"drifted queries' files read: {before[:len(after)]} before, {moving} once the new rows moved, "
          f"{after} after a full clustering; {second['hudilayout.auto']}")
    assert sum(after) <= 0.7 * sum(before[:len(after)]), (before, moving, after)
