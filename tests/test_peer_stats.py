"""How the bench reads the peers' own statistics and anyone's stages: pure Python, no Spark.

- ``peers.bounds_json`` then ``every_query.FileBounds.of_peer``: each file's [min, max] as Delta's
  log or Iceberg's manifests hold them (dates as ISO strings or dates, a column without bounds as
  None) counts the files a query reads as the system's own skipping would;
- ``bench_report.phase``: a stage's phase from its measures alone, alike for Hudi, Delta and Iceberg;
- ``peers.resized``: a peer's target after a layout, from the bytes per file it really wrote.
"""
import datetime

import pytest

from bench import bench_report, every_query, peers

pytestmark = pytest.mark.bench


def _bounds():
    # three files: a, b on disjoint cities and days; c kept no bounds for city (a truncated or
    # missing stat) and spans every day
    return {
        "a.parquet": {"city": ("AMSTERDAM", "BERLIN"), "day": ("2024-01-01", "2024-01-10")},
        "b.parquet": {"city": ("CAIRO", "DELHI"), "day": (datetime.date(2024, 2, 1), datetime.date(2024, 2, 5))},
        "c.parquet": {"city": (None, None), "day": ("2024-01-01", "2024-02-28")},
    }


def test_peer_bounds_count_files_as_the_peer_skips():
    data = peers.bounds_json(_bounds(), ["city", "day"], dates=["day"])
    assert data["files"] == ["a.parquet", "b.parquet", "c.parquet"]
    # dates as day numbers since 1970-01-01, whichever form the system kept them in
    jan1 = (datetime.date(2024, 1, 1) - datetime.date(1970, 1, 1)).days
    assert data["low"]["day"][0] == jan1 and data["low"]["day"][1] == jan1 + 31
    assert data["low"]["city"][2] is None
    b = every_query.FileBounds.of_peer(data, ["city", "day"])
    assert b.files == 3
    # c has no city bounds: it meets every condition on city
    assert b.count([("city", "BERLIN", "BERLIN")]) == 2
    assert b.count([("city", "CAIRO", "CAIRO")]) == 2
    assert b.count([("city", "ZURICH", "ZURICH")]) == 1
    # a query's date, as a string, against the day numbers
    assert b.count([("day", "2024-02-03", "2024-02-03")]) == 2
    assert b.count([("day", "2024-03-01", "2024-03-31")]) == 0
    assert b.count([("city", "BERLIN", "BERLIN"), ("day", "2024-02-03", "2024-02-03")]) == 1  # c only
    with pytest.raises(ValueError, match="no column p_brand"):
        every_query.FileBounds.of_peer(data, ["city", "p_brand"])


def _stage(**measures):
    base = {"input_rows": 0, "shuffle_read_rows": 0, "shuffle_write_bytes": 0, "tasks": 1, "seconds": 1.0}
    return {**base, **measures}


def test_stage_phases_from_measures_alone():
    rows, files = 1000, 30
    assert bench_report.phase(_stage(input_rows=1000, shuffle_write_bytes=5 << 20, tasks=4), rows, files) == bench_report.PHASES[0]
    # Hudi's built-in reads its files through its own reader: no input rows, a task per file
    assert bench_report.phase(_stage(shuffle_write_bytes=5 << 20, tasks=30), rows, files) == bench_report.PHASES[0]
    assert bench_report.phase(_stage(input_rows=1000, tasks=4), rows, files) == bench_report.PHASES[1]
    assert bench_report.phase(_stage(tasks=30), rows, files) == bench_report.PHASES[1]
    assert bench_report.phase(_stage(shuffle_read_rows=1000, shuffle_write_bytes=90_000, tasks=30), rows, files) \
        == bench_report.PHASES[2]
    # small jobs: a metadata table's, a log's
    assert bench_report.phase(_stage(input_rows=12, shuffle_write_bytes=300_000, tasks=201), rows, files) == bench_report.PHASES[3]
    assert bench_report.phase(_stage(shuffle_read_rows=300, tasks=1), rows, files) == bench_report.PHASES[3]
    report = {"parameters": {"files": files}, "layouts": [
        {"layout": "x", "cluster_seconds": 10.0, "outside_stages_seconds": 1.5,
         "stages": [_stage(input_rows=1000, shuffle_write_bytes=5 << 20, seconds=2.0),
                    _stage(shuffle_read_rows=1000, seconds=6.0), _stage(tasks=201, seconds=0.5)]},
        {"layout": "random", "cluster_seconds": 0.0, "stages": []}]}
    assert bench_report.phase_breakdown(report).splitlines()[2] == "| x | 10.0 | 2.0 | 0.0 | 6.0 | 0.5 | 1.5 |"


def test_a_peers_target_follows_the_files_its_layout_wrote():
    # asked for files of 100 bytes, the layout wrote 3 files of 400 bytes in all: to write files of
    # 100 bytes it needs a target of 100 * 100 / (400 / 3) = 75
    assert peers.resized(100, 400, 3, 100.0) == 75
    # it wrote more, smaller files than wanted: the target grows
    assert peers.resized(100, 600, 6, 200.0) == 200
    # exactly what was wanted: unchanged
    assert peers.resized(100, 400, 4, 100.0) == 100
    # nothing written (no file was due), or nothing to size by yet: unchanged
    assert peers.resized(100, 0, 0, 100.0) == 100
    assert peers.resized(100, 400, 4, 0.0) == 100
    # at most RESIZE_LIMIT either way, never below one byte
    assert peers.resized(100, 100, 1, 10_000.0) == 100 * peers.RESIZE_LIMIT
    assert peers.resized(100, 10_000, 1, 1.0) == 100 / peers.RESIZE_LIMIT
    assert peers.resized(1, 10_000, 1, 1.0) == 1
