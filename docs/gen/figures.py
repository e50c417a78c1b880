"""Measured figures in running prose, bound to the results file they come from.

A figure in a page is written between two markers that say where it comes from and how it is
printed::

    ours read <!-- fig p100-alone ours-hilbert-sample: point_avg / partition_bound_sum | {:.2f}x -->1.04x<!-- /fig -->

``p100-alone`` is a run under ``docs/bench/`` (its ``results.json``), ``ours-hilbert-sample`` the
layout the names in the expression belong to unless they say otherwise, and after ``|`` a
:meth:`str.format` template with one field. In the expression (``+ - * /``, parentheses and
numbers, operators apart by spaces since layout names hold hyphens):

- ``key`` or ``key.sub``: a value of the marker's layout (``point_avg``, ``stages_seconds``...);
- ``layout.key``: the same run, another layout (``floor.cluster_seconds``);
- ``run/layout.key``: another run (``p10-lc/ours-hilbert-sample.peak_heap_bytes``);
- for a rounds run (``mode: rounds``), ``layout@R`` picks round R's row of that layout (``@last``
  its last round), as the marker's layout or in a name: ``ours-hilbert-sample-continuous@last``;
  ``max(layout@*.key)`` and ``min(...)`` take the most or least over its rounds;
- ``max(key)`` and ``min(key)`` of a map (per column: ``max(partition_column_worst)``) its most or least value;
  ``max(a, b, ...)`` and ``min(a, b, ...)`` the most or least of several names, numbers or
  expressions without parentheses (``min(a@3.x / a@3.y, a@4.x / a@4.y)``);
- ``mean(layout@*.key)`` and ``sum(...)`` the average and the total over its rounds,
  ``argmax(layout@*.key)`` and ``argmin(...)`` the round where it is most or least, ``over(layout@*.key, 1.4)`` how many rounds exceed 1.4 as printed
  to two places; ``layout@fromR`` in place of ``layout@*`` takes the rounds from R on;
- ``RUN.every`` as a run reads ``RUN``'s ``every_query.json`` (every query of each class) instead
  of its ``results.json``;
- a fresh-layout row's ``phases.read``, ``phases.sample``, ``phases.write`` and ``phases.other``:
  its Spark stages' seconds in each phase of :data:`bench.bench_report.PHASES`, in that order.

``python -m docs.gen`` re-renders every figure of every page from its file;
``tests/test_docs.py`` fails on a figure that is not what its file says. So a re-run changes the
numbers in the prose with the tables, and a figure names its source where it stands.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Dict, Optional, Tuple

FIGURE = re.compile(r"<!-- fig (?P<run>[\w.-]+)(?: (?P<layout>[\w.@-]+))?: (?P<expr>.+?) \| (?P<fmt>.+?) -->"
                    r"(?P<text>.*?)<!-- /fig -->", re.S)
#: a name in an expression: [run/]layout-or-key[.key...], layout names with hyphens and @round
NAME = re.compile(r"(?<![\w.])(?:[A-Za-z][\w.-]*/)?[A-Za-z_][\w@-]*(?:\.[\w@-]+)*")
ARITHMETIC = re.compile(r"^[\d\s.+*/()eE-]*$")


class FigureError(ValueError):
    """A marker that names no run, layout, round or key the results hold, or does not compute."""


class Runs:
    """The results files of the runs under ``bench``, each read once."""

    def __init__(self, bench: Path):
        self.bench = bench
        self._read: Dict[str, dict] = {}

    def report(self, run: str) -> dict:
        if run not in self._read:
            folder, every, _ = run.partition(".every")
            path = self.bench / folder / ("every_query.json" if every else "results.json")
            if not path.exists():
                raise FigureError(f"no results file {path}")
            self._read[run] = json.loads(path.read_text())
        return self._read[run]

    def row(self, run: str, layout: str) -> Optional[dict]:
        """The layout's row of the run (for a rounds run, ``layout@R``'s round row), or None if the
        run has no layout of that name."""
        report = self.report(run)
        name, _, at = layout.partition("@")
        if report.get("mode") == "rounds":
            rows = [r for r in report["rounds"] if r["layout"] == name]
            if not rows:
                return None
            if not at:
                raise FigureError(f"{run}: a rounds run's layout needs @round or @last: {layout}")
            if at == "last":
                return rows[-1]
            if at == "*":
                return {"rounds": rows}
            if at.startswith("from") and at[4:].isdigit():
                return {"rounds": [r for r in rows if r["round"] >= int(at[4:])]}
            picked = [r for r in rows if str(r["round"]) == at]
            if not picked:
                raise FigureError(f"{run}: {name} has no round {at}")
            return picked[0]
        rows = [r for r in report["layouts"] if r["layout"] == name]
        if rows and rows[0].get("stages") and "phases" not in rows[0]:
            rows[0]["phases"] = _phases(report, rows[0])
        return rows[0] if rows else None


#: the keys of :data:`bench.bench_report.PHASES` in a row's ``phases``
PHASE_KEYS = ("read", "sample", "write", "other")


def _phases(report: dict, row: dict) -> Dict[str, float]:
    """A layout's seconds per phase, as :func:`bench.bench_report.phase_breakdown` adds them up."""
    from bench.bench_report import PHASES, phase
    rows = max(max(s["input_rows"], s["shuffle_read_rows"]) for s in row["stages"])
    secs = {p: 0.0 for p in PHASES}
    for s in row["stages"]:
        secs[phase(s, rows, report["parameters"].get("files", 0))] += s["seconds"]
    return {key: secs[p] for key, p in zip(PHASE_KEYS, PHASES)}


def _lookup(runs: Runs, run: str, layout: Optional[str], name: str) -> Any:
    if "/" in name:
        run, name = name.split("/", 1)
        layout = None
    first, _, rest = name.partition(".")
    row = runs.row(run, first) if rest else None
    if row is not None:
        path = rest
    else:
        if layout is None:
            raise FigureError(f"{run}: {name} names no layout of the run, and the marker gives none")
        row = runs.row(run, layout)
        if row is None:
            raise FigureError(f"{run} has no layout {layout}")
        path = name
    value: Any = row
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            raise FigureError(f"{run}: no {path} in {row.get('layout')}'s results")
        value = value[part]
    return value


OVER = re.compile(r"^(?P<head>[\w-]*)@(?P<sel>\*|from\d+)(?P<key>\..+)$")


def _over_rounds(runs: Runs, run: str, layout: Optional[str], name: str, rounds: bool = False) -> list:
    """The values of ``name`` (``[run/][layout]@*.key`` or ``@fromR``) in every round of its layout
    (with ``rounds``, (round, value) pairs)."""
    if "/" in name:
        run, name = name.split("/", 1)
    m = OVER.match(name)
    if not m:
        raise FigureError(f"{run}: a name over rounds is layout@*.key or layout@fromR.key: {name}")
    head, sel, key = m.group("head"), m.group("sel"), m.group("key")
    target = head or (layout or "").partition("@")[0]
    found = runs.row(run, target + "@" + sel)
    if found is None:
        raise FigureError(f"{run} has no layout {target}")
    out = []
    for row in found["rounds"]:
        got: Any = row
        for part in key[1:].split("."):
            if not isinstance(got, dict) or part not in got:
                raise FigureError(f"{run}: no {key[1:]} in round {row.get('round')} of {row.get('layout')}")
            got = got[part]
        out.append((row["round"], got) if rounds else got)
    return out


AGGREGATE = re.compile(r"\b(max|min|mean|sum|argmax|argmin|over)\(([^()]+)\)")


def value(runs: Runs, run: str, layout: Optional[str], expr: str) -> float:
    """What ``expr`` comes to in ``run`` with ``layout`` as the default layout."""
    def values_of(arg: str) -> Tuple[list, bool]:
        """The values an argument stands for (a number, a name, an expression of names), and whether
        it stands for several (a name over rounds, a map)."""
        if re.fullmatch(r"[\d.eE-]+", arg):
            return [float(arg)], False
        if OVER.match(arg.split("/", 1)[-1]):
            return _over_rounds(runs, run, layout, arg), True
        if NAME.fullmatch(arg):
            got = _lookup(runs, run, layout, arg)
            return (list(got.values()), True) if isinstance(got, dict) else ([got], False)
        return [value(runs, run, layout, arg)], False

    def aggregate(m: re.Match) -> str:
        fn, args = m.group(1), [a.strip() for a in m.group(2).split(",")]
        if fn in ("argmax", "argmin", "over"):
            if not OVER.match(args[0].split("/", 1)[-1]):
                raise FigureError(f"{run}: {fn}() takes a name over rounds (layout@*.key): {args[0]}")
            pairs = _over_rounds(runs, run, layout, args[0], rounds=True)
            if fn == "over":
                return repr(float(sum(1 for _, v in pairs if round(v, 2) > float(args[1]))))
            pick = max if fn == "argmax" else min
            return repr(float(pick(pairs, key=lambda p: p[1])[0]))
        found = [values_of(a) for a in args]
        if len(args) == 1 and not found[0][1]:
            raise FigureError(f"{run}: {fn}() takes a name over rounds, a map of values or several names: {args[0]}")
        values = [float(v) for got, _ in found for v in got]
        if fn in ("mean", "sum"):
            return repr(sum(values) / (len(values) if fn == "mean" else 1))
        return repr((max if fn == "max" else min)(values))

    while AGGREGATE.search(expr):  # innermost first: min(mean(a@from17.x), mean(b@from17.x))
        expr = AGGREGATE.sub(aggregate, expr)

    def substitute(m: re.Match) -> str:
        got = _lookup(runs, run, layout, m.group(0))
        if not isinstance(got, (int, float)) or isinstance(got, bool):
            raise FigureError(f"{run}: {m.group(0)} is {got!r}, not a number")
        return f"({float(got)!r})"

    arithmetic = NAME.sub(substitute, expr)
    if not ARITHMETIC.match(arithmetic):
        raise FigureError(f"{run}: cannot compute {expr!r}")
    try:
        return float(eval(arithmetic, {"__builtins__": {}}, {}))  # only numbers and + - * / ( ) remain
    except (SyntaxError, ZeroDivisionError) as e:
        raise FigureError(f"{run}: cannot compute {expr!r}: {e}") from e


def render(text: str, runs: Runs) -> str:
    """``text`` with every figure re-computed from its run."""
    def figure(m: re.Match) -> str:
        shown = m.group("fmt").format(value(runs, m.group("run"), m.group("layout"), m.group("expr")))
        return m.group(0)[:m.start("text") - m.start()] + shown + "<!-- /fig -->"
    return FIGURE.sub(figure, text)


def stale(text: str, runs: Runs) -> list[Tuple[str, str]]:
    """Each figure whose text is not what its run says: (what the page shows, what it should)."""
    out = []
    for m in FIGURE.finditer(text):
        shown = m.group("fmt").format(value(runs, m.group("run"), m.group("layout"), m.group("expr")))
        if m.group("text") != shown:
            out.append((m.group(0), shown))
    return out


def strip(text: str) -> str:
    """``text`` without its figures (what is left is written by hand)."""
    return FIGURE.sub("", text)
