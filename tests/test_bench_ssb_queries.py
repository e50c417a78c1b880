"""The 13 SSB queries of the benchmark (bench/ssb_queries.py) on the flattened table bench/ssb.py
draws, and the recording benchmark that times them (bench/recording.py).

Table: 20,000 rows of the flattened lineorder table, as Parquet.
Expected: every filter runs on the table's columns, and each of its conjuncts finds rows (a value
the generator never draws would find none); the recording benchmark runs both ways on a
small Hudi table, writes its medians, and times the recorder alone.
"""
from __future__ import annotations

import json

import pytest

from bench import recording, ssb
from bench.ssb_queries import CONJUNCTS, QUERIES

pytestmark = [pytest.mark.spark, pytest.mark.bench]


def test_each_ssb_query_filters_the_tables_columns_and_finds_rows(spark, tmp_path):
    table = spark.read.parquet(ssb.write_parquet(str(tmp_path / "ssb"), rows=20_000))
    assert [name for name, _ in QUERIES] == ["Q1.1", "Q1.2", "Q1.3", "Q2.1", "Q2.2", "Q2.3", "Q3.1", "Q3.2",
                                             "Q3.3", "Q3.4", "Q4.1", "Q4.2", "Q4.3"]
    for name, parts in CONJUNCTS:
        for part in parts:
            assert table.where(part).count() > 0, (name, part)
    for name, where in QUERIES:
        table.where(where).count()  # the whole filter runs


def test_the_recording_benchmark_times_the_queries_both_ways(tmp_path):
    # its own Spark session in this process would clash with the suite's: a child process
    import subprocess
    import sys
    out = tmp_path / "run"
    run = subprocess.run([sys.executable, "-m", "bench.recording", "--rows", "5000", "--files", "4", "--rounds", "1",
                          "--memory", "1g", "--out", str(out)], capture_output=True, text=True, timeout=900,
                         cwd=str(recording.__file__).rsplit("/bench/", 1)[0])
    assert run.returncode == 0, run.stderr[-3000:]
    results = json.loads((out / "results.json").read_text())
    assert set(results["median_seconds"]) == {"off", "on"}
    assert all(len(results["median_seconds"][mode]) == 13 for mode in ("off", "on"))
    lines = run.stdout.splitlines()
    assert any(line.startswith("13 queries: ") and "overhead" in line for line in lines), run.stdout
    assert lines[-1].startswith("the recorder itself: ") and results["recorder_ms_per_query"] > 0, run.stdout
