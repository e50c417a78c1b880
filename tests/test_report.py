"""The layout report reads the column-stats index right: on a real table, the files it says a
point query holds equal the files Spark reads with data skipping (a value on each sort column, and
one no file holds); a random layout costs every file per query and a clustered one
fewer; --before/--after report two instants; the PNG is drawn; a folder without a table (one
Parquet file) is named.

Fixture: 3000 order lines (seed 91) bulk-inserted in random order as 12 files, then clustered with
Hilbert/sample into about 6 files.
"""
from __future__ import annotations

import json

import pytest

import hudi_layout as hl
from hudi_layout import report, tables, timeline
from hudi_layout.cli import report as report_cli
from hudi_layout.paths import TableNotFoundError
from data import lineorder
from tablecheck import point_query

COLUMNS = list(lineorder.FILTER_COLUMNS)
# a value some files hold on each sort column, and one no file holds
PROBES = [("s_city", "GERMANY  2"), ("c_city", "VIETNAM  2"), ("p_brand", "MFGR#1440"), ("s_city", "zzz")]

pytestmark = pytest.mark.spark


def test_report_before_and_after_a_clustering(spark, tmp_path):
    path = str(tmp_path / "table")
    df = lineorder.frame(spark, 3000, 91).repartition(12)
    hl.write(df, path, hl.LayoutOptions(COLUMNS), table="t_report", record_key="lo_key", operation="bulk_insert",
             extra={"hoodie.bulkinsert.shuffle.parallelism": "12", "hoodie.bulkinsert.sort.mode": "NONE"})
    before_instant = timeline.instants(spark, path)[-1]["instant"]
    random = report.report(spark, path, COLUMNS)
    assert [r.column for r in random] == COLUMNS
    assert all(r.files == 12 and 11 <= r.avg_files <= 12 for r in random), random  # extremes miss a file or two

    target = tables.table_bytes(path) // 6 + 1
    done = hl.cluster(spark, path, hl.LayoutOptions(COLUMNS, target_file_bytes=target, small_file_bytes=1 << 40,
                                                    max_bytes_per_group=1 << 40))
    files = int(done.layout["hudilayout.files"])
    after = report.report(spark, path)  # columns from the clustering's commit
    assert [r.column for r in after] == COLUMNS
    for r in after:
        assert r.files == files and r.avg_files < files and r.bound == pytest.approx(files ** (2 / 3)), r

    for column, value in PROBES:
        assert report.files_holding(spark, path, column, value) == point_query(spark, path, column, value)[1]
    assert report.files_holding(spark, path, "s_city", "GERMANY  2", instant=before_instant) == 12

    out = tmp_path / "report.json"
    png = tmp_path / "boxes.png"
    assert report_cli.main([path, "--before", before_instant, "--png", str(png), "--x", "s_city", "--y", "p_brand",
                        "--json", str(out)]) == 0
    figures = json.loads(out.read_text())
    assert figures[f"as of {before_instant}"][0]["avg_files"] == random[0].avg_files
    assert figures["latest"][0]["avg_files"] == after[0].avg_files
    for image in (png, tmp_path / "boxes-before.png"):
        assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and image.stat().st_size > 5000
    # a function that takes a table checks the path through Spark's Hadoop file system (any scheme);
    # a folder of Parquet files is not a table
    lineorder.write_parquet(spark, str(tmp_path / "src"), 100, 91, partitions=1)
    with pytest.raises(TableNotFoundError, match=r"^no Hudi table at file:" + str(tmp_path / "src")):
        report.file_slices(spark, f"file:{tmp_path / 'src'}")


def test_files_read_counts_a_slice_once_whichever_of_its_files_holds_the_value():
    """The counting on the driver: a file holds v when lo <= v <= hi; a merge-on-read slice (a base
    file and its log files) is read once when any of its files holds v; null bounds or a file the
    index lacks hold nothing."""
    bounds = {"a": (1, 5), "b": (4, 9), "c": (None, None), "base": (1, 2), "log": (8, 9), "log2": (8, 10)}
    slices = [["a"], ["b"], ["c"], ["missing"], ["base", "log", "log2"]]
    assert report._files_read([0, 1, 3, 4, 5, 7, 8, 10, 11], slices, bounds) == [0, 2, 1, 2, 2, 1, 2, 1, 0]
