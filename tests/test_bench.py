"""The skipping benchmark in a CI-sized configuration, against Hudi's built-in layouts.

Fixture: 40,000 SSB rows (uniform variant, seed 7), written in random order as 16 files; each
layout clusters a copy into 16 files. The runner itself fails if any layout returns rows that
differ from the random layout's for any query. Expected: every layout writes exactly 16 files,
and for each curve and mapping ours reads no more files per point query (averaged over 4 values
per column) than Hudi's built-in implementation of the same curve and mapping; the aligned layout
(ours-hilbert-sample-aligned, 4 x 2 x 2 cells) reads fewer than the random layout.
"""
from __future__ import annotations

import argparse
import json

import pytest

from hudi_layout import bench

pytestmark = pytest.mark.spark
PAIRS = ["zorder-direct", "zorder-sample", "hilbert-direct", "hilbert-sample"]


@pytest.fixture(scope="module")
def report(spark, tmp_path_factory):
    out = tmp_path_factory.mktemp("bench")
    args = argparse.Namespace(
        rows=40_000, scale=0.0, variant="uniform", files=16, queries=4, repetitions=1,
        sample_size=200_000, seed=7, memory="", keep_tables=False, warmup=False, out=str(out),
        layouts=",".join(["random"] + [f"{impl}-{p}" for p in PAIRS for impl in ("builtin", "ours")]
                         + ["ours-hilbert-sample-aligned"]))
    result = bench.run(args, spark)
    assert json.loads((out / "results.json").read_text())["layouts"][0]["layout"] == "random"
    assert "| ours-hilbert-sample | 16 |" in (out / "results.md").read_text()
    assert (out / "files_read.png").stat().st_size > 0
    return {r["layout"]: r for r in result["layouts"]}


def test_every_layout_writes_the_same_number_of_files(report):
    assert {name: r["files"] for name, r in report.items()} == {name: 16 for name in report}


@pytest.mark.parametrize("pair", PAIRS)
def test_ours_reads_no_more_files_than_builtin(report, pair):
    ours, builtin = report[f"ours-{pair}"], report[f"builtin-{pair}"]
    assert ours["point_avg"] <= builtin["point_avg"], (pair, ours["point"], builtin["point"])
    assert ours["point_avg"] < report["random"]["point_avg"]


def test_aligned_layout_runs_in_the_benchmark(report):
    aligned = report["ours-hilbert-sample-aligned"]
    assert aligned["point_avg"] < report["random"]["point_avg"], aligned["point"]


def test_layout_names():
    assert bench.Layout.parse("ours-zorder-direct-aligned").aligned
    assert not bench.Layout.parse("ours-zorder-direct").aligned
    for bad in ("builtin-hilbert-sample-aligned", "ours-linear-direct-aligned", "ours-hilbert-peano"):
        with pytest.raises(ValueError, match="unknown"):
            bench.Layout.parse(bad)
