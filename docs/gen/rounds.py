"""The tables on the rounds runs of the region tree: a small first layout before and after the query
shares (docs/layouts.md), and the frontier of layered layouts (docs/benchmarks.md). The sentences around them are the
page's own, their figures bound to the runs (:mod:`docs.gen.figures`)."""
from __future__ import annotations

from .common import _ratio, _report, _rounds_of
from .runs import ROUNDS_LAYOUTS


#: The R = 8 runs of a small first layout docs/layouts.md compares: the code now and before the query shares.
SMALL_FIRST = "docs/bench/rounds8-first4"
SMALL_FIRST_BEFORE = "docs/bench/rounds8-first4-before"


def _per_column(row: dict) -> str:
    """A round's files per point query x the bound: on average, then per column in brackets."""
    return f"{_ratio(row)} (" + ", ".join(f"{v / row['effective_bound']:.2f}" for v in row["every"]["point"].values()) + ")"


def rounds_shares() -> str:
    """docs/layouts.md: :data:`SMALL_FIRST` against :data:`SMALL_FIRST_BEFORE` and the built-in, round
    by round."""
    builtin, ours = ROUNDS_LAYOUTS
    runs = [_rounds_of(SMALL_FIRST, builtin), _rounds_of(SMALL_FIRST_BEFORE, ours), _rounds_of(SMALL_FIRST, ours)]
    cols = ", ".join(_report(SMALL_FIRST)["filter_columns"])
    lines = [f"| round | built-in: avg ({cols}) | before: avg ({cols}) | now: avg ({cols}) |", "| --- | --- | --- | --- |"]
    lines += [f"| {rows[0]['round']} | " + " | ".join(_per_column(r) for r in rows) + " |" for rows in zip(*runs)]
    return "\n".join(lines) + "\n"


#: The frontier of layered layouts docs/benchmarks.md quotes ("What layers can reach"): arithmetic,
#: kept as a results file by ``python -m bench.frontier ... --out docs/bench/frontier``.
FRONTIER_RUN = "docs/bench/frontier"


def frontier_block() -> str:
    """The frontier's command and table, indented as the bullet that holds them."""
    from bench.frontier import command, render
    report = _report(FRONTIER_RUN)
    lines = [f"`{command(report)} --out {FRONTIER_RUN}`", ""] + render(report).splitlines()
    return "".join(f"  {line}\n" if line else "\n" for line in lines) + "  "
