"""The rounds benchmark (``bench --rounds R``) in a CI-sized configuration.

Fixture ``run``, once per case of ``CASES``. ``bulk``: 2 rounds of 3,000 SSB rows (uniform, seed 7), each bulk-inserted as 4 small files and,
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
``upserts``: 3 rounds of 3,000 rows of the ``dated`` variant in time order, upserted into
merge-on-read tables with 10% updates per round after the first (random and the continuous
layout), and the same rows merged into a Delta table (liquid clustering, OPTIMIZE after each
round; Iceberg's z-order rewrite runs in test_bench.py's correlated run). Expected: every round verified against the model, the updated keys hold their latest
values, log files' bytes counted as ingested, per-column figures and the feed in the report.
Tests marked ``BULK`` or ``UPSERTS`` run on that case alone.

The argument checks, the time order, the update selection and the model run without the rounds
fixture (the model with the shared Spark session).
"""
from __future__ import annotations

import json
import math
from collections import Counter

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from hudi_layout import scan, timeline
from bench import bench_cli, rounds, rounds_data, rounds_report, ssb
from bench.layouts import Layout, layouts
from bench.rounds import RoundsSpec

pytestmark = [pytest.mark.spark, pytest.mark.bench]
LAYOUTS = ["random", "builtin-hilbert-sample", "ours-hilbert-sample"]
ROUNDS, ROWS, FILES = 2, 3000, 4
UPSERT_ROUNDS, UPSERT_LAYOUTS = 3, ["random", "ours-hilbert-sample-continuous"]
#: the peer as a growing table's users run it, in a Spark session of its own (a minute here): Delta's
#: liquid clustering, whose OPTIMIZE takes each round's small files. Iceberg's rewrite, with its
#: default file selection, takes no group of fewer than 5 small files, so it would lay nothing out
#: in these rounds of 4; test_bench.py's correlated run lays out an Iceberg table.
UPSERT_PEERS = ["delta-liquid"]
#: the partitioned case: P partitions by lo_orderdate, each round's small files shared out over them
PARTS, PART_FILES = 3, 30
CASES = {
    "bulk": {},
    "partitioned": dict(round_files=PART_FILES, partitions=PARTS, layouts=layouts("random,ours-hilbert-sample-continuous")),
    "upserts": dict(rounds=UPSERT_ROUNDS, rows=UPSERT_ROUNDS * ROWS, variant="dated", order="time",
                    operation="upsert", updates=0.1, table_type="MERGE_ON_READ", layouts=layouts(*UPSERT_LAYOUTS, *UPSERT_PEERS),
                    keep_tables=True),
}
BULK = pytest.mark.parametrize("run", ["bulk"], indirect=True)
UPSERTS = pytest.mark.parametrize("run", ["upserts"], indirect=True)
PARTITIONED = pytest.mark.parametrize("run", ["partitioned"], indirect=True)
FEED = {"order": "random", "drift": None, "operation": "bulk_insert", "updates": 0.0, "table_type": "COPY_ON_WRITE"}


def _spec(out, **changes) -> RoundsSpec:
    spec = dict(rows=ROUNDS * ROWS, scale=0.0, rounds=ROUNDS, round_files=FILES, variant="uniform", queries=1,
                repetitions=1, sample_size=200_000, seed=7, memory="", keep_tables=False, warmup=False, out=str(out),
                layouts=layouts(*LAYOUTS))
    spec.update(changes)
    return RoundsSpec(**spec)


@pytest.fixture(scope="module", params=list(CASES))
def run(request, spark, tmp_path_factory):
    out = tmp_path_factory.mktemp(f"rounds-{request.param}")
    return rounds.run(_spec(out, **CASES[request.param]), spark), out, request.param


@pytest.fixture(scope="module")
def table(run):
    return {(r["round"], r["layout"]): r for r in run[0]["rounds"]}


def test_every_round_of_every_layout_is_measured(run, table):
    report, _, case = run
    rounds_n = CASES[case].get("rounds", ROUNDS)
    names = [lay.name for lay in CASES[case].get("layouts", layouts(*LAYOUTS))]
    assert sorted(table) == sorted((r, name) for r in range(1, rounds_n + 1) for name in names)
    files, parts = CASES[case].get("round_files", FILES), CASES[case].get("partitions", 0)
    assert report["plan"] == {"rounds": rounds_n, "rows_per_round": ROWS, "round_files": files,
                              "files_per_round": max(1, files // rounds_data.ROUND_COMPACTION), "total_rows": rounds_n * ROWS,
                              "bloom_entries": ROWS // files, "partitions": parts,
                              "partition_column": "lo_orderdate" if parts else "", "partition_growth": 1.0}
    for (r, name), row in table.items():
        assert row["rows"] == r * ROWS and row["verified"], (r, name)
        assert row["files"] > 0
        # the bound of a partitioned table is the sum of its partitions' own bounds
        counts = list(row["partition_files"].values()) if parts else [row["files"]]
        assert len(counts) == max(1, parts) and sum(counts) == row["files"]
        assert row["bound"] == pytest.approx(sum(n ** (2 / 3) for n in counts))
        assert row["ratio_to_bound"] == pytest.approx(row["point_avg"] / row["bound"]) and row["ratio_to_bound"] > 0
        if r == rounds_n:
            assert {q["kind"] for q in row["queries"]} == {"point", "range", "and"}
        else:
            assert "queries" not in row  # the queries asked are listed for the last round only
        assert 0 < row["point_avg"] <= row["files"] and row["range_avg"] > 0 and row["and_avg"] > 0
        every = row["every"]
        assert set(every["point"]) == set(report["filter_columns"])
        assert all(0 < every[k] <= row["files"] for k in ("point_avg", "range_avg", "and_avg"))
        assert row["every_ratio_to_bound"] == pytest.approx(every["point_avg"] / row["bound"])


@BULK
def test_random_writes_small_files_and_rewrites_nothing(table):
    for r in range(1, ROUNDS + 1):
        row = table[(r, "random")]
        assert row["files"] == FILES * r
        assert row["point_avg"] == FILES * r  # no layout: every file holds every value
        assert row["every"]["point_avg"] > 0.9 * FILES * r  # all but values beyond a file's [min, max]
        assert row["rewritten_bytes"] == 0 and row["rewritten_vs_ingested"] == 0
        assert row["ingested_bytes"] > 0 and row["cluster_seconds"] == 0 and row["clustered_files"] == 0


@BULK
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


@BULK
def test_sizes_pick_small_files_and_leave_clustered_ones(run):
    sizes = run[0]["sizes"]
    small_file, clustered_file = sizes["round_bytes"] / FILES, sizes["round_bytes"]
    assert small_file < sizes["small_file_bytes"] < clustered_file
    assert math.ceil(sizes["round_bytes"] / sizes["target_file_bytes"]) == 1


def test_outputs_and_render(run, capsys):
    report, out, case = run
    text = (out / "results.md").read_text()
    cols = report["filter_columns"]
    assert ("| round | layout | rows | files | point avg (every) | bound | ratio to bound (every) | "
            + " | ".join(f"{c} (every, x bound)" for c in cols) + " | range avg (every) "
            "| 2-col avg (every) | point avg (sampled) | ratio to bound (sampled) | files clustered "
            "| rewritten / ingested | rewritten / plain writes | cluster s |") in text
    lines = [line for line in text.splitlines() if line.startswith("| ") and line[2].isdigit()]
    assert len(lines) == len(report["rounds"])
    for line, row in zip(lines, report["rounds"]):  # the per-column figures, each against the bound
        assert line.startswith(f"| {row['round']} | {row['layout']} | {row['rows']} | {row['files']} |")
        point, bound = row["every"]["point"], row["effective_bound"]
        assert " | ".join(f"{point[c]:.1f} ({point[c] / bound:.2f}x)" for c in cols) in line, line
    feed = {**FEED, **{k: v for k, v in CASES[case].items() if k in FEED}}
    assert {k: report["parameters"][k] for k in FEED} == feed  # the feed's flags, recorded
    assert (f"operation={feed['operation']} updates={feed['updates']:g} table.type={feed['table_type']}"
            in text.splitlines()[0])
    assert f"order={feed['order']}" in text.splitlines()[0]
    assert json.loads((out / "results.json").read_text())["parameters"]["operation"] == feed["operation"]
    for row in report["rounds"]:  # scheduling timed apart, inside the clustering's seconds
        assert 0 <= row["plan_seconds"] <= row["cluster_seconds"], row
        assert (row["plan_seconds"] > 0) == Layout.parse(row["layout"]).clusters, row
        # the metadata table's uncompacted delta commits, read before each plan of a Hudi table:
        # at least the round's own write
        hudi_plan = Layout.parse(row["layout"]).clusters and Layout.parse(row["layout"]).impl != "peer"
        assert ("metadata_deltas" in row) == hudi_plan, row
        assert not hudi_plan or row["metadata_deltas"] >= 1, row
    # the side-by-side summary the README's blocks are made of, with the command that reproduces the run
    clustered = [name for name in report["parameters"]["layouts"].split(",") if name != "random"]
    pair = (clustered[0], clustered[-1])
    summary = rounds_report.summary([("this run", "OUT", report)], pair, every=1)
    command = rounds_report.command(report, "OUT")
    assert command.startswith(f"python -m bench --rounds {report['plan']['rounds']} ") and \
        f"--layouts {','.join(clustered)}" in command and command.endswith("--out OUT")
    assert (f"--operation {feed['operation']}" in command) == (feed["operation"] != "bulk_insert")
    assert f"(`{command}`; columns {', '.join(cols)})" in summary
    last = next(r for r in reversed(report["rounds"]) if r["layout"] == pair[1])
    assert f"| {last['round']} | {last['files']} |" in summary and \
        f"after round {last['round']} {pair[1]} reads {last['every_ratio_to_bound']:.2f}x the bound" in summary
    png = out / rounds_report.CHART
    assert png.stat().st_size > 0
    png.unlink()
    assert bench_cli.main(["--render", str(out / "results.json")]) == 0
    assert png.stat().st_size > 0 and "| round | layout |" in capsys.readouterr().out


@PARTITIONED
def test_a_partitioned_table_grows_a_layout_in_every_partition(run, table, spark):
    """``--partitions 3``: every round's 30 small files are shared out over the 3 partitions (10
    each, by rows); each partition's clustering is sized for its share (2 files a round), and
    after every round ours reads fewer of a partition's files per point query (with a partition
    predicate, over every value) than the random table, against each partition's own bound."""
    report, out, _ = run
    sizes = report["sizes"]  # one partition's share of round 1: its 10 small files become 2
    assert math.ceil(sizes["round_bytes"] / sizes["target_file_bytes"]) == PART_FILES // PARTS // rounds_data.ROUND_COMPACTION
    for r in range(1, ROUNDS + 1):
        plain, ours = table[(r, "random")], table[(r, "ours-hilbert-sample-continuous")]
        # 10 small files a partition a round, exactly (each slot a Spark partition of its own)
        assert len(plain["partition_files"]) == PARTS, plain
        assert all(n == PART_FILES // PARTS * r for n in plain["partition_files"].values()), plain
        assert len(ours["partition_files"]) == PARTS and all(n >= 2 for n in ours["partition_files"].values())
        # the random table reads every file of the partition for (nearly) every value
        assert plain["partition_ratio_avg"] > 0.9 * (9 * r) ** (1 / 3)
        assert ours["partition_ratio_avg"] < 0.8 * plain["partition_ratio_avg"], (ours, plain)
        assert ours["partition_ratio_worst"] >= ours["partition_ratio_avg"]
        assert set(ours["partition_column_ratio"]) == set(report["filter_columns"])
        assert ours["groups"] >= PARTS or r > 1  # round 1 laid every partition out
    text = (out / "results.md").read_text()
    assert f"Partitioned by lo_orderdate into {PARTS} partitions" in text
    assert "in a partition, x its bound (worst) |" in text
    assert f"--partitions {PARTS}" in rounds_report.command(report, "OUT")


def test_floor_is_refused(capsys):
    with pytest.raises(ValueError, match="layout floor: not with --rounds"):
        RoundsSpec(rounds=2, layouts=(Layout.RANDOM, Layout.floor())).validate()
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
    (["--rounds", "2", "--order", "time", "--drift", "s_city"], "--order time and --drift s_city: not together"),
    (["--rounds", "2", "--order", "sideways"], "argument --order: invalid choice: 'sideways' (choose from 'random', 'time')"),
    (["--rounds", "2", "--operation", "delete"], "argument --operation: invalid choice: 'delete' (choose from "
                                                 "'insert', 'upsert', 'bulk_insert')"),
    (["--rounds", "2", "--table-type", "MOR"], "argument --table-type: invalid choice: 'MOR' (choose from "
                                               "'COPY_ON_WRITE', 'MERGE_ON_READ')"),
    (["--rounds", "2", "--updates", "0.1"], "--updates 0.1 needs --operation upsert (got --operation bulk_insert)"),
    (["--rounds", "2", "--updates", "0.1", "--operation", "insert"], "--updates 0.1 needs --operation upsert (got "
                                                                     "--operation insert)"),
    (["--rounds", "2", "--operation", "upsert", "--updates", "1.5"], "--updates 1.5: expected a fraction of each "
                                                                     "round's new rows from 0 to 1"),
    (["--rounds", "2", "--operation", "upsert", "--updates", "-0.1"], "--updates -0.1: expected a fraction"),
    (["--order", "time"], "--order time: only with --rounds"),
    (["--operation", "upsert"], "--operation upsert: only with --rounds"),
    (["--updates", "0.1"], "--updates 0.1: only with --rounds"),
    (["--table-type", "MERGE_ON_READ"], "--table-type MERGE_ON_READ: only with --rounds"),
    (["--rounds", "2", "--round-files", "4", "--partitions", "3"], "--partitions 3: expected 1 to half of "
                                                                   "--round-files (2)"),
    (["--rounds", "2", "--partitions", "2", "--layouts", "random,delta-liquid"], "--partitions 2: not with the "
                                                                                 "peer layout delta-liquid"),
    (["--rounds", "2", "--partition-growth", "3"], "--partition-growth 3: only with --partitions P"),
    (["--rounds", "2", "--variant", "dated", "--drift", "c_city"], "--drift c_city: expected one of the dated "
                                                                   "variant's filter columns: s_city, p_brand, lo_orderdate"),
])
def test_bad_arguments_name_the_flag(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        bench_cli.main(argv)
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_plan_defaults():
    plan = RoundsSpec(rounds=4).plan()  # --scale 0.05, 40 small files a round: the flags' defaults
    assert (plan.rows_per_round, plan.round_files, plan.files_per_round) == (75_000, 40, 8)
    plan = RoundsSpec(rounds=8, rows_per_round=1000, round_files=20).plan()
    assert (plan.total_rows, plan.files_per_round, plan.bloom_entries) == (8000, 4, 50)
    # a round's bytes within a few percent of round 1's still become W files
    sizes = rounds_data.Sizes.of_round(8_000_000, _spec("x", rounds=8, round_files=40).plan())
    assert all(math.ceil(b / sizes.target_file_bytes) == 8 for b in (7_600_000, 8_000_000, 8_400_000))
    assert 8_000_000 / 40 < sizes.small_file_bytes < 8_000_000 / 8
    # a round written into 3 partitions: each partition's plan is sized for its share (10 small files, 2 after)
    share = rounds_data.Sizes.of_round(9_000_000, rounds_data.RoundsPlan(8, 3000, 30, 3, "lo_orderdate"), parts=3)
    assert share.round_bytes == 3_000_000 and share.target_file_bytes == 2_000_000
    assert 3_000_000 / 10 < share.small_file_bytes < 3_000_000 / 2


def test_metadata_deltas_count_from_the_metadata_tables_last_compaction():
    count = timeline.deltas_since_compaction
    assert count([]) == 0
    assert count(["deltacommit"] * 3) == 3  # before the first compaction: every delta commit
    assert count(["deltacommit", "deltacommit", "commit", "deltacommit", "rollback", "deltacommit", "clean"]) == 2
    assert count(["deltacommit", "commit"]) == 0


def test_the_grouped_layout_caps_its_groups_and_the_others_do_not():
    plan = rounds_data.RoundsPlan(8, 1000, 20)
    sizes = rounds_data.Sizes.of_round(40_000, plan)
    grouped = Layout.parse("ours-hilbert-sample-continuous-grouped")
    opts = rounds.round_options(grouped, ["a", "b"], sizes, plan, 100, None, group_bytes=12_345)
    assert opts[rounds.GROUP_BYTES_KEY] == "12345"
    assert opts["hoodie.clustering.plan.strategy.class"] == "dev.hudilayout.continuous.ContinuousPlanStrategy"
    unbounded = rounds.round_options(Layout.parse("ours-hilbert-sample-continuous"), ["a", "b"], sizes, plan,
                                     100, None)
    # one group however far the table grows past the rounds' bytes
    assert int(unbounded[rounds.GROUP_BYTES_KEY]) >= 1000 * plan.rounds * sizes.round_bytes


def test_hudi_options_reach_every_round_of_every_layout():
    """``--hudi-option`` with ``--rounds``: the run's clusterings get the option (over the layout's
    own value) and results.json's parameters name it, so the documented command repeats the run."""
    spec = bench_cli.rounds_spec(bench_cli.parser().parse_args(
        ["--rounds", "2", "--hudi-option", "hoodie.hudilayout.continuous.merge.tiers=2"])).validate()
    assert dict(spec.hudi_options) == {"hoodie.hudilayout.continuous.merge.tiers": "2"}
    assert spec.parameters()["hudi_option"] == ["hoodie.hudilayout.continuous.merge.tiers=2"]
    assert rounds_report.command({"parameters": spec.parameters()}, "OUT").endswith(
        "--hudi-option hoodie.hudilayout.continuous.merge.tiers=2 --out OUT")
    plan = rounds_data.RoundsPlan(8, 1000, 20)
    sizes = rounds_data.Sizes.of_round(40_000, plan)
    layout = Layout.parse("ours-hilbert-sample-continuous")
    given = rounds.round_options(layout, ["a", "b"], sizes, plan, 100, None, extra=spec.hudi_options)
    assert given["hoodie.hudilayout.continuous.merge.tiers"] == "2"
    own = rounds.round_options(layout, ["a", "b"], sizes, plan, 100, None)
    assert own.get("hoodie.hudilayout.continuous.merge.tiers", "3") != "2"
    assert rounds.round_options(layout, ["a", "b"], sizes, plan, 100, None,
                                extra={rounds.GROUP_BYTES_KEY: "7"})[rounds.GROUP_BYTES_KEY] == "7"


@pytest.mark.parametrize("feed, column", [(rounds_data.Feed(drift="p_brand"), "p_brand"),
                                          (rounds_data.Feed(order="time"), ssb.DATE_COLUMN)])
def test_drift_and_time_order_the_rounds_by_the_column(tmp_path, feed, column):
    plan = rounds_data.RoundsPlan(3, 200, 4)
    folders = rounds_data.write_round_sources(tmp_path / "src", plan, 7, "dated", feed).rows
    ranges = [(min(v), max(v)) for v in (pq.read_table(f).column(column).to_pylist() for f in folders)]
    assert all(ranges[i][1] <= ranges[i + 1][0] for i in range(2)), ranges
    plain = rounds_data.write_round_sources(tmp_path / "plain", plan, 7, "dated").rows
    assert pq.read_table(plain[0]).column(column).to_pylist() != pq.read_table(folders[0]).column(column).to_pylist()
    # the same rows, only their order differs
    keys = [sorted(pq.read_table(f).column("lo_key").to_pylist() for f in fs) for fs in (folders, plain)]
    assert sorted(k for ks in keys[0] for k in ks) == sorted(k for ks in keys[1] for k in ks)


def test_the_dated_variant_filters_on_a_date():
    assert ssb.filter_columns("dated") == ("s_city", "p_brand", "lo_orderdate")
    assert ssb.generate(500, 7, variant="dated").equals(ssb.generate(500, 7))  # the uniform rows
    with pytest.raises(ValueError, match="unknown variant 'dates': expected one of .*dated"):
        ssb.filter_columns("dates")


def test_updates_come_from_earlier_rounds_and_repeat_with_the_seed(tmp_path):
    plan, feed = rounds_data.RoundsPlan(3, 200, 4), rounds_data.Feed(operation="upsert", updates=0.1)
    assert len(rounds_data.update_rows(plan, feed, 7, 1)) == 0
    for r in (2, 3):
        picked = rounds_data.update_rows(plan, feed, 7, r)
        assert len(picked) == len(set(picked)) == 20 and 0 <= picked.min() and picked.max() < (r - 1) * 200
        assert list(picked) == list(rounds_data.update_rows(plan, feed, 7, r))
        assert list(picked) != list(rounds_data.update_rows(plan, feed, 8, r))
    sources = rounds_data.write_round_sources(tmp_path / "src", plan, 7, "uniform", feed)
    assert sources.updates[0] is None and sources.columns[-1] == rounds_data.VERSION
    rows = [pq.read_table(f).to_pylist() for f in sources.rows]
    assert [{x[rounds_data.VERSION] for x in part} for part in rows] == [{1}, {2}, {3}]
    first = {x["lo_key"]: x for x in rows[0] + rows[1]}
    for x in pq.read_table(sources.updates[1]).to_pylist():  # round 2 updates round 1's rows
        before = first[x["lo_key"]]
        assert before[rounds_data.VERSION] == 1 and x[rounds_data.VERSION] == 2 and x["lo_revenue"] == before["lo_revenue"] + 2
        assert {k: v for k, v in x.items() if k not in ("lo_revenue", rounds_data.VERSION)} == \
            {k: v for k, v in before.items() if k not in ("lo_revenue", rounds_data.VERSION)}
    third = pq.read_table(sources.updates[2]).column("lo_key").to_pylist()
    assert set(third) <= set(first)


def test_the_model_holds_each_keys_latest_version(spark, tmp_path):
    plan, feed = rounds_data.RoundsPlan(3, 100, 2), rounds_data.Feed(operation="upsert", updates=0.5)
    sources = rounds_data.write_round_sources(tmp_path / "src", plan, 7, "uniform", feed)
    latest: dict = {}
    tables = []
    for r in range(1, 4):  # each round's rows, then its updates, by key: the table after round r
        for folder in sources.written(r):
            latest.update({x["lo_key"]: x for x in pq.read_table(folder).to_pylist()})
        after = pa.Table.from_pylist(list(latest.values()), schema=pq.read_schema(sources.rows[0] + "/part-0.parquet"))
        tables.append(after.append_column("after", pa.array([r] * after.num_rows)))
    assert {x[rounds_data.VERSION] for x in latest.values()} == {1, 2, 3}  # rows last written in each round
    pq.write_table(pa.concat_tables(tables), tmp_path / "expected.parquet")
    sums = spark.read.parquet(str(tmp_path / "expected.parquet")).groupBy("after").agg(*scan.row_checksum(sources.columns))
    expected = {x["after"]: (int(x["n"]), int(x["h"])) for x in sums.collect()}
    assert rounds_data.cumulative_models(spark, sources) == [expected[r] for r in (1, 2, 3)]
    assert [expected[r][0] for r in (1, 2, 3)] == [100, 200, 300]


def test_a_wrong_table_fails_the_run():
    with pytest.raises(SystemExit, match="WRONG RESULT: ours after round 2 holds 5 rows"):
        rounds.check_rows("ours", 2, (5, 1), (5, 2))
    rounds.check_rows("ours", 2, (5, 2), (5, 2))


@UPSERTS
def test_upserts_leave_each_updated_key_at_its_latest_version(run, table, spark):
    report, out, _ = run
    for r in range(1, UPSERT_ROUNDS + 1):
        for name in UPSERT_LAYOUTS:
            assert table[(r, name)]["verified"] and table[(r, name)]["rows"] == r * ROWS
    source = out / "tables" / "source"
    original = {x["lo_key"]: x["lo_revenue"] for x in pq.read_table(source / "rows").to_pylist()}
    raised: dict = {}
    for r in range(2, UPSERT_ROUNDS + 1):
        for key in pq.read_table(source / "updates" / f"round={r}").column("lo_key").to_pylist():
            raised[key] = raised.get(key, 0) + r
    assert len(raised) > ROWS // 10  # round 3 updated rows too
    keys = sorted(raised)[:8]
    for name in UPSERT_LAYOUTS:
        held = scan.read(spark, str(out / "tables" / name), skipping=False).where(
            f"lo_key IN ({','.join(map(str, keys))})").select("lo_key", "lo_revenue", rounds_data.VERSION).collect()
        assert sorted((x[0], x[1]) for x in held) == [(k, original[k] + raised[k]) for k in keys], name
        assert all(x[2] >= 2 for x in held)


@UPSERTS
def test_merge_on_read_log_files_count_as_ingested(run, table, spark):
    _, out, _ = run
    random = out / "tables" / "random"
    assert "hoodie.table.type=MERGE_ON_READ" in (random / ".hoodie" / "hoodie.properties").read_text()
    logs = [p for p in random.iterdir() if ".log." in p.name and not p.name.endswith(".crc")]
    assert logs, "the updates wrote no log files"
    stats = timeline.write_stats(spark, str(random))
    assert {c["action"] for c in stats} == {"deltacommit"}
    written = Counter(size for c in stats for size in c["file_sizes"])
    assert all(written[p.stat().st_size] for p in logs)  # every log file is among the commits' files
    last = table[(UPSERT_ROUNDS, "random")]
    assert last["ingested_bytes"] == sum(c["bytes_written"] for c in stats) == sum(written.elements())
    assert last["rewritten_bytes"] == 0
    ours = table[(UPSERT_ROUNDS, UPSERT_LAYOUTS[1])]
    clusters = [c for c in timeline.write_stats(spark, str(out / "tables" / UPSERT_LAYOUTS[1])) if c["operation"] == "CLUSTER"]
    assert ours["rewritten_bytes"] == sum(c["bytes_written"] for c in clusters) > 0


@UPSERTS
def test_the_peers_grow_with_the_same_rows(run, table):
    """Delta liquid through the same rounds: the same rows merged on the key
    (the runner holds their rows against the model and each query's against the random table's
    after every round), the peer's own layout after each round, and every query counted from the
    peer's own stats as its scan read it (else the run fails: WRONG COUNT)."""
    report, out, _ = run
    for name in UPSERT_PEERS:
        for r in range(1, UPSERT_ROUNDS + 1):
            row = table[(r, name)]
            assert row["verified"] and row["rows"] == r * ROWS and row["files"] > 0, (name, r)
            assert 0 < row["every"]["point_avg"] <= row["files"] and row["ingested_bytes"] > 0, (name, r, row)
        first = table[(1, name)]
        assert first["ingested_bytes"] > 0 and first["cluster_seconds"] > 0
        last = table[(UPSERT_ROUNDS, name)]
        assert last["rewritten_vs_ingested"] == pytest.approx(last["rewritten_bytes"] / last["ingested_bytes"])
        assert {q["predicate"] for q in last["queries"]} == {q["predicate"] for q in table[(UPSERT_ROUNDS, "random")]["queries"]}
    # Delta's liquid OPTIMIZE took the first round's small files
    assert table[(1, "delta-liquid")]["clustered_files"] == FILES
    # liquid's first layout, its target sized on scratch copies of the round, wrote the W files a
    # round asks of every layout
    assert table[(1, "delta-liquid")]["written_files"] == report["plan"]["files_per_round"]
    assert table[(UPSERT_ROUNDS, "delta-liquid")]["rewritten_bytes"] > 0
    assert all(table[(r, "delta-liquid")]["files"] < table[(r, "random")]["files"] for r in range(1, UPSERT_ROUNDS + 1))
    text = (out / "results.md").read_text()
    assert all(f"| {UPSERT_ROUNDS} | {name} | {UPSERT_ROUNDS * ROWS} |" in text for name in UPSERT_PEERS)
    # every format side by side, as docs/benchmarks.md shows the documented runs
    side = rounds_report.formats([("this run", "OUT", report)], every=1)
    names = UPSERT_LAYOUTS[1:] + UPSERT_PEERS
    assert "| round |" + "".join(f" {n} |" for n in names) in side
    for r in range(1, UPSERT_ROUNDS + 1):
        assert f"| {r} |" + "".join(f" {table[(r, n)]['every']['point_avg']:.1f} of {table[(r, n)]['files']} "
                                    f"({table[(r, n)]['every_ratio_to_bound']:.2f}x) |" for n in names) in side
    assert all(f"- {n}: {table[(UPSERT_ROUNDS, n)]['every_ratio_to_bound']:.2f}x after round {UPSERT_ROUNDS}" in side
               for n in names)
