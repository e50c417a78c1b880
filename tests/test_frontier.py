"""The frontier of layered layouts (bench.frontier): pure arithmetic, no Spark."""
import json
import math
from pathlib import Path

import pytest

from bench import frontier

pytestmark = pytest.mark.bench


def test_two_rounds_by_hand():
    # Round 2 either keeps the first layout and adds one (1 + 1 files against sqrt(2): 1.41x, one
    # unit written) or lays both rounds out together (1.0x, two units written).
    assert frontier.min_rewrite(2, 2, 1.5)[0] == pytest.approx(1.0)
    assert frontier.min_rewrite(2, 2, 1.5)[1] == [(1,), (1, 1)]
    assert frontier.min_rewrite(2, 2, 1.4)[0] == pytest.approx(1.5)
    assert frontier.min_rewrite(2, 2, 1.4)[1] == [(1,), (2,)]
    assert frontier.min_rewrite(2, 2, 0.99) is None
    assert frontier.min_worst(2, 2, 1.0) == pytest.approx(math.sqrt(2), abs=0.006)


@pytest.mark.parametrize("rounds", [8, 11])
@pytest.mark.parametrize("axes", [2, 3])
def test_merging_the_smallest_layers_loses_nothing(rounds, axes):
    for worst in (1.2, 1.3, 1.4, 1.6):
        fast = frontier.min_rewrite(rounds, axes, worst)
        every = frontier.min_rewrite(rounds, axes, worst, every=True)
        assert (fast is None) == (every is None)
        if fast:
            assert fast[0] == pytest.approx(every[0])


def test_the_frontier_is_consistent():
    e = frontier.exponent(2)
    best = frontier.min_rewrite(12, 2, 1.4)
    rewrite, schedule = best
    assert len(schedule) == 12 and schedule[0] == (1,)
    for rho, layers in enumerate(schedule, start=1):
        assert sum(layers) == rho
        if rho > 1:
            assert sum(m ** e for m in layers) <= 1.4 * rho ** e + 1e-9
    # fewer bytes cannot reach a lower worst round; more can only help
    assert frontier.min_worst(12, 2, rewrite) <= 1.4 + 0.006
    assert frontier.min_worst(12, 2, rewrite - 0.2) > 1.4
    worsts = [frontier.min_worst(12, 2, r) for r in (1.5, 2.0, 3.0, 4.0)]
    assert worsts == sorted(worsts, reverse=True) and worsts[0] > worsts[-1]
    # more independent axes make layers cheaper; staggered regions are a floor under one schedule
    assert frontier.min_worst(12, 3, 2.0) < frontier.min_worst(12, 2, 2.0)
    assert 1.0 <= frontier.staggered_floor(12, 2, 2.0) <= frontier.min_worst(12, 2, 2.0)


def test_bad_input_names_the_value():
    with pytest.raises(ValueError, match="axes: 1"):
        frontier.min_rewrite(8, 1, 1.4)
    with pytest.raises(ValueError, match="rounds: 33"):
        frontier.min_worst(33, 2, 3.0)
    with pytest.raises(ValueError, match="rewrite: 0.5"):
        frontier.min_worst(8, 2, 0.5)


def test_cli_prints_the_table_and_keeps_its_figures(capsys, tmp_path):
    args = ["--rounds", "6", "--axes", "2", "3", "--rewrite", "2", "--worst", "1.3"]
    assert frontier.main(args + ["--out", str(tmp_path / "run")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("| rounds | independent axes |") and len(out) == 4
    assert out[2].startswith("| 6 | 2 |") and out[3].startswith("| 6 | 3 |")
    kept = json.loads((tmp_path / "run" / "results.json").read_text())
    assert [r["layout"] for r in kept["layouts"]] == ["r6-d2", "r6-d3"]
    assert kept["layouts"][0]["lowest_worst"] == pytest.approx(frontier.min_worst(6, 2, 2.0))
    assert frontier.render(kept).splitlines() == out
    assert frontier.command(kept) == "python -m bench.frontier " + " ".join(args)
    with pytest.raises(SystemExit):
        frontier.main(["--axes", "1"])


@pytest.mark.parametrize("run", ["frontier", "frontier-125"])
def test_the_docs_frontier_is_what_the_search_finds(run):
    # docs/layouts.md renders its frontier table from docs/bench/frontier, docs/scale.md quotes
    # docs/bench/frontier-125 (every round within 1.25x); their 8-round rows take a fraction of a
    # second to search again (the 32-round rows take minutes)
    kept = json.loads((Path(__file__).resolve().parents[1] / "docs" / "bench" / run / "results.json").read_text())
    p = kept["parameters"]
    again = frontier.results([8], p["axes"], p["rewrite"], p["worst"])["layouts"]
    assert again == [r for r in kept["layouts"] if r["rounds"] == 8] and again
