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


def test_the_workload_names_the_columns_the_queries_filter_most_and_indexes_all():
    from bench import workload
    assert workload.conjunct_column("lo_discount BETWEEN 1 AND 3") == "lo_discount"
    assert workload.USER_COLUMNS == ("d_year", "s_region", "c_region")
    filtered = {workload.conjunct_column(p) for _, parts in CONJUNCTS for p in parts}
    assert set(workload.INDEX_COLUMNS) == filtered and len(workload.INDEX_COLUMNS) == len(filtered)
    assert [q.label for q in workload.queries()] == [name for name, _ in QUERIES]
    # the range-heavy Q1.x family alone: its own user columns (its discount and quantity ranges
    # filter every query of it) and index
    assert [q.label for q in workload.queries("ssb-q1")] == ["Q1.1", "Q1.2", "Q1.3"]
    assert set(workload.user_columns("ssb-q1")) == {"lo_discount", "lo_quantity", "d_year"}
    assert set(workload.index_columns("ssb-q1")) == {"lo_discount", "lo_quantity", "d_year", "d_yearmonthnum",
                                                     "lo_orderdate"}
    with pytest.raises(ValueError, match="ssb-q2"):
        workload.queries("ssb-q2")


def test_the_workload_summary_sets_each_layout_against_the_best_on_the_users_columns():
    from bench import workload

    def row(layout, files):
        return {"layout": layout, "files": 300, "queries": [
            {"kind": "ssb", "label": name, "files": files, "seconds": 0.5} for name, _ in QUERIES]}
    summary = workload.summary([row("random", 300), row("builtin-hilbert-sample", 40),
                                row("ours-hilbert-sample", 20), row("ours-hilbert-sample-auto", 10)])
    assert summary["ours-hilbert-sample-auto"]["files_sum"] == 130
    assert summary["ours-hilbert-sample-auto"]["files_vs_best_other"] == 0.5  # against ours on the user's columns
    assert summary["random"]["files_vs_best_other"] == 15
    assert summary["ours-hilbert-sample"]["q1_files_sum"] == 60
    table = workload.render(summary)
    assert "| ours-hilbert-sample-auto | 300 | 10 |" in table and "| 130 | 0.50 |" in table
    # a run of the Q1.x family alone sums and renders its three queries only
    q1 = workload.summary([{**row("ours-hilbert-sample", 20), "queries": row("x", 20)["queries"][:3]},
                           {**row("ours-hilbert-sample-auto", 10), "queries": row("x", 10)["queries"][:3]}],
                          name="ssb-q1")
    assert q1["ours-hilbert-sample-auto"]["files_sum"] == 30 and q1["ours-hilbert-sample-auto"]["files_vs_best_other"] == 0.5
    assert "| Q1.1 | Q1.2 | Q1.3 | sum |" in workload.render(q1)


def test_layouts_of_unequal_file_counts_compare_by_tables_read_and_bytes():
    from bench import workload

    def row(layout, table_files, files, megabytes):
        return {"layout": layout, "files": table_files, "queries": [
            {"kind": "ssb", "label": name, "files": files, "bytes": megabytes * 10 ** 6, "seconds": 0.5}
            for name, _ in QUERIES]}
    # a peer that wrote half the files reads fewer, but as much of the table and as many bytes
    summary = workload.summary([row("iceberg-zorder", 150, 2, 4), row("ours-hilbert-sample-auto", 300, 3, 3)])
    auto = summary["ours-hilbert-sample-auto"]
    assert auto["files_vs_best_other"] == 1.5
    assert auto["tables_read"] == 13 * 3 / 300 and auto["tables_read_vs_best_other"] == 0.75
    assert auto["bytes_sum"] == 39 * 10 ** 6 and auto["bytes_vs_best_other"] == 0.75
    assert "| 39 | 1.50 | 0.13 | 0.75 | 39.0 | 0.75 |" in workload.render(summary)
    # by the share of its own table's bytes: unequal files, or a codec that packs rows smaller, weigh what they hold
    weighed = workload.summary([{**row("iceberg-zorder", 150, 2, 4), "bytes_written": 52 * 10 ** 6},
                                {**row("ours-hilbert-sample-auto", 300, 3, 3), "bytes_written": 78 * 10 ** 6}])
    assert weighed["iceberg-zorder"]["table_bytes_read"] == 1.0 and weighed["ours-hilbert-sample-auto"]["table_bytes_read"] == 0.5
    assert weighed["ours-hilbert-sample-auto"]["table_bytes_read_vs_best_other"] == 0.5
    assert summary["iceberg-zorder"]["table_bytes_read"] is None  # a row that names no bytes written
    # results of runs that measured no bytes still render
    old = workload.summary([{"layout": "random", "files": 4, "queries": [
        {"kind": "ssb", "label": name, "files": 4, "seconds": 0.1} for name, _ in QUERIES]}])
    assert old["random"]["bytes_sum"] is None and "| random | 4 |" in workload.render(old)


def test_the_summary_sets_each_layout_against_the_fewest_files_its_queries_rows_fill():
    from bench import workload
    assert workload.bound_files(0, 1000, 10) == 0 and workload.bound_files(1, 1000, 10) == 1
    assert workload.bound_files(100, 1000, 10) == 1 and workload.bound_files(101, 1000, 10) == 2

    def row(layout, table_files, files):
        # every query matches 150 of the table's 3000 rows
        return {"layout": layout, "files": table_files, "queries": [
            {"kind": "ssb", "label": name, "files": files, "rows": 150, "seconds": 0.5} for name, _ in QUERIES]}
    summary = workload.summary([row("random", 30, 30), row("floor", 30, 29), row("iceberg-zorder", 15, 4),
                                row("ours-hilbert-sample-auto", 30, 3)], table_rows=3000)
    auto, iceberg = summary["ours-hilbert-sample-auto"], summary["iceberg-zorder"]
    # 150 rows fill 1.5 of 30 files of 100 rows (2 files), and 0.75 of 15 files of 200 (1 file)
    assert auto["bound_sum"] == 26 and auto["files_vs_bound"] == 1.5
    assert iceberg["bound_sum"] == 13 and iceberg["files_vs_bound"] == 4
    # neither the table as written nor its plain rewrite is the best layout on the user's columns
    assert summary["floor"]["files_vs_best_other"] == 29 / 4
    text = workload.render(summary)
    assert "| 1.50 |\n" in text and "| bound, 15 files | 15 | 1 |" in text and "| bound, 30 files | 30 | 2 |" in text
    assert "| 26 | | 0.87 |" in text
    widths = {line.count("|") for line in text.splitlines() if line.startswith("|")}
    assert len(widths) == 1, text
    # without the table's rows there is no bound
    assert "bound" not in workload.summary([row("random", 30, 30)])["random"]


def test_the_summary_parts_the_query_time_a_layout_can_change_from_the_time_an_empty_query_takes():
    from bench import workload

    def row(layout, seconds, empty):
        return {"layout": layout, "files": 300, "empty_query_seconds": empty, "queries": [
            {"kind": "ssb", "label": name, "files": 5, "seconds": seconds} for name, _ in QUERIES]}
    # Iceberg's queries take 0.2 s each, 0.1 s of it fixed; ours 0.4 s each, 0.35 s fixed
    summary = workload.summary([row("iceberg-zorder", 0.2, 0.1), row("ours-hilbert-sample-auto", 0.4, 0.35)])
    auto, iceberg = summary["ours-hilbert-sample-auto"], summary["iceberg-zorder"]
    assert auto["fixed_seconds"] == pytest.approx(13 * 0.35) and iceberg["fixed_seconds"] == pytest.approx(1.3)
    assert auto["seconds_vs_best_other"] == pytest.approx(2.0)
    assert auto["seconds_above_fixed"] == pytest.approx(13 * 0.05)
    assert auto["above_fixed_vs_best_other"] == pytest.approx(0.5)
    assert "| 5.2 | 2.00 | 0.350 | 4.5 | 0.7 | 0.50 |" in workload.render(summary)


def test_an_auto_layout_is_ours_and_records_the_runs_own_queries():
    from bench.bench import BenchSpec
    from bench.layouts import Layout, layouts
    assert Layout.parse("ours-hilbert-sample-auto").auto
    with pytest.raises(ValueError, match="unknown layout 'builtin-hilbert-sample-auto'"):
        Layout.parse("builtin-hilbert-sample-auto")
    # without a workload it records the point, range and pair queries of the filter columns
    plain = BenchSpec(rows=1000, files=4, layouts=layouts("random,ours-hilbert-sample-auto")).validate()
    assert plain.columns == BenchSpec(rows=1000, files=4).columns
    spec = BenchSpec(rows=1000, files=4, layouts=layouts("random,ours-hilbert-sample-auto"), workload="ssb").validate()
    assert spec.columns == ("d_year", "s_region", "c_region")
    assert spec.parameters()["workload"] == "ssb"


def test_a_workload_run_times_a_query_that_skips_every_file_on_each_layout(spark, tmp_path):
    # the least a query costs on each system: Hudi's and Iceberg's, measured in the same run
    from bench import bench
    from bench.bench import BenchSpec
    from bench.layouts import layouts
    spec = BenchSpec(rows=20_000, files=8, workload="ssb", warmup=False, memory="", out=str(tmp_path),
                     layouts=layouts("random,floor,ours-hilbert-sample-auto,iceberg-zorder")).validate()
    report = bench.run(spec, spark)
    by_layout = {row["layout"]: row for row in report["layouts"]}
    # each layout against the plain write's time and the fewest files its queries' rows fill
    assert by_layout["ours-hilbert-sample-auto"]["time_vs_floor"] > 0
    for name in ("random", "floor", "ours-hilbert-sample-auto", "iceberg-zorder"):
        summed = report["workload"][name]
        assert summed["bound_sum"] <= summed["files_sum"], (name, summed)
    assert report["workload"]["random"]["files_vs_bound"] > 1
    for name in ("random", "ours-hilbert-sample-auto", "iceberg-zorder"):
        assert by_layout[name]["empty_query_files"] == 0, by_layout[name]
        assert by_layout[name]["empty_query_seconds"] > 0, by_layout[name]
        summed = report["workload"][name]
        assert summed["fixed_seconds"] == pytest.approx(13 * by_layout[name]["empty_query_seconds"])
    text = (tmp_path / "results.md").read_text()
    assert "| empty query s | x queries | above that | vs best |" in text
    # no table of point, range and pair queries, which a workload run does not run
    assert "files read (skip %)" not in text and "| layout | files | cluster s |" in text


def test_a_growing_table_under_the_workload_reports_each_rounds_queries(spark, tmp_path):
    # bench --rounds with --workload: each round's 13 queries on every layout, auto recording them first
    from bench import bench_cli, rounds
    from bench.layouts import layouts
    from bench.rounds import RoundsSpec
    args = bench_cli.parser().parse_args(["--rounds", "2", "--workload", "ssb"])
    assert bench_cli.rounds_spec(args).workload == "ssb"
    with pytest.raises(ValueError, match="--workload ssb-q9: expected ssb"):
        RoundsSpec(rounds=2, workload="ssb-q9").validate()
    spec = RoundsSpec(rounds=2, rows=16_000, scale=0.0, round_files=32, queries=1, memory="", warmup=False,
                      out=str(tmp_path), workload="ssb", layouts=layouts("random,ours-hilbert-sample-auto"),
                      keep_tables=True)
    report = rounds.run(spec, spark)
    # each round's clustering chose its columns from the log, which one pass of the queries a round grows
    from hudi_layout import timeline
    reasons = [c["extra"]["hudilayout.auto"] for c in
               timeline.clustering_commits(spark, str(tmp_path / "tables" / "ours-hilbert-sample-auto"))]
    assert [reason.split(":")[0] for reason in reasons] == ["13 scans recorded", "26 scans recorded"], reasons
    assert report["filter_columns"] == ["d_year", "s_region", "c_region"] and report["parameters"]["workload"] == "ssb"
    by = {(r["round"], r["layout"]): r for r in report["rounds"]}
    for r in (1, 2):
        plain, auto = by[(r, "random")], by[(r, "ours-hilbert-sample-auto")]
        assert list(plain["workload_files"]) == [label for label, _ in QUERIES]
        assert plain["workload_files_sum"] == 13 * plain["files"]  # no file skipped on the table as written
        assert auto["workload_tables_read"] < plain["workload_tables_read"], (r, auto["workload_files"])
        # the round reports the columns its commit recorded, and why
        assert auto["auto_reason"] == reasons[r - 1] and "auto_reason" not in plain, auto
        assert auto["sort_columns"] == timeline.clustering_commits(
            spark, str(tmp_path / "tables" / "ours-hilbert-sample-auto"))[r - 1]["extra"]["hudilayout.columns"].split(",")
    text = (tmp_path / "results.md").read_text()
    assert "Workload: files read per query after each round" in text and "| 2 | ours-hilbert-sample-auto |" in text
    assert "Auto's choice per round" in text and f"| 2 | ours-hilbert-sample-auto | {', '.join(auto['sort_columns'])} | " \
        f"{reasons[1].split('; columns that determine others')[0]} |" in text
