"""What any layout that grows by layers can reach: files per point query against bytes rewritten.

    python -m bench.frontier [--rounds 32] [--axes 2 3] [--rewrite 3] [--worst 1.4] [--out DIR]

A table grows by rounds of as many new rows (one *unit* each); the first clustering lays out the
first round. After every round the table's rows lie in *layers*: sets of files laid out together
(a base, pending layers). A round's new rows are written by a clustering at least once (their
small files span the table), so each round merges its unit with any of the layers into one new
layer, rewriting their rows. A layer of m files reads at least m^((d-1)/d) of them per point query
on average over d independent axes (for equal files, the sum over files of their widths on the
axes is at least that, by the mean of the widths against their product), so with files of one
size the table reads at least the sum over layers of m^e, e = (d-1)/d, against the bound
N^e for its N files. Splitting the table into regions changes nothing while a region's share of
a round is at least a file: a query meets K^e of K regions, each reading (m/K)^e of a layer.

For a number of rounds and independent axes this finds, exactly (dynamic programming over the
multisets of layer sizes a schedule can leave):
- the fewest bytes rewritten, over the bytes ingested, for every round to read at most ``worst``
  times the bound;
- the lowest worst round reachable within ``rewrite`` times the bytes ingested;
- a floor for regions that fall due in different rounds (each region following its own schedule,
  the table reading the mean of its regions): no round can read less than the lowest mean over the
  rounds of any mixture of schedules within the same bytes, found on the lower convex hull of
  (rewrite, mean ratio) over schedules.

Rounds count from the first clustering's (round 1, rewrite 1 unit); ratios are those of rounds 2
to ``rounds``. Nothing here reads a table: it bounds what the continuous layout's rules
(``plan/DeltaPlan``) can reach on any data with d' independent axes, and is what
docs/layouts.md ("What layers can reach") quotes.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

State = Tuple[int, ...]


def exponent(axes: int) -> float:
    """(d - 1) / d for d independent axes; ValueError below 2."""
    if axes < 2:
        raise ValueError(f"axes: {axes}; give 2 or more independent axes")
    return (axes - 1) / axes


def _reads(state: State, e: float) -> float:
    return sum(m ** e for m in state)


def _moves(state: State, every: bool = False):
    """The states one round can leave, with the units its merge rewrites: the new unit merged
    with the j smallest layers (j = 0 .. all), or with ``every`` subset of the layers. (The
    smallest suffice: every subset gave the same optima on 2 and 3 axes up to 16 rounds and on 2
    axes at 32 rounds; ``tests/test_frontier.py`` checks 8 and 11 rounds.)"""
    k = len(state)
    seen = set()
    masks = range(1 << k) if every else ((((1 << j) - 1) << (k - j)) for j in range(k + 1))
    for mask in masks:
        merged, rest = 1, []
        for i in range(k):
            if mask >> i & 1:
                merged += state[i]
            else:
                rest.append(state[i])
        nxt = tuple(sorted(rest + [merged], reverse=True))
        if nxt not in seen:
            seen.add(nxt)
            yield nxt, merged


def min_rewrite(rounds: int, axes: int, worst: float, every: bool = False) -> Optional[Tuple[float, List[State]]]:
    """The fewest units rewritten per unit ingested over ``rounds`` rounds with every round from
    the second reading at most ``worst`` times the bound, and the layers after each round of a
    schedule that does it; None when no schedule can."""
    _check(rounds)
    e = exponent(axes)
    frontier: Dict[State, Tuple[float, List[State]]] = {(1,): (1.0, [(1,)])}
    for rho in range(2, rounds + 1):
        limit = worst * rho ** e + 1e-9
        nxt: Dict[State, Tuple[float, List[State]]] = {}
        for state, (cost, path) in frontier.items():
            for s, merged in _moves(state, every):
                if _reads(s, e) > limit:
                    continue
                c = cost + merged
                if s not in nxt or c < nxt[s][0]:
                    nxt[s] = (c, path + [s])
        if not nxt:
            return None
        frontier = nxt
    cost, path = min(frontier.values(), key=lambda v: v[0])
    return cost / rounds, path


def min_worst(rounds: int, axes: int, rewrite: float, precision: float = 0.005) -> float:
    """The lowest worst round (files per point query over the bound) any schedule reaches within
    ``rewrite`` units rewritten per unit ingested (to ``precision``); ValueError when ``rewrite``
    is below 1, the least any schedule writes."""
    _check(rounds)
    if rewrite < 1:
        raise ValueError(f"rewrite: {rewrite}; every round's rows are written at least once, give 1 or more")
    lo, hi = 1.0, 2.0
    while (r := min_rewrite(rounds, axes, hi)) is None or r[0] > rewrite:
        lo, hi = hi, hi * 2
    while hi - lo > precision:
        mid = (lo + hi) / 2
        r = min_rewrite(rounds, axes, mid)
        if r is not None and r[0] <= rewrite:
            hi = mid
        else:
            lo = mid
    return hi


def _schedules(rounds: int, e: float, weight: float) -> Tuple[float, float]:
    """The schedule minimising rewrite + weight x (sum of the rounds' ratios): its (rewrite per unit
    ingested, mean ratio over rounds 2..rounds)."""
    frontier: Dict[State, Tuple[float, float, float]] = {(1,): (1.0, 1.0, 0.0)}
    for rho in range(2, rounds + 1):
        nxt: Dict[State, Tuple[float, float, float]] = {}
        for state, (obj, cost, ratios) in frontier.items():
            for s, merged in _moves(state):
                r = _reads(s, e) / rho ** e
                o = obj + merged + weight * r
                if s not in nxt or o < nxt[s][0]:
                    nxt[s] = (o, cost + merged, ratios + r)
        # a state whose ratio is over twice the bound is never on the hull of interest
        frontier = {s: v for s, v in nxt.items() if _reads(s, e) <= 2.5 * rho ** e}
    _, cost, ratios = min(frontier.values(), key=lambda v: v[0])
    return cost / rounds, ratios / (rounds - 1)


def staggered_floor(rounds: int, axes: int, rewrite: float) -> float:
    """A floor under the worst round for regions that fall due in different rounds: the lowest
    mean ratio over rounds 2..rounds of any mixture of schedules within ``rewrite`` (linear
    between the neighbouring points of the lower hull)."""
    _check(rounds)
    e = exponent(axes)
    points = sorted({_schedules(rounds, e, w) for w in (0.25 * 2 ** (i / 2) for i in range(20))})
    if rewrite <= points[0][0]:
        return points[0][1]
    for (r0, m0), (r1, m1) in zip(points, points[1:]):
        if r0 <= rewrite <= r1:
            return m0 + (m1 - m0) * (rewrite - r0) / (r1 - r0) if r1 > r0 else min(m0, m1)
    return points[-1][1]


def _check(rounds: int) -> None:
    if not 2 <= rounds <= 32:
        raise ValueError(f"rounds: {rounds}; give 2 to 32 (the search grows with the partitions of the rounds)")


def results(rounds: Sequence[int], axes: Sequence[int], rewrite: float, worst: float) -> dict:
    """The frontier for every ``rounds`` x ``axes`` as a results file holds it: one row per pair
    (``layout`` ``r<rounds>-d<axes>``) with the fewest bytes rewritten for ``worst``
    (``fewest_rewrite``, None if no schedule reaches it), the lowest worst round within ``rewrite``
    (``lowest_worst``) and the floor for staggered regions within ``rewrite`` (``staggered_floor``)."""
    rows = []
    for r in rounds:
        for d in axes:
            best = min_rewrite(r, d, worst)
            rows.append({"layout": f"r{r}-d{d}", "rounds": r, "axes": d,
                         "fewest_rewrite": None if best is None else best[0],
                         "lowest_worst": min_worst(r, d, rewrite), "staggered_floor": staggered_floor(r, d, rewrite)})
    return {"mode": "frontier", "parameters": {"rounds": list(rounds), "axes": list(axes), "rewrite": rewrite,
                                               "worst": worst}, "layouts": rows}


def command(report: dict) -> str:
    """The command line that makes ``report`` (a :func:`results`)."""
    p = report["parameters"]
    return (f"python -m bench.frontier --rounds {' '.join(map(str, p['rounds']))} "
            f"--axes {' '.join(map(str, p['axes']))} --rewrite {p['rewrite']:g} --worst {p['worst']:g}")


def render(report: dict) -> str:
    """A markdown table of ``report`` (a :func:`results`): per rounds and axes, the fewest bytes
    rewritten, the lowest worst round and the floor for staggered regions."""
    p = report["parameters"]
    lines = [f"| rounds | independent axes | fewest rewritten / ingested for every round <= {p['worst']}x "
             f"| lowest worst round within {p['rewrite']}x rewritten | floor with staggered regions within {p['rewrite']}x |",
             "| --- | --- | --- | --- | --- |"]
    for row in report["layouts"]:
        fewest = "none" if row["fewest_rewrite"] is None else f"{row['fewest_rewrite']:.2f}"
        lines.append(f"| {row['rounds']} | {row['axes']} | {fewest} "
                     f"| {row['lowest_worst']:.2f}x | {row['staggered_floor']:.2f}x |")
    return "\n".join(lines)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.frontier", description=__doc__.split("\n\n")[0])
    p.add_argument("--rounds", type=int, nargs="+", default=[8, 32], help="rounds the table grows by (2-32)")
    p.add_argument("--axes", type=int, nargs="+", default=[2, 3], help="independent axes d' of the sort columns")
    p.add_argument("--rewrite", type=float, default=3.0, help="bytes rewritten over bytes ingested allowed")
    p.add_argument("--worst", type=float, default=1.4, help="files per point query over the bound allowed each round")
    p.add_argument("--out", help="also write the figures to OUT/results.json (docs/bench/frontier is what the docs quote)")
    a = p.parse_args(argv)
    try:
        report = results(a.rounds, a.axes, a.rewrite, a.worst)
    except ValueError as err:
        p.error(str(err))
    print(render(report))
    if a.out:
        out = Path(a.out)
        out.mkdir(parents=True, exist_ok=True)
        (out / "results.json").write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
