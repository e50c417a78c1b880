"""docs/layouts.md's blocks on fresh layouts: heavy values (the skewed run), the weighted run and
four groups against one whole partition."""
from __future__ import annotations

from .common import PeersRun, _report


#: The weighted run of docs/layouts.md: its folder and each layout's name in its table.
WEIGHTED_RUN = "docs/bench/scale1-weighted"
WEIGHTED_NAMES = {"builtin-hilbert-sample": "built-in Hilbert/sample", "ours-hilbert-sample": "ours Hilbert/sample",
                  "ours-hilbert-sample-weighted": "ours Hilbert/sample, weighted",
                  "ours-hilbert-sample-aligned": "ours aligned",
                  "ours-hilbert-sample-aligned-weighted": "ours aligned, weighted"}


def weighted_block() -> str:
    """docs/layouts.md: :data:`WEIGHTED_RUN`'s files per point query per column and over the workload
    (the weights' mix), against equal-weight Hilbert, and the closed form d * GM(p) * N^((d-1)/d)."""
    report = _report(WEIGHTED_RUN)
    weights = [float(w) for w in report["parameters"]["weights"].split(",")]
    cols = report["filter_columns"]
    by = {r["layout"]: r for r in report["layouts"]}
    base = by["ours-hilbert-sample"]["workload_avg"]
    heavy = {n for n in WEIGHTED_NAMES if n.endswith("-weighted")}
    lines = ["| layout | " + " | ".join(f"{c} ({'p = ' if i == 0 else ''}{w:g})" for i, (c, w) in enumerate(zip(cols, weights)))
             + " | workload avg | vs ours Hilbert/sample | cluster s |", "|" + " --- |" * (4 + len(cols))]
    for name, label in WEIGHTED_NAMES.items():
        r = by[name]
        files = f" ({r['files']} files)" if r["files"] != report["parameters"]["files"] else ""
        bold = "**" if name in heavy else ""
        lines.append(f"| {label}{files} | " + " | ".join(f"{r['point'][c]:.1f}" for c in cols)
                     + f" | {bold}{r['workload_avg']:.1f}{bold} | {bold}{r['workload_avg'] / base:.2f}x{bold} | "
                     f"{r['cluster_seconds']:.1f} |")
    hilbert, aligned = by["ours-hilbert-sample-weighted"], by["ours-hilbert-sample-aligned-weighted"]
    d, n = len(cols), report["parameters"]["files"]
    gm = 1.0
    for w in weights:
        gm *= w ** (1 / d)
    buckets = aligned["buckets"].split(",")
    light = cols[-1]
    return "\n".join(lines) + "\n\n" + (
        f"Weighted Hilbert reads {1 - hilbert['workload_avg'] / base:.0%} fewer files than equal-weight Hilbert on this "
        f"workload, and the weighted aligned grid {1 - aligned['workload_avg'] / base:.0%} fewer, at the closed form's "
        f"{d * gm * n ** ((d - 1) / d):.1f} (its {' x '.join(buckets)} = {aligned['files']} cells became "
        f"{aligned['files']} files). The price is paid by the light column: {light} queries read "
        f"{hilbert['point'][light] / by['ours-hilbert-sample']['point'][light]:.1f}x (Hilbert) to "
        f"{aligned['point'][light] / by['ours-hilbert-sample-aligned']['point'][light]:.1f}x (aligned) as many files, "
        "which the workload's mix more than repays.\n")


#: The run of four groups against one whole partition docs/layouts.md shows, and its rows: (label, the
#: layout under Hudi's plan); the whole-partition layout is the same name with ``-whole``.
GROUPS_RUN = "docs/bench/scale1-groups4"
GROUPS_ROWS = (("built-in Hilbert/sample", "builtin-hilbert-sample"), ("ours Hilbert/sample", "ours-hilbert-sample"),
               ("ours aligned", "ours-hilbert-sample-aligned"))


def groups_block() -> str:
    """docs/layouts.md: :data:`GROUPS_RUN`'s files per point query under Hudi's plan of 4 groups and in
    one group, then the whole aligned layout against the default plan with Hilbert."""
    report = _report(GROUPS_RUN)
    by = {r["layout"]: r for r in report["layouts"]}
    n = report["parameters"]["files"]

    def cell(r: dict) -> str:
        return f"{r['point_avg']:.1f}" + (f" ({r['files']} files)" if abs(r["files"] - n) > 1 else "")
    lines = ["| execution strategy | 4 groups (Hudi's plan) | 1 group (whole partition) | whole / 4 groups |",
             "| --- | --- | --- | --- |"]
    best = min(by[name + "-whole"]["point_avg"] for _, name in GROUPS_ROWS)
    for label, name in GROUPS_ROWS:
        plan, whole = by[name], by[name + "-whole"]
        bold = "**" if whole["point_avg"] == best else ""
        lines.append(f"| {label} | {cell(plan)} | {bold}{cell(whole)}{bold} | "
                     f"{whole['point_avg'] / plan['point_avg']:.2f} |")
    aligned, ours, builtin = (by["ours-hilbert-sample-aligned-whole"], by["ours-hilbert-sample"],
                              by["builtin-hilbert-sample"])
    return "\n".join(lines) + "\n\n" + (
        "The plan alone cuts files read by a third, for either execution strategy, not by half: four independent "
        "groups of N/4 files each cost about (N/4)^((d-1)/d) per query, four times over, so the ratio is 4^(-1/d) = "
        "0.63 for d = 3 whatever the layout inside a group; half needs eight groups or more. Whole partition plus the "
        f"aligned layout reads {aligned['point_avg'] / ours['point_avg']:.2f}x the files of the default plan with "
        f"Hilbert ({aligned['point_avg']:.1f} against {ours['point_avg']:.1f} ours, {builtin['point_avg']:.1f} "
        "built-in), the bound N^((d-1)/d) for one curve.\n")


#: The skewed run docs/layouts.md's heavy-values bullet quotes, and the range that straddles a bucket boundary.
SKEWED_RUN = "docs/bench/n300-skewed"
STRADDLING = "c_city BETWEEN 'IRAN     1' AND 'IRAQ     2'"
NUMBERS = {6: "Six", 7: "Seven", 8: "Eight", 9: "Nine", 10: "Ten"}


def heavy_values() -> str:
    """docs/layouts.md's bullet on heavy values: :data:`SKEWED_RUN`'s grid, its ``c_city`` ranges over
    every position (``every_query.json``) and the range :data:`STRADDLING`, ours against the built-in.
    The quantile-cut and shared-bucket figures are of earlier runs and stay as written."""
    run = PeersRun(SKEWED_RUN)
    ours, builtin = run.timed[run.ours], run.timed["builtin-hilbert-sample"]
    grid = [int(b) for b in ours["buckets"].split(",")]

    def straddling(r: dict) -> int:
        return next(q["files"] for q in r["queries"] if q["predicate"] == STRADDLING)
    return (
        "- **Columns with few values, and heavy values.** A column gets no more buckets than its distinct values. "
        "Buckets never split a value: one at least as heavy as a bucket's share gets a bucket of its own (its cells "
        "are then split by the other columns), and the other buckets are shared out over the lighter values on each "
        "side of it in proportion to their rows, at least one for each side while there are buckets for all. Quantile "
        "cuts would spend several cuts inside a value holding half the rows and leave the rest of the column a few "
        "wide buckets, so a range over the lighter values read many files (on the skewed set, N = 300: 74.3 files per "
        "range query against the built-in's 59.0). And a side whose proportional share is under one bucket must not "
        "join the heavy value's bucket: on the skewed set only 19 rare c_city values sort after the heavy "
        "`UNITED ST0`; when they shared its bucket (grid 9 x 6 x 10), every query on them read the heavy value's files, "
        "155 on the range `c_city BETWEEN 'UNITED ST2' AND 'VIETNAM  3'`. With a bucket of their own the search picks "
        f"{' x '.join(str(b) for b in grid)}, which reads 23 files on that range against the built-in's 106, and "
        f"{run.rows[run.ours]['range']['c_city']:.1f} per `c_city` range over every position of a range of 12 values, "
        f"against {run.rows['builtin-hilbert-sample']['range']['c_city']:.1f} (the skewed run in "
        f"[Benchmarks](benchmarks.md), counted by `every_query`). {NUMBERS.get(grid[1], grid[1])} buckets are coarse "
        "for ranges, though: a range that straddles a bucket boundary reads both buckets' files "
        f"({straddling(ours)} against the built-in's {straddling(builtin)} on `{STRADDLING}`).\n")
