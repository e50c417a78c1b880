"""The benchmarks as a library, without Spark: run specs (``BenchSpec``, ``RoundsSpec``) hold the
command line's defaults and name the field, the value and what is accepted for one that cannot
work, before any Spark session starts; layouts built by their typed constructors carry the names
the reports key everything by (``Layout.parse(x.name) == x`` for every layout name the tests, the
docs and the recorded runs use); ``spark_conf`` restores every key it set however its block ends.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bench import bench, bench_cli, peers, rounds
from bench.bench import BenchSpec
from bench.layouts import DEFAULT_LAYOUTS, Layout, layouts
from bench.rounds import RoundsSpec
from bench.sessions import PARAMETERS, spark_conf

pytestmark = pytest.mark.bench

REPO = Path(__file__).resolve().parent.parent
#: layout names the tests use beside the defaults and the docs'
TEST_NAMES = ["ours-zorder-direct-aligned", "ours-zorder-direct-curve", "ours-hilbert-curve", "ours-zorder-direct",
              "ours-hilbert-sample-aligned-weighted-whole", "builtin-zorder-sample-whole",
              "ours-hilbert-sample-continuous", "ours-hilbert-sample-continuous-grouped", "ours-hilbert-sample-weighted",
              "ours-hilbert-sample-curve-whole", "builtin-hilbert-sample-whole", "floor-overwrite"]


def _names() -> set:
    """Every layout name of the defaults, the tests, the recorded runs (docs/bench/*/results.json)
    and the docs' text that parses as one."""
    names = set(DEFAULT_LAYOUTS) | set(rounds.DEFAULT_LAYOUTS) | set(TEST_NAMES) | set(peers.LAYOUTS)
    for results in REPO.glob("docs/bench/*/results.json"):
        report = json.loads(results.read_text())
        if report.get("mode") == "frontier":  # arithmetic (tools.frontier), not a run of layouts
            continue
        names |= set(report["parameters"]["layouts"].split(","))
        names |= {r["layout"] for r in report.get("layouts", []) + report.get("rounds", [])}
    for doc in [REPO / "README.md", *REPO.glob("docs/*.md")]:
        for name in re.findall(r"\b(?:ours|builtin)-(?:linear|zorder|hilbert)(?:-[a-z]+)*", doc.read_text()):
            try:
                Layout.parse(name)
            except ValueError:
                continue
            names.add(name)
    return names


def _typed(name: str) -> Layout:
    """The layout ``name`` says, built by its typed constructor from the name's parts."""
    parsed = Layout.parse(name)
    if parsed.impl == "":
        return Layout.random()
    if parsed.impl == "floor":
        return Layout.floor(overwrite=name == "floor-overwrite")
    if parsed.impl == "peer":
        return Layout.peer(name)
    parts = name.split("-")
    mapping = parts[2] if len(parts) > 2 and parts[2] in ("direct", "sample") else None
    if parsed.impl == "builtin":
        return Layout.builtin(parts[1], mapping, whole=parsed.whole)
    return Layout.ours(parts[1], mapping, aligned=parsed.aligned, weighted=parsed.weighted, whole=parsed.whole,
                       continuous=parsed.continuous, grouped=parsed.grouped, auto=parsed.auto)


def test_typed_layouts_round_trip_through_their_names():
    names = _names()
    assert len(names) > 30 and "ours-hilbert-sample-continuous" in names and "delta-liquid" in names
    for name in sorted(names):
        typed = _typed(name)
        assert typed == Layout.parse(name) and typed.name == name, name
        assert Layout.parse(typed.name) == typed, name


def test_layout_constructors():
    assert Layout.ours("hilbert", "sample", continuous=True).name == "ours-hilbert-sample-continuous"
    assert Layout.ours("hilbert", "sample", aligned=False, whole=True).name == "ours-hilbert-sample-curve-whole"
    assert Layout.builtin("zorder", "sample") == Layout.builtin("z-order", "sample") == \
        Layout.parse("builtin-zorder-sample")
    assert Layout.builtin("linear").name == "builtin-linear" and Layout.ours("linear").mapping == "direct"
    assert Layout.RANDOM == Layout.random() == Layout.parse("random") and not Layout.RANDOM.clusters
    assert Layout.floor().name == "floor" and Layout.floor(overwrite=True).rewrites
    assert layouts("random,floor", "ours-hilbert-sample") == (Layout.RANDOM, Layout.floor(),
                                                               Layout.ours("hilbert", "sample"))
    with pytest.raises(ValueError, match="unknown layout 'ours-linear-aligned'"):
        Layout.ours("linear", aligned=True)
    with pytest.raises(ValueError, match="unknown layout 'builtin-hilbert-sample-continuous'"):
        Layout.parse("builtin-hilbert-sample-continuous")
    with pytest.raises(ValueError, match="unknown peer layout 'delta-hilbert'"):
        Layout.peer("delta-hilbert")


def test_specs_hold_the_command_lines_defaults():
    assert bench_cli.bench_spec(bench_cli.parser().parse_args([])) == BenchSpec()
    assert BenchSpec().layouts == layouts(*DEFAULT_LAYOUTS) and BenchSpec().files == 64
    assert bench_cli.rounds_spec(bench_cli.parser().parse_args(["--rounds", "4"])) == RoundsSpec(rounds=4)
    given = bench_cli.bench_spec(bench_cli.parser().parse_args(
        ["--weights", "0.6,0.3,0.1", "--hudi-option", " hoodie.a = 1", "--layouts", "random,ours-hilbert-sample"]))
    assert given.weights == (0.6, 0.3, 0.1) and dict(given.hudi_options) == {"hoodie.a": "1"}
    assert given.layouts == (Layout.RANDOM, Layout.ours("hilbert", "sample"))
    # under a workload, the shares are those of its user columns, and an error names them
    with pytest.raises(ValueError, match=r"\(for lo_discount, lo_quantity, d_year\)"):
        bench_cli.weights("0.6,0.4", "uniform", "ssb-q1")
    with pytest.raises(ValueError, match=r"\(for s_city, c_city, p_brand\)"):
        bench_cli.weights("0.6,0.4", "uniform")


def test_parameters_are_every_flag_as_the_command_line_gives_it():
    params = BenchSpec(rows=1000, weights=(0.6, 0.3, 0.1), hudi_options={"hoodie.a": "1"}, partitions=4).parameters()
    assert tuple(params) == PARAMETERS
    assert (params["weights"], params["hudi_option"], params["partition_column"], params["rounds"]) == \
        ("0.6,0.3,0.1", ["hoodie.a=1"], "lo_orderdate", None)
    assert BenchSpec().parameters()["layouts"] == ",".join(DEFAULT_LAYOUTS)
    params = RoundsSpec(rounds=4, layouts=layouts("ours-hilbert-sample,random,ours-hilbert-sample")).parameters()
    assert tuple(params) == PARAMETERS
    assert (params["layouts"], params["files"], params["groups"], params["order"], params["updates"]) == \
        ("random,ours-hilbert-sample", None, 1, "random", 0.0)


@pytest.mark.parametrize("spec, message", [
    (BenchSpec(files=4, partitions=5), "--partitions 5: expected 1 to --files (4)"),
    (BenchSpec(partitions=2, layouts=layouts("random,delta-zorder")), "--partitions 2: not with the peer layout "
                                                                       "delta-zorder"),
    (BenchSpec(partition_column="lo_orderdate"), "--partition-column lo_orderdate: only with --partitions P"),
    (BenchSpec(partitions=4, partition_growth=0.5), "--partition-growth 0.5: expected a number of at least 1"),
    (BenchSpec(weights=(0.6, 0.4)), "--weights '0.6,0.4': expected 3 numbers >= 0"),
    (BenchSpec(layouts=layouts("ours-hilbert-sample-weighted")), "layout ours-hilbert-sample-weighted needs "
                                                                  "--weights"),
    (BenchSpec(layouts=layouts("ours-hilbert-sample-continuous-grouped")), "-grouped only with --rounds R"),
    (BenchSpec(hudi_options={"parquet.block.size": "1"}), "key 'parquet.block.size' is not a Hudi option"),
    (BenchSpec(hudi_options={"hoodie.parquet.compression.codec": "zstd"}), "set by the bench for every layout"),
    (BenchSpec(codec="lz4"), "--codec lz4: expected one of zstd, snappy, gzip, uncompressed"),
    (BenchSpec(variant="sideways"), "--variant sideways: expected one of uniform"),
    (BenchSpec(layouts=("random",)), "expected Layout values"),
    (RoundsSpec(rounds=0), "--rounds 0: expected a whole number of rounds"),
    (RoundsSpec(rounds=2, round_files=1), "--round-files 1: expected at least 2"),
    (RoundsSpec(rounds=4, rows=100), "--rows 100 over --rounds 4 (25 rows per round)"),
    (RoundsSpec(rounds=2, rows=100, rows_per_round=10), "disagree"),
    (RoundsSpec(rounds=2, drift="lo_key"), "--drift lo_key: expected one of the uniform variant's filter columns"),
    (RoundsSpec(rounds=2, order="time", drift="s_city"), "--order time and --drift s_city: not together"),
    (RoundsSpec(rounds=2, operation="delete"), "--operation delete: expected one of"),
    (RoundsSpec(rounds=2, updates=0.1), "--updates 0.1 needs --operation upsert (got --operation bulk_insert)"),
    (RoundsSpec(rounds=2, operation="upsert", updates=1.5), "--updates 1.5: expected a fraction"),
    (RoundsSpec(rounds=2, round_files=4, partitions=3), "--partitions 3: expected 1 to half of --round-files (2)"),
    (RoundsSpec(rounds=2, partitions=2, layouts=layouts("random,delta-liquid")), "--partitions 2: not with the "
                                                                                 "peer layout delta-liquid"),
    (RoundsSpec(rounds=2, partition_growth=3.0), "--partition-growth 3: only with --partitions P"),
    (RoundsSpec(rounds=2, layouts=(Layout.RANDOM, Layout.floor())), "layout floor: not with --rounds"),
])
def test_a_spec_names_the_field_its_value_and_what_is_accepted(spec, message):
    with pytest.raises(ValueError) as error:
        spec.validate()
    assert message in str(error.value)


def test_a_run_checks_its_spec_before_spark_starts(tmp_path):
    with pytest.raises(ValueError, match="--partitions 5"):
        bench.run(BenchSpec(files=4, partitions=5, out=str(tmp_path / "bench")))
    with pytest.raises(ValueError, match="--rounds 0"):
        rounds.run(RoundsSpec(rounds=0, out=str(tmp_path / "rounds")))
    assert list(tmp_path.iterdir()) == []


def _no_peer_jars(monkeypatch):
    def missing():
        raise peers.PeerUnavailable("Delta and Iceberg jars not found in /x/target/peers: run `mvn -Ppeers package` "
                                    "(or `make peers`) in the checkout")
    monkeypatch.setattr(peers, "peer_jars", missing)


def test_a_layout_asked_for_that_cannot_run_fails_the_run(monkeypatch, tmp_path, capsys):
    """A peer without its jars stops the run before Spark starts (no layout left out with exit 0):
    the command exits 2 with one line naming the layout and what to build."""
    _no_peer_jars(monkeypatch)
    with pytest.raises(peers.LayoutUnavailable, match=r"^layout delta-zorder asked for but cannot run here: .*make peers"):
        bench.run(BenchSpec(files=4, layouts=layouts("random,delta-zorder"), out=str(tmp_path / "bench")))
    with pytest.raises(peers.LayoutUnavailable, match=r"^layouts delta-zorder, iceberg-zorder asked for"):
        rounds.run(RoundsSpec(rounds=1, layouts=layouts("random,delta-zorder,iceberg-zorder"),
                              out=str(tmp_path / "rounds")))
    assert list(tmp_path.iterdir()) == []
    assert bench_cli.main(["--rows", "100", "--files", "4", "--layouts", "random,iceberg-zorder",
                           "--out", str(tmp_path / "cli")]) == 2
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and said[0].startswith("error: layout iceberg-zorder asked for but cannot run here: ") \
        and "make peers" in said[0], said
    peers.check_runnable(["random", "ours-hilbert-sample"])  # no peer asked for: nothing to check


def test_a_peer_child_that_cannot_run_fails_the_run(monkeypatch, tmp_path):
    import subprocess
    said = "Delta and Iceberg jars not found in /x/target/peers: run `mvn -Ppeers package` (or `make peers`)"
    monkeypatch.setattr(subprocess, "run", lambda *a, **k: subprocess.CompletedProcess(a, peers.UNAVAILABLE, "",
                                                                                          said + "\n"))
    with pytest.raises(peers.LayoutUnavailable) as error:
        peers.run_child({"layout": "delta-liquid"}, tmp_path, print)
    assert str(error.value) == f"layout delta-liquid asked for but cannot run here: {said}"


class _Conf:
    """A session's runtime conf as spark_conf uses it: get with a default, set, unset."""

    def __init__(self, values):
        self.values = dict(values)

    def get(self, key, default):
        return self.values.get(key, default)

    def set(self, key, value):
        if value == "refused":
            raise ValueError(f"{key}: refused")
        self.values[key] = value

    def unset(self, key):
        self.values.pop(key, None)


class _Session:
    def __init__(self, values):
        self.conf = _Conf(values)


def test_spark_conf_restores_every_key_however_the_block_ends():
    spark = _Session({"a": "1"})
    with spark_conf(spark, {"a": "2", "b": "3"}):
        assert spark.conf.values == {"a": "2", "b": "3"}
    assert spark.conf.values == {"a": "1"}  # b was unset before: unset again
    with pytest.raises(RuntimeError):
        with spark_conf(spark, {"a": "2", "b": "3"}):
            with spark_conf(spark, {"a": "4"}):
                raise RuntimeError("the block failed")
    assert spark.conf.values == {"a": "1"}
    with pytest.raises(ValueError, match="b: refused"):  # a key that cannot be set: the ones before it restored
        with spark_conf(spark, {"a": "2", "b": "refused"}):
            pass
    assert spark.conf.values == {"a": "1"}
