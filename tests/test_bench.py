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
    both = bench.Layout.parse("ours-hilbert-sample-aligned-weighted-whole")
    assert (both.aligned, both.weighted, both.whole) == (True, True, True)
    assert bench.Layout.parse("builtin-zorder-sample-whole").whole
    for bad in ("builtin-hilbert-sample-aligned", "ours-linear-direct-aligned", "ours-hilbert-peano",
                "builtin-hilbert-sample-weighted", "ours-linear-weighted", "ours-hilbert-sample-whole-whole"):
        with pytest.raises(ValueError, match="unknown"):
            bench.Layout.parse(bad)
    with pytest.raises(ValueError, match="needs --weights"):
        bench.Layout.parse("ours-hilbert-sample-weighted").options(["a", "b"], 100, 4, 100)
    with pytest.raises(ValueError, match="expected 3 numbers"):
        bench.parse_weights("0.6,0.4", ["a", "b", "c"])
    for argv in (["--weights", "1,x", "--layouts", "random"], ["--layouts", "ours-hilbert-sample-weighted"]):
        with pytest.raises(SystemExit) as exit_:  # a usage error before Spark starts
            bench.main(argv)
        assert exit_.value.code == 2


def test_weighted_and_whole_partition_modes(spark, tmp_path):
    """A workload of 0.6/0.3/0.1 over the filter columns and a table that Hudi's size-based plan
    cuts into 4 groups: the weighted layouts read fewer files on the workload's average than the
    equal-weight one, and the whole-partition plan (one group) fewer per point query than 4 groups.
    (Weights are compared within whole-partition layouts: 4 groups of 4 files leave them little to do.)"""
    args = argparse.Namespace(
        rows=24_000, scale=0.0, variant="uniform", files=16, queries=4, repetitions=1, sample_size=200_000,
        seed=7, memory="", keep_tables=False, warmup=False, out=str(tmp_path), weights="0.6,0.3,0.1", groups=4,
        layouts="random,ours-hilbert-sample,ours-hilbert-sample-whole,ours-hilbert-sample-weighted-whole,"
                "ours-hilbert-sample-aligned-weighted-whole")
    rows = {r["layout"]: r for r in bench.run(args, spark)["layouts"]}
    text = (tmp_path / "results.md").read_text()
    assert "weights=0.6,0.3,0.1 groups=4" in text and "| workload avg | groups |" in text
    grouped, whole = rows["ours-hilbert-sample"], rows["ours-hilbert-sample-whole"]
    weighted, both = rows["ours-hilbert-sample-weighted-whole"], rows["ours-hilbert-sample-aligned-weighted-whole"]
    assert grouped["groups"] == 4 and whole["groups"] == weighted["groups"] == both["groups"] == 1, rows
    assert whole["point_avg"] < grouped["point_avg"], (whole["point"], grouped["point"])
    assert weighted["workload_avg"] < whole["workload_avg"], (weighted["point"], whole["point"])
    assert both["workload_avg"] < whole["workload_avg"], (both["point"], whole["point"])
    assert len(both["buckets"].split(",")) == 3
