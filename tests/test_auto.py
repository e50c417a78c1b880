"""The layout option auto (``LayoutOptions.auto``): sort columns and weights chosen from the
table's query log, on real Spark + Hudi.

Table: 4,000 order lines bulk-inserted as 16 files, the column-stats index on every column. A user
would name s_city, c_city and p_brand; the queries the session records filter none of them. They
filter an order-date window and a discount, a discount range and a quantity bound, and one order
date (WORKLOAD, 8 scans). Copies of the table are taken before the recording (no log) and after.
Expected:
- auto lays the table out by columns the queries filter, records its reason on the replacecommit
  (which the layout report shows), and keeps every row;
- the same queries then read fewer files than on the copy laid out by the named columns, with the
  same rows;
- with no log the named columns apply, alike, and the commit says why;
- auto with the continuous plan is refused before anything is written.
"""
from __future__ import annotations

import shutil

import pytest
from pyspark.sql import functions as F

import hudi_layout as hl
from data import lineorder
from hudi_layout import queries, scan, tables
from hudi_layout import report as layout_report
from hudi_layout.options import LayoutOptionError
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
             operation="bulk_insert", extra={"hoodie.bulkinsert.shuffle.parallelism": str(FILES_IN),
                                             "hoodie.bulkinsert.sort.mode": "NONE"})
    shutil.copytree(paths["auto"], paths["unlogged"])
    recorder = queries.record_queries(spark, flush_entries=1000)
    table = scan.read(spark, paths["auto"])
    for where, times in WORKLOAD:
        for _ in range(times):
            table.where(where()).count()
    queries.stop_recording(spark, recorder)
    shutil.copytree(paths["auto"], paths["given"])
    target = tables.file_bytes(paths["auto"]).target(FILES_OUT)
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


def test_auto_with_the_continuous_plan_is_refused():
    with pytest.raises(LayoutOptionError, match="auto_columns=True"):
        hl.LayoutOptions.auto(GIVEN, continuous=True)
    assert not hl.LayoutOptions.auto(GIVEN, inline=True).is_continuous

