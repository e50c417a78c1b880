"""The skipping benchmark in a CI-sized configuration, against Hudi's built-in layouts.

Fixture: 40,000 SSB rows (uniform variant, seed 7), written in random order as 16 files; each
layout clusters a copy into 16 files, and the floor bulk-inserts the same rows into a new table
of 16 files. The runner itself fails if any layout returns rows that differ from the random
layout's for any query. Expected: every layout writes exactly 16 files, and for Hilbert/sample
(our default's pair; the other pairs run in the benchmark's documented runs) ours reads no more
files per point query (averaged over 3 values per column) than Hudi's built-in implementation of
the same curve and mapping; our default (ours-hilbert-sample) is the
aligned grid, about 16 cells on the 3 columns, a point query reading no more files than the
cells of its bucket's slice; every clustering has a time ratio to the floor and a stage
breakdown, and each of ours shuffles fewer bytes than the built-in of its curve and mapping and
than the floor's plain write (its rows cross the shuffle packed); the runner finds d' = 3
independent axes in uniform data; on the tables the run keeps, tools.every_query counts every
sampled query's files from the column-stats index exactly as Spark read them. A second, smaller
run (3,000 rows, 6 files) on the correlated variant finds d' = 2, and lays the rows out with
Iceberg's z-order into about 6 files, returning the random table's rows for every query (Delta's
liquid clustering runs in test_bench_rounds.py).
"""
from __future__ import annotations

from collections import Counter
import json
import math

import pyarrow.parquet as pq
import pytest

from hudi_layout import tables, timeline
from bench import bench, bench_cli, bench_report, every_query, partitions, ssb
from bench.bench import BenchSpec
from bench.layouts import DEFAULT_LAYOUTS, WRITER_HEADROOM, Layout, builtin_twin, layouts
from bench.queries import independent_axes, parse_weights
from bench.writes import parse_hudi_options
from hudi_layout.options import ALIGNED_KEY

pytestmark = [pytest.mark.spark, pytest.mark.bench]
#: the curve and mapping our default uses, beside Hudi's built-in of the same pair (the other pairs:
#: test_layouts.py keeps rows and skips files with each; the benchmark's documented runs compare them)
PAIRS = ["hilbert-sample"]
PEERS = ["delta-zorder", "delta-liquid", "iceberg-zorder"]
#: the peer the correlated run lays out, in a child Spark session (half a minute or more): Iceberg's
#: z-order rewrite. Delta runs in test_bench_rounds' upserts (liquid clustering, grown, laid out and
#: queried); its z-order differs from liquid only in the OPTIMIZE statement the peer runner issues
RUN_PEERS = ["iceberg-zorder"]


@pytest.fixture(scope="module")
def run(spark, tmp_path_factory):
    out = tmp_path_factory.mktemp("bench")
    spec = BenchSpec(
        rows=40_000, scale=0.0, variant="uniform", files=16, queries=2, repetitions=1,
        sample_size=200_000, seed=7, memory="", keep_tables=True, warmup=False, out=str(out),
        layouts=layouts("random", "floor", *(f"{impl}-{p}" for p in PAIRS for impl in ("builtin", "ours"))))
    result = bench.run(spec, spark)
    assert json.loads((out / "results.json").read_text())["layouts"][0]["layout"] == "random"
    assert "| ours-hilbert-sample | 16 |" in (out / "results.md").read_text()
    assert (out / "files_read.png").stat().st_size > 0
    return result, out


@pytest.fixture(scope="module")
def report(run):
    return {r["layout"]: r for r in run[0]["layouts"]}


def test_every_layout_writes_the_same_number_of_files(report):
    assert {name: r["files"] for name, r in report.items()} == {name: 16 for name in report}


@pytest.mark.parametrize("pair", PAIRS)
def test_ours_reads_no_more_files_than_builtin(report, pair):
    ours, builtin = report[f"ours-{pair}"], report[f"builtin-{pair}"]
    assert ours["point_avg"] <= builtin["point_avg"], (pair, ours["point"], builtin["point"])
    assert ours["point_avg"] < report["random"]["point_avg"]


def test_our_default_in_the_benchmark_is_the_aligned_grid(report):
    """Its commit records a grid on the 3 columns of about N = 16 cells, and files are cut on cell
    boundaries: a point query on a column cut into b buckets reads no more files than the cells of
    its bucket's slice, cells / b."""
    ours = report["ours-hilbert-sample"]
    buckets = dict(zip(ssb.filter_columns("uniform"), (round(float(b)) for b in ours["buckets"].split(","))))
    cells = math.prod(buckets.values())
    assert len(buckets) == 3 and 8 <= cells <= 32, ours["buckets"]
    assert all(ours["point"][c] <= cells / b for c, b in buckets.items()), (buckets, ours["point"])


def test_floor_is_a_layout_with_n_files_and_the_random_rows(report):
    floor, random_ = report["floor"], report["random"]
    assert floor["files"] == 16
    assert [(q["predicate"], q["rows"]) for q in floor["queries"]] == \
        [(q["predicate"], q["rows"]) for q in random_["queries"]]
    assert floor["cluster_seconds"] > 0 and floor["shuffle_bytes"] > 0  # repartition to N files shuffles
    assert floor["time_vs_floor"] == 1.0 and "time_vs_floor" not in random_
    # bytes each layout wrote: the random rows again, in another order (the same codec)
    assert random_["bytes_written"] == 0
    for name, r in report.items():
        if name != "random":
            assert 0.5 * floor["bytes_written"] < r["bytes_written"] < 2 * floor["bytes_written"], name
    for name, r in report.items():
        if name not in ("random", "floor"):
            assert r["time_vs_floor"] == pytest.approx(r["cluster_seconds"] / floor["cluster_seconds"]), name
        # every layout's driver heap after GC; our commits record the rows their sample held
        assert (r["heap_after_gc_bytes"] > 0) == (name != "random"), name
        assert (r["sample_taken"] or 0) > 0 if name == "ours-hilbert-sample" else name.startswith("ours-") \
            or r["sample_taken"] is None, name
    for pair in PAIRS:
        ours, builtin = report[f"ours-{pair}"], report[f"builtin-{pair}"]
        assert ours["time_vs_builtin"] == pytest.approx(ours["cluster_seconds"] / builtin["cluster_seconds"])
        assert ours["shuffle_vs_builtin"] == pytest.approx(ours["shuffle_bytes"] / builtin["shuffle_bytes"])
        # rows cross our shuffle packed (PackedRows); the built-in and the floor shuffle them whole
        assert ours["shuffle_bytes"] < min(builtin["shuffle_bytes"], floor["shuffle_bytes"]), \
            (pair, ours["shuffle_bytes"], builtin["shuffle_bytes"], floor["shuffle_bytes"])
    # ours-only flags are left out when pairing with the built-in
    names = list(report) + ["builtin-hilbert-sample-whole"]
    assert builtin_twin("ours-hilbert-sample-aligned-weighted", names) == "builtin-hilbert-sample"
    assert builtin_twin("ours-hilbert-sample-curve-whole", names) == "builtin-hilbert-sample-whole"
    assert builtin_twin("builtin-hilbert-sample", names) is None


def test_queries_of_each_class_per_column_and_pair(report):
    """--queries 2: two distinct point values and two ranges at distinct positions per column, and
    two conjunctions per column pair (3 columns: 3 pairs), the same for every layout."""
    queries = report["random"]["queries"]
    for kind in ("point", "range", "and"):
        of_kind = [q for q in queries if q["kind"] == kind]
        labels = {q["label"] for q in of_kind}
        assert len(labels) == 3 and len(of_kind) == 6, (kind, [q["predicate"] for q in of_kind])
        if kind != "and":  # random rows may repeat a pair of values; values and ranges do not
            assert len({q["predicate"] for q in of_kind}) == 6, [q["predicate"] for q in of_kind]
    for name, r in report.items():
        assert [q["predicate"] for q in r["queries"]] == [q["predicate"] for q in queries], name


def test_every_query_counts_each_class_from_the_index_as_spark_reads(spark, run, report):
    """tools.every_query on the kept tables: each of the bench's sampled queries counts, from the
    live files' [min, max] in the column-stats index, exactly the files Spark read for it (replaced
    files left out), and the averages over every value, range and row are below the random layout's."""
    out = run[1]
    names = ["random", "builtin-hilbert-sample", "ours-hilbert-sample"]
    every = every_query.run(spark, out, rows=300, layouts=names)
    figures = {r["layout"]: r for r in every["layouts"]}
    assert list(figures) == names
    for name, r in figures.items():
        assert r["queries"] == len(report[name]["queries"]) == 18 and r["agree"] == 18, (name, r["differ"])
        assert r["files"] == 16
    # a random file holds nearly every column's whole range (not always the rarest extreme brand)
    assert all(15 < figures["random"][k] <= 16 for k in ("point_avg", "range_avg", "and_avg")), figures["random"]
    ours = figures["ours-hilbert-sample"]
    assert max(ours["point_avg"], ours["range_avg"], ours["and_avg"]) < 12, ours
    text = (out / "every_query.md").read_text()
    assert "| ours-hilbert-sample | 16 |" in text and "18 of 18 |" in text
    assert f"{ours['point_avg'] / figures['builtin-hilbert-sample']['point_avg']:.2f}x / " in text


def test_stage_breakdown_of_each_clustering(run):
    result, out = run
    text = (out / "results.md").read_text()
    assert "| layout | files |" in text and "| time vs floor | time vs built-in | shuffle MB | shuffle vs built-in |" in text
    for name, r in ((r["layout"], r) for r in result["layouts"]):
        if name == "random":
            assert r["stages"] == []
            continue
        stages = r["stages"]
        assert stages and all(s["seconds"] >= 0 and s["tasks"] > 0 for s in stages), name
        # stages ran inside the timed window, and busy time plus driver time is the wall time
        assert all(-0.5 <= s["offset_seconds"] <= r["cluster_seconds"] + 0.5 for s in stages), name
        assert r["stage_seconds"] <= r["cluster_seconds"] + 0.5, name
        assert r["stage_seconds"] + r["outside_stages_seconds"] == pytest.approx(r["cluster_seconds"], abs=0.5)
        assert sum(s["shuffle_write_bytes"] for s in stages) == r["shuffle_bytes"], name
    for name in bench_report.STAGE_BREAKDOWN:
        assert f"Stages of {name}: " in text, name


def test_uniform_data_has_one_axis_per_filter_column(run):
    result, out = run
    assert (result["d"], result["d_effective"]) == (3, 3)
    assert result["axes"] == [["s_city"], ["c_city"], ["p_brand"]]
    assert all(r["effective_bound"] == pytest.approx(r["bound"]) for r in result["layouts"])
    assert "d=3 filter columns (s_city, c_city, p_brand) on d'=3 independent axes" in (out / "results.md").read_text()


def test_independent_axes_on_a_known_table(spark):
    """x: 10 values; fx = x // 2, a function of x; y: 5 values independent of x (every (x, y)
    pair occurs 4 times); key: unique. Only x and fx share an axis: key has one row per value,
    so it determines nothing, although (key, anything) has as many pairs as key."""
    rows = [(i % 10, (i % 10) // 2, (i // 10) % 5, i) for i in range(200)]
    df = spark.createDataFrame(rows, "x int, fx int, y int, key int")
    assert independent_axes(df, ["x", "y", "key", "fx"]) == [("x", "fx"), ("y",), ("key",)]
    assert independent_axes(df, ["fx", "x"]) == [("fx", "x")]  # either direction joins
    # one row breaking the dependency adds an 11th (x, fx) pair to x's 10 values: over 1% slack, within 20%
    noisy = spark.createDataFrame(rows[:-1] + [(9, 0, 4, 199)], "x int, fx int, y int, key int")
    assert independent_axes(noisy, ["x", "fx"]) == [("x",), ("fx",)]
    assert independent_axes(noisy, ["x", "fx"], slack=1.2) == [("x", "fx")]


def test_the_warm_up_runs_every_measured_layout_once_and_leaves_no_table(spark, tmp_path):
    source = ssb.write_parquet(str(tmp_path / "source"), 3000, 7)
    chosen = layouts("random", "floor", "ours-hilbert-sample")
    ran = bench.warm_up(spark, source, tmp_path / "tables", ssb.filter_columns("uniform"), chosen, 200_000, None, 1)
    assert ran == ["floor", "ours-hilbert-sample"]
    assert list((tmp_path / "tables").iterdir()) == []


def test_correlated_variant(spark, tmp_path):
    table = ssb.generate(3000, 7, 0.0, "correlated")
    assert ssb.filter_columns("correlated") == ("s_city", "s_nation", "p_brand", "p_category")
    for key, dependent in (("s_city", "s_nation"), ("p_brand", "p_category")):
        per_key = table.group_by(key).aggregate([(dependent, "count_distinct")])
        assert set(per_key.column(f"{dependent}_count_distinct").to_pylist()) == {1}, (key, dependent)
    assert table.equals(ssb.generate(3000, 7, 0.0, "uniform"))  # the uniform rows, other filter columns
    spec = BenchSpec(
        rows=3000, scale=0.0, variant="correlated", files=6, queries=1, repetitions=1, sample_size=200_000,
        seed=7, memory="", keep_tables=True, warmup=False, out=str(tmp_path), codec="zstd",
        layouts=(Layout.RANDOM,) + tuple(Layout.peer(name) for name in RUN_PEERS))
    result = bench.run(spec, spark)
    # --codec: every system's files in the one codec (Hudi's default is gzip, Delta's snappy)
    written = [f for f in (tmp_path / "tables").rglob("*.parquet") if ".hoodie" not in f.parts]
    for name in ["random"] + RUN_PEERS:
        mine = [f for f in written if f.relative_to(tmp_path / "tables").parts[0] == name]
        assert mine, name
        assert {pq.ParquetFile(f).metadata.row_group(0).column(0).compression for f in mine} == {"ZSTD"}, name
    # Hudi's bloom filter of record keys sized for the run's 500 rows per file, not its default
    # 60,000 keys (431 KB in every footer)
    bloom = [len(pq.ParquetFile(f).metadata.metadata[b"org.apache.hudi.bloomfilter"])
             for f in written if f.relative_to(tmp_path / "tables").parts[0] == "random"]
    assert bloom and max(bloom) < 50_000, bloom
    # the peers, each in a Spark session of its own, on the same rows (the runner fails on other
    # rows for any query): about N = 6 files from 6 random ones, fewer files per point query than
    # the random table
    peers = {r["layout"]: r for r in result["layouts"][1:]}
    assert list(peers) == RUN_PEERS, list(peers)
    for name, r in peers.items():
        assert r["peer"]["random_files"] == 6 and 3 <= r["files"] <= 12, (name, r["files"])
        assert r["peer"]["random_query_files"] >= 4, (name, r["peer"])  # its scan metric counts files
        assert r["cluster_seconds"] > 0 and r["point_avg"] <= r["files"], (name, r)
        assert r["bytes_written"] == r["peer"]["bytes"] > 0, name
        assert [q["predicate"] for q in r["queries"]] == [q["predicate"] for q in result["layouts"][0]["queries"]]
    assert (result["d"], result["d_effective"]) == (4, 2)
    assert result["axes"] == [["s_city", "s_nation"], ["p_brand", "p_category"]]
    random_ = result["layouts"][0]
    assert random_["bound"] == pytest.approx(6 ** 0.75) and random_["effective_bound"] == pytest.approx(6 ** 0.5)
    assert [q["label"] for q in random_["queries"] if q["kind"] == "and"] == [
        "s_city&s_nation", "s_nation&p_brand", "p_brand&p_category", "s_city&p_category",
        "s_city&p_brand", "s_nation&p_category"]
    text = (tmp_path / "results.md").read_text()
    assert "on d'=2 independent axes found in the data (s_city+s_nation, p_brand+p_category)" in text
    assert "| p_category files read (skip %) | point avg | bound | eff. bound |" in text
    assert "| random | 6 | 6.0 (0.0%) | 6.0 (0.0%) | 6.0 (0.0%) | 6.0 (0.0%) | 6.0 | 3.8 | 2.4 |" in text
    assert (tmp_path / "files_read.png").stat().st_size > 0
    # each peer's layout stage by stage, read alike from its own Spark session
    assert "codec=zstd" in text and "| shuffle read, sort, write |" in text
    for name in RUN_PEERS:
        assert peers[name]["stages"] and f"Stages of {name}:" in text, name
    # every query counted from each peer's own stats (Delta's log, Iceberg's manifests): the bench's
    # sampled queries count exactly the files each system's scan read, and a point query on every
    # value reads fewer files than the layout holds
    every = {r["layout"]: r for r in every_query.run(spark, tmp_path, rows=100)["layouts"]}
    assert list(every) == ["random"] + RUN_PEERS
    for name in RUN_PEERS:
        r = every[name]
        assert r["files"] == peers[name]["files"] and r["queries"] == len(peers[name]["queries"]), name
        assert r["agree"] == r["queries"], (name, r["differ"])
        assert r["point_avg"] < r["files"], (name, r["point_avg"], r["files"])


def test_layout_names():
    assert Layout.parse("ours-zorder-direct-aligned").aligned is True
    assert Layout.parse("ours-zorder-direct-curve").aligned is False
    assert Layout.parse("ours-hilbert-curve").mapping == "direct"
    # the plain name is our default layout: aligned is not passed, LayoutOptions' default decides
    plain = Layout.parse("ours-zorder-direct")
    assert plain.aligned is None
    assert plain.options(["a", "b"], 100, 4, 100) == {
        **tables.layout_options(["a", "b"], "z-order", "direct", 100, 4, sample_size=100, weights=None,
                                whole_partition=False, max_bytes_per_group=400),
        "hoodie.parquet.compression.ratio": WRITER_HEADROOM}
    assert Layout.parse("ours-zorder-direct-curve").options(["a", "b"], 100, 4, 100)[ALIGNED_KEY] == "false"
    assert Layout.parse("ours-zorder-direct-aligned").options(["a", "b"], 100, 4, 100)[ALIGNED_KEY] == "true"
    both = Layout.parse("ours-hilbert-sample-aligned-weighted-whole")
    assert (both.aligned, both.weighted, both.whole) == (True, True, True)
    assert Layout.parse("builtin-zorder-sample-whole").whole
    continuous = Layout.parse("ours-hilbert-sample-continuous")
    assert continuous.continuous and not continuous.whole
    assert continuous.options(["a", "b"], 100, 4, 100)["hoodie.clustering.plan.strategy.class"] == \
        "dev.hudilayout.continuous.ContinuousPlanStrategy"
    grouped = Layout.parse("ours-hilbert-sample-continuous-grouped")
    assert grouped.continuous and grouped.grouped and not continuous.grouped
    assert Layout.parse("floor").impl == "floor" and not Layout.parse("floor").clusters
    for peer in PEERS + [p + "-fullstats" for p in PEERS]:
        assert Layout.parse(peer).impl == "peer" and not Layout.parse(peer).clusters
    with pytest.raises(ValueError, match="a peer \\(delta-zorder, delta-zorder-fullstats"):
        Layout.parse("delta-hilbert")
    assert "floor" in DEFAULT_LAYOUTS
    for bad in ("builtin-hilbert-sample-aligned", "ours-linear-direct-aligned", "ours-hilbert-peano",
                "builtin-hilbert-sample-weighted", "ours-linear-weighted", "ours-hilbert-sample-whole-whole",
                "builtin-hilbert-sample-curve", "ours-linear-curve", "ours-hilbert-sample-aligned-curve",
                "floor-hilbert", "builtin-hilbert-sample-continuous", "ours-hilbert-sample-continuous-whole",
                "ours-hilbert-sample-grouped", "ours-hilbert-sample-whole-grouped"):
        with pytest.raises(ValueError, match="unknown"):
            Layout.parse(bad)
    with pytest.raises(ValueError, match="needs --weights"):
        Layout.parse("ours-hilbert-sample-weighted").options(["a", "b"], 100, 4, 100)
    with pytest.raises(ValueError, match="expected 3 numbers"):
        parse_weights("0.6,0.4", ["a", "b", "c"])
    with pytest.raises(ValueError, match="key 'parquet.block.size' is not a Hudi option; a key starting with 'hoodie.'"):
        parse_hudi_options(["parquet.block.size=1"])
    assert parse_hudi_options([" hoodie.a = 1", "hoodie.b=x=y"]) == {"hoodie.a": "1", "hoodie.b": "x=y"}
    for argv in (["--weights", "1,x", "--layouts", "random"], ["--layouts", "ours-hilbert-sample-weighted"],
                 ["--layouts", "ours-hilbert-sample-continuous-grouped"],  # grouped: --rounds only
                 ["--hudi-option", "parquet.block.size=1"], ["--hudi-option", "hoodie.metadata.enable"],
                 ["--hudi-option", "hoodie.parquet.compression.codec=zstd"],  # that is --codec
                 ["--rounds", "2", "--hudi-option", "parquet.block.size=1"],
                 ["--partitions", "5", "--files", "4"], ["--partition-column", "lo_orderdate"],
                 ["--partitions", "2", "--layouts", "random,delta-zorder"], ["--rounds", "2", "--partitions", "1000"],
                 ["--partition-growth", "10"], ["--partitions", "4", "--partition-growth", "0.5"]):
        with pytest.raises(SystemExit) as exit_:  # a usage error before Spark starts
            bench_cli.main(argv)
        assert exit_.value.code == 2


def test_weighted_and_whole_partition_modes(spark, tmp_path):
    """A workload of 0.6/0.3/0.1 over the filter columns and a table that Hudi's size-based plan
    cuts into 4 groups: the weighted layouts read fewer files on the workload's average than the
    equal-weight one, and the whole-partition plan (one group) fewer per point query than 4 groups.
    (Weights are compared within whole-partition layouts: 4 groups of 4 files leave them little to do.)"""
    spec = BenchSpec(
        rows=12_000, scale=0.0, variant="uniform", files=16, queries=3, repetitions=1, sample_size=200_000,
        seed=7, memory="", keep_tables=False, warmup=False, out=str(tmp_path), weights=(0.6, 0.3, 0.1), groups=4,
        layouts=(Layout.random(), Layout.ours("hilbert", "sample"), Layout.ours("hilbert", "sample", whole=True),
                 Layout.ours("hilbert", "sample", weighted=True, whole=True)))
    rows = {r["layout"]: r for r in bench.run(spec, spark)["layouts"]}
    text = (tmp_path / "results.md").read_text()
    assert "weights=0.6,0.3,0.1 groups=4" in text and "| workload avg | groups |" in text
    grouped, whole = rows["ours-hilbert-sample"], rows["ours-hilbert-sample-whole"]
    weighted = rows["ours-hilbert-sample-weighted-whole"]
    assert grouped["groups"] == 4 and whole["groups"] == weighted["groups"] == 1, rows
    assert whole["point_avg"] < grouped["point_avg"], (whole["point"], grouped["point"])
    assert weighted["workload_avg"] < whole["workload_avg"], (weighted["point"], whole["point"])
    assert len(weighted["buckets"].split(",")) == 3


def test_a_peer_without_its_jars_is_named_in_one_line(monkeypatch, tmp_path):
    """Where target/peers holds no Delta or Iceberg jar, the peer runner stops before Spark starts,
    with one line that says what to run; the bench prints it and goes on without the peer."""
    from hudi_layout import jarpaths
    from bench import peers
    assert any("delta-spark" in j for j in peers.peer_jars())  # make test builds them (-Ppeers)
    monkeypatch.setattr(jarpaths, "checkout_root", lambda: tmp_path)
    with pytest.raises(peers.PeerUnavailable, match="run `mvn -Ppeers package`"):
        peers.peer_jars()
    request = tmp_path / "request.json"
    request.write_text(json.dumps({"layout": "delta-zorder", "source": str(tmp_path), "columns": ["a"], "key": "a",
                                   "files": 2, "total_bytes": 1, "queries": [], "folder": str(tmp_path)}))
    assert peers.main([str(request), str(tmp_path / "result.json")]) == peers.UNAVAILABLE
    assert not (tmp_path / "result.json").exists()


def test_partition_stretches_hold_about_equal_rows_and_never_split_a_value():
    counts = [(d, 5 + (d * 7) % 11) for d in range(200)]  # uneven days
    mapping = partitions.stretches(counts, 8)
    assert set(mapping) == set(range(200))
    labels = sorted(set(mapping.values()), key=int)
    assert len(labels) == 8 and mapping[0] == "0"
    rows = {lab: sum(c for v, c in counts if mapping[v] == lab) for lab in labels}
    assert max(rows.values()) <= 1.1 * min(rows.values()), rows
    # every stretch is contiguous: its values are the ones from its first value to the next's
    firsts = [int(lab) for lab in labels]
    assert all(mapping[v] == str(max(f for f in firsts if f <= v)) for v in range(200))
    assert len(set(partitions.stretches(counts, 200).values())) == 200  # one value each
    with pytest.raises(ValueError, match="--partitions 201: expected 1 to 200, the distinct values of "
                                         "--partition-column lo_orderdate"):
        partitions.stretches(counts, 201)
    # --partition-growth 100: the rows grow along the values, the last stretch's about 100x the first's
    days = [(d, 50) for d in range(5000)]
    grown = partitions.stretches(days, 10, growth=100.0)
    sizes = [sum(1 for v in range(5000) if grown[v] == lab) for lab in sorted(set(grown.values()), key=int)]
    assert len(sizes) == 10 and sizes == sorted(sizes), sizes
    assert 80 <= sizes[-1] / sizes[0] <= 120, sizes


def test_spread_gives_each_partition_exactly_its_files(spark):
    """``partitions.spread``: every (partition, slot) pair in a Spark partition of its own, so a
    bulk insert with sort mode NONE writes exactly ``files[p]`` files into partition p, on every
    write alike (a range partitioner's sample could merge two pairs and leave one partition a file
    short)."""
    from pyspark.sql import functions as F
    files = {"1992-01-01": 3, "1993-05-02": 1, "1995-07-03": 5, "1997-04-04": 4}
    df = spark.range(4000).select(F.col("id").alias("lo_key"), F.element_at(
        F.array(*[F.lit(p) for p in files]), (F.col("id") % 4 + 1).cast("int")).alias(partitions.FIELD))
    for _ in range(2):
        spread = partitions.spread(df, "lo_key", files)
        held = spread.withColumn("spark_partition", F.spark_partition_id()) \
            .groupBy("spark_partition").agg(F.collect_set(partitions.FIELD).alias("parts"), F.count("*").alias("n")) \
            .collect()
        assert spread.rdd.getNumPartitions() == sum(files.values())
        assert all(len(r["parts"]) == 1 and r["n"] > 0 for r in held), held
        assert Counter(r["parts"][0] for r in held) == files
        assert sum(r["n"] for r in held) == 4000


def test_file_bounds_count_a_partitions_files_apart():
    """``FileBounds.within``: one partition's slices as a table of their own (a slice of two files
    counts once); ``partition_points``: each partition's files per point query over the values."""
    # slices 0 and 1 in partition a (slice 1 a base and a log file), slice 2 in partition b
    b = every_query.FileBounds(3, [0, 1, 1, 2], {"x": [0, 10, 15, 0]}, {"x": [9, 12, 19, 19]},
                               partitions=["a", "a", "b"])
    a = b.within("a")
    assert a.files == 2 and a.count([("x", 11, 11)]) == 1 and a.count([("x", 5, 16)]) == 2
    assert b.within("b").count([("x", 5, 5)]) == 1 and b.count([("x", 5, 5)]) == 2
    assert b.partition_points({"x": [5, 11, 16]}) == {"a": {"x": 1.0}, "b": {"x": 1.0}}
    assert b.partition_points({"x": [20]}) == {"a": {"x": 0.0}, "b": {"x": 0.0}}


def test_a_partitioned_run_lays_out_every_partition(spark, tmp_path):
    """``--partitions 4``: the random table, the floor and our clustering hold the same 4 partitions
    (about 4 files each); one clustering lays every partition out, in one Spark job; its point queries return the
    random table's rows with and without a partition predicate (the runner checks) and read no more
    files than the random table's; plan time and the driver's peak heap are reported."""
    spec = BenchSpec(
        rows=12_000, scale=0.0, variant="uniform", files=16, queries=2, repetitions=1, sample_size=200_000,
        seed=7, memory="", warmup=False, out=str(tmp_path), partitions=4, partition_column="lo_orderdate",
        layouts=(Layout.RANDOM, Layout.floor(), Layout.floor(overwrite=True), Layout.ours("hilbert", "sample")),
        keep_tables=True)
    rows = {r["layout"]: r for r in bench.run(spec, spark)["layouts"]}
    for name in ("random", "floor", "floor-overwrite", "ours-hilbert-sample"):
        assert rows[name]["partitions"] == 4, rows[name]
        assert 2 <= rows[name]["min_partition_files"] <= rows[name]["max_partition_files"] <= 6, rows[name]
    ours, random_ = rows["ours-hilbert-sample"], rows["random"]
    # the floor writes each partition the files Hudi's plan gave our clustering there (ceil(bytes / target))
    floor_files, ours_files = rows["floor"]["partition_files"], ours["partition_files"]
    assert floor_files.keys() == ours_files.keys()
    assert all(abs(floor_files[p] - ours_files[p]) <= 1 for p in ours_files), (floor_files, ours_files)
    assert abs(sum(floor_files.values()) - sum(ours_files.values())) <= 1, (floor_files, ours_files)
    # floor-overwrite: the same write over a copy of the random table, replacing every partition in
    # one replacecommit (its queries returned the random table's rows: no row twice)
    over = rows["floor-overwrite"]
    assert over["partition_files"] == floor_files and over["time_vs_floor_overwrite"] == 1.0
    assert ours["time_vs_floor_overwrite"] == pytest.approx(ours["cluster_seconds"] / over["cluster_seconds"])
    actions = [i["action"] for i in timeline.instants(spark, str(tmp_path / "tables" / "floor-overwrite"))]
    assert actions == ["commit", "replacecommit"], actions
    assert sum(q["kind"] == "ppoint" for q in ours["queries"]) == sum(q["kind"] == "point" for q in ours["queries"])
    # the random table reads every file; ours skips files in every partition
    assert random_["point_avg"] == random_["files"]
    assert ours["point_avg"] <= 0.8 * ours["files"], (ours["point"], ours["files"])
    assert ours["ppoint_avg"] < ours["max_partition_files"], (ours["ppoint_avg"], ours["max_partition_files"])
    assert 0 < ours["plan_seconds"] < ours["cluster_seconds"] and ours["heap_after_gc_bytes"] > 0
    # the 4 partitions' groups ran as one Spark job: one stage read and shuffled the rows of all of
    # them (a job per group has one such stage per partition)
    assert sum("HelperColumns" in stage["name"] for stage in ours["stages"]) == 1, \
        [stage["name"] for stage in ours["stages"]]
    assert ours["partition_bound_sum"] >= 4
    assert "Partitioned by lo_orderdate into 4 partitions" in (tmp_path / "results.md").read_text()
