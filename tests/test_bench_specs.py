"""The benchmarks as a library, without Spark: layouts built by their typed constructors carry
the names the reports key everything by (``Layout.parse(x.name) == x`` for every layout name the
tests, the docs and the recorded runs use).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hudi_layout.tools import peers, rounds
from hudi_layout.tools.layouts import DEFAULT_LAYOUTS, Layout, layouts

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
                       continuous=parsed.continuous, grouped=parsed.grouped)


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
