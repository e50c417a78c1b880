"""The rounds benchmark (``bench --rounds R``) in a CI-sized configuration.

Fixture: 2 rounds of 3,000 SSB rows (uniform, seed 7), each bulk-inserted as 4 small files and,
for the clustered layouts, clustered with Hudi's size-based plan into max(1, 4 // 5) = 1 file
(target and small-file limit derived from round 1's bytes). Layouts: random (no clustering),
the built-in Hilbert/sample and ours. The runner itself fails if a table's rows (count and
checksum, read with skipping off) differ from the model after any round, or a query returns
other rows than the random table's. Expected: a row per (round, layout) with the table's file
count, the bound for it and the ratio, for the sampled queries and over every value (counted from
the column-stats index, which counts each sampled query as Spark read it); the random table holds 4 files per round and rewrites
nothing; each clustering takes exactly the round's 4 small files (none of the files earlier
rounds' clusterings wrote) and writes 1, so rewritten / ingested > 0; results.md, results.json
and files_per_round.png are written and ``--render`` re-renders them; ``floor`` is refused.
"""
from __future__ import annotations

import argparse
import json
import math

import pytest

from hudi_layout.tools import bench, bench_cli, rounds

pytestmark = pytest.mark.spark
LAYOUTS = ["random", "builtin-hilbert-sample", "ours-hilbert-sample"]
ROUNDS, ROWS, FILES = 2, 3000, 4


def _args(out, **changes) -> argparse.Namespace:
    args = dict(rows=ROUNDS * ROWS, scale=0.0, rounds=ROUNDS, rows_per_round=None, round_files=FILES,
                files=None, groups=1, variant="uniform", queries=1, repetitions=1, sample_size=200_000,
                seed=7, memory="", keep_tables=False, warmup=False, out=str(out), layouts=",".join(LAYOUTS),
                weights="")
    args.update(changes)
    return argparse.Namespace(**args)


@pytest.fixture(scope="module")
def run(spark, tmp_path_factory):
    out = tmp_path_factory.mktemp("rounds")
    return rounds.run(_args(out), spark), out


@pytest.fixture(scope="module")
def table(run):
    return {(r["round"], r["layout"]): r for r in run[0]["rounds"]}


def test_every_round_of_every_layout_is_measured(run, table):
    report, _ = run
    assert sorted(table) == sorted((r, name) for r in range(1, ROUNDS + 1) for name in LAYOUTS)
    assert report["plan"] == {"rounds": ROUNDS, "rows_per_round": ROWS, "round_files": FILES,
                              "files_per_round": 1, "total_rows": ROUNDS * ROWS, "bloom_entries": ROWS // FILES}
    for (r, name), row in table.items():
        assert row["rows"] == r * ROWS and row["verified"], (r, name)
        assert row["files"] > 0
        assert row["bound"] == pytest.approx(row["files"] ** (2 / 3))
        assert row["ratio_to_bound"] == pytest.approx(row["point_avg"] / row["bound"]) and row["ratio_to_bound"] > 0
        assert {q["kind"] for q in row["queries"]} == {"point", "range", "and"}
        assert 0 < row["point_avg"] <= row["files"] and row["range_avg"] > 0 and row["and_avg"] > 0
        every = row["every"]
        assert set(every["point"]) == set(report["filter_columns"])
        assert all(0 < every[k] <= row["files"] for k in ("point_avg", "range_avg", "and_avg"))
        assert row["every_ratio_to_bound"] == pytest.approx(every["point_avg"] / row["bound"])


def test_random_writes_small_files_and_rewrites_nothing(table):
    for r in range(1, ROUNDS + 1):
        row = table[(r, "random")]
        assert row["files"] == FILES * r
        assert row["point_avg"] == FILES * r  # no layout: every file holds every value
        assert row["every"]["point_avg"] > 0.9 * FILES * r  # all but values beyond a file's [min, max]
        assert row["rewritten_bytes"] == 0 and row["rewritten_vs_ingested"] == 0
        assert row["ingested_bytes"] > 0 and row["cluster_seconds"] == 0 and row["clustered_files"] == 0


@pytest.mark.parametrize("name", LAYOUTS[1:])
def test_each_clustering_takes_the_rounds_small_files(table, name):
    previous = 0
    for r in range(1, ROUNDS + 1):
        row = table[(r, name)]
        assert (row["clustered_files"], row["written_files"]) == (FILES, 1), (r, row)
        assert row["files"] == r  # one laid-out file per round; none is clustered again
        assert row["rewritten_bytes"] > previous and row["rewritten_vs_ingested"] > 0
        assert row["cluster_seconds"] > 0
        previous = row["rewritten_bytes"]


def test_sizes_pick_small_files_and_leave_clustered_ones(run):
    sizes = run[0]["sizes"]
    small_file, clustered_file = sizes["round_bytes"] / FILES, sizes["round_bytes"]
    assert small_file < sizes["small_file_bytes"] < clustered_file
    assert math.ceil(sizes["round_bytes"] / sizes["target_file_bytes"]) == 1


def test_outputs_and_render(run, capsys):
    report, out = run
    text = (out / "results.md").read_text()
    assert ("| round | layout | rows | files | point avg (every) | bound | ratio to bound (every) | range avg (every) "
            "| 2-col avg (every) | point avg (sampled) | ratio to bound (sampled) | files clustered "
            "| rewritten / ingested | rewritten / plain writes | cluster s |") in text
    assert f"| {ROUNDS} | ours-hilbert-sample | {ROUNDS * ROWS} | {ROUNDS} |" in text
    assert sum(1 for line in text.splitlines() if line.startswith("| ") and line[2].isdigit()) == ROUNDS * len(LAYOUTS)
    assert json.loads((out / "results.json").read_text())["mode"] == "rounds"
    png = out / rounds.CHART
    assert png.stat().st_size > 0
    png.unlink()
    assert bench_cli.main(["--render", str(out / "results.json")]) == 0
    assert png.stat().st_size > 0 and "| round | layout |" in capsys.readouterr().out


def test_floor_is_refused(capsys):
    with pytest.raises(ValueError, match="layout floor: not with --rounds"):
        rounds.parse_layouts("random,floor")
    with pytest.raises(SystemExit) as exit_:  # a usage error before Spark starts
        bench_cli.main(["--rounds", "3", "--layouts", "random,builtin-hilbert-sample,floor"])
    assert exit_.value.code == 2
    assert "layout floor: not with --rounds" in capsys.readouterr().err


@pytest.mark.parametrize("argv, message", [
    (["--rounds", "0"], "--rounds 0: expected a whole number of rounds"),
    (["--rounds", "2", "--round-files", "1"], "--round-files 1: expected at least 2"),
    (["--rounds", "2", "--files", "8"], "--files 8: not with --rounds"),
    (["--rounds", "2", "--groups", "4"], "--groups 4: not with --rounds"),
    (["--rounds", "4", "--rows", "100"], "--rows 100 over --rounds 4 (25 rows per round)"),
    (["--rounds", "2", "--rows", "100", "--rows-per-round", "10"], "disagree"),
    (["--round-files", "8"], "--round-files 8: only with --rounds"),
    (["--rows-per-round", "8"], "--rows-per-round 8: only with --rounds"),
    (["--drift", "s_city"], "--drift s_city: only with --rounds"),
    (["--rounds", "2", "--drift", "lo_key"], "--drift lo_key: expected one of the uniform variant's filter columns"),
])
def test_bad_arguments_name_the_flag(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        bench_cli.main(argv)
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_plan_defaults():
    plan = rounds.plan_from_args(_args("x", rows=0, scale=0.05, rounds=4, round_files=None))
    assert (plan.rows_per_round, plan.round_files, plan.files_per_round) == (75_000, 40, 8)
    plan = rounds.plan_from_args(_args("x", rows=0, rounds=8, rows_per_round=1000, round_files=20))
    assert (plan.total_rows, plan.files_per_round, plan.bloom_entries) == (8000, 4, 50)
    # a round's bytes within a few percent of round 1's still become W files
    sizes = rounds.Sizes.of_round(8_000_000, rounds.plan_from_args(_args("x", rounds=8, round_files=40)))
    assert all(math.ceil(b / sizes.target_file_bytes) == 8 for b in (7_600_000, 8_000_000, 8_400_000))
    assert 8_000_000 / 40 < sizes.small_file_bytes < 8_000_000 / 8


def test_the_grouped_layout_caps_its_groups_and_the_others_do_not():
    plan = rounds.RoundsPlan(8, 1000, 20)
    sizes = rounds.Sizes.of_round(40_000, plan)
    grouped = bench.Layout.parse("ours-hilbert-sample-continuous-grouped")
    opts = rounds.round_options(grouped, ["a", "b"], sizes, plan, 100, None, group_bytes=12_345)
    assert opts[rounds.GROUP_BYTES_KEY] == "12345"
    assert opts["hoodie.clustering.plan.strategy.class"] == "dev.hudilayout.continuous.ContinuousPlanStrategy"
    unbounded = rounds.round_options(bench.Layout.parse("ours-hilbert-sample-continuous"), ["a", "b"], sizes, plan,
                                     100, None)
    # one group however far the table grows past the rounds' bytes
    assert int(unbounded[rounds.GROUP_BYTES_KEY]) >= 1000 * plan.rounds * sizes.round_bytes


def test_drift_orders_the_rounds_by_the_column(tmp_path):
    plan = rounds.RoundsPlan(3, 200, 4)
    folders, _ = rounds.write_round_sources(tmp_path / "src", plan, 7, "uniform", drift="p_brand")
    import pyarrow.parquet as pq
    ranges = [(min(v), max(v)) for v in (pq.read_table(f).column("p_brand").to_pylist() for f in folders)]
    assert all(ranges[i][1] <= ranges[i + 1][0] for i in range(2)), ranges
    plain, _ = rounds.write_round_sources(tmp_path / "plain", plan, 7, "uniform")
    assert pq.read_table(plain[0]).column("p_brand").to_pylist() != pq.read_table(folders[0]).column("p_brand").to_pylist()
