"""docs/benchmarks.md's tables on the layers runs (the code before the region tree): the R = 8 and
R = 24 runs and the other data sets. The sentences around them are the page's own."""
from __future__ import annotations

from .common import _by_round, _plain, _ratio, _report, _worst
from .runs import LAYERS_LAYOUTS


#: The R = 8 runs of other data with the layouts of :data:`LAYERS_LAYOUTS`: (label, folder).
LAYERS_OTHER = (("skewed (previous run, plain writes)", "docs/bench/rounds8-skewed"),
                ("correlated (previous run, plain writes)", "docs/bench/rounds8-correlated"),
                ("urls (previous run, plain writes)", "docs/bench/rounds8-urls"))


def _read_of(row: dict) -> str:
    return f"{row['every']['point_avg']:.1f} ({_ratio(row)})"


def layers_table(folder: str, selected=None) -> str:
    """A run of :data:`LAYERS_RUNS`: per round (``selected`` ones, or every one), the continuous table's
    files and bound, each layout's files per point query (x its bound) and its rewrite over plain writes."""
    rounds = _by_round(folder)
    ours = LAYERS_LAYOUTS[-1]
    lines = ["| round | files N | bound | " + " | ".join(f"{n}: files/query (x bound)" for n in LAYERS_LAYOUTS)
             + " | rewritten / plain writes (built-in, ours, ours-continuous) |", "|" + " --- |" * 7]
    for n in selected or sorted(rounds):
        rows = rounds[n]
        lines.append(f"| {n} | {rows[ours]['files']} | {rows[ours]['effective_bound']:.1f} | "
                     + " | ".join(_read_of(rows[name]) for name in LAYERS_LAYOUTS) + " | "
                     + ", ".join(f"{_plain(rows, name):.2f}" for name in LAYERS_LAYOUTS) + " |")
    return "\n".join(lines) + "\n"



def layers_other() -> str:
    """docs/benchmarks.md: the runs of :data:`LAYERS_OTHER` after their last round, then the continuous
    layout's files read against the size-based plan's and the built-in's."""
    builtin, plan, ours = LAYERS_LAYOUTS
    lines = ["| data | filter columns on axes | files N | built-in | ours, size-based plan | continuous | continuous, "
             "worst round | continuous rewrite |", "|" + " --- |" * 8]
    ratios = []
    for label, folder in LAYERS_OTHER:
        report, rounds = _report(folder), _by_round(folder)
        last = rounds[max(rounds)]
        worst = _worst([rows[ours] for rows in rounds.values()])
        c, p = _plain(last, ours), _plain(last, plan)
        lines.append(f"| {label} | {report['d']} on {report['d_effective']} | {last[ours]['files']} | "
                     + " | ".join(_read_of(last[name]) for name in LAYERS_LAYOUTS)
                     + f" | {_ratio(worst)} (round {worst['round']}) | {c:.2f} / {p:.2f} = {c / p:.1f}x |")
        ratios.append([last[ours]["every"]["point_avg"] / last[name]["every"]["point_avg"] for name in (plan, builtin)])
    return "\n".join(lines) + "\n"
