"""docs/layouts.md's blocks on the layers runs (the code before the region tree): their tables and
prose, other data sets, groups of a quarter of the table and drift."""
from __future__ import annotations

from .common import _by_round, _plain, _ratio, _report, _rounds_of, _worst
from .runs import DRIFT_BEFORE, LAYERS_LAYOUTS, LAYERS_RUNS


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


def layers_prose() -> str:
    """docs/layouts.md: the continuous layout of both :data:`LAYERS_RUNS` after their last round,
    against Hudi's plan (built-in and ours), and its rewrite over one clustering per round."""
    builtin, plan, ours = LAYERS_LAYOUTS
    parts = []
    for folder, _ in LAYERS_RUNS:
        rounds = _by_round(folder)
        last = rounds[max(rounds)]
        worst = _worst([rows[ours] for rows in rounds.values()])
        parts.append((last, worst, _plain(last, ours), _plain(last, plan)))
    (r8, w8, c8, p8), (r24, w24, c24, p24) = parts
    return (f"After {r8[ours]['round']} rounds the continuous layout reads {r8[ours]['every']['point_avg']:.1f} files "
            f"({_ratio(r8[ours])} the bound; Hudi's plan: {_ratio(r8[builtin])} built-in, {_ratio(r8[plan])} ours; worst "
            f"round {_ratio(w8)}, round {w8['round']}) and its clusterings rewrote {c8:.2f} / {p8:.2f} = "
            f"{c8 / p8:.1f} times what one clustering per round writes. After {r24[ours]['round']} rounds it reads "
            f"{_ratio(r24[ours])} ({_ratio(r24[builtin])}, {_ratio(r24[plan])}), worst {_ratio(w24)} (round "
            f"{w24['round']}), for {c24:.3f} / {p24:.3f} = {c24 / p24:.1f} times; every round found a region due or "
            "layers to merge.\n")


def layers_other() -> str:
    """docs/layouts.md: the runs of :data:`LAYERS_OTHER` after their last round, then the continuous
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
    names = ", ".join(label.split(" ")[0] for label, _ in LAYERS_OTHER[:-1]) + " and " + LAYERS_OTHER[-1][0].split(" ")[0]
    return "\n".join(lines) + "\n\n" + (
        f"On {names} data the continuous layout read " + ", ".join(f"{r[0]:.2f}x" for r in ratios[:-1])
        + f" and {ratios[-1][0]:.2f}x the files of our layout per round and "
        + ", ".join(f"{r[1]:.2f}x" for r in ratios[:-1]) + f" and {ratios[-1][1]:.2f}x the built-in's. On correlated "
        "data the worst rounds stay high: the grid has 2 independent axes, so a region's single pending layer is a "
        "larger share of what a query reads than with 3 (a layer of n files costs n^(1/2) there, not n^(2/3)).\n")


#: The drift run before the region tree and the two before it, whose results.json are no longer in
#: docs/bench: (files per point query on average, on p_brand) after round 8, written here.
DRIFT_EARLIER = ((19.0, 18.0), (17.5, 20.0))


def groups_prose() -> str:
    """docs/layouts.md: the grouped continuous layout of the R = 8 layers run against one group."""
    ours = LAYERS_LAYOUTS[-1]
    grouped = ours + "-grouped"
    rounds = _by_round(LAYERS_RUNS[0][0])
    last = rounds[max(rounds)]
    g, one = last[grouped], last[ours]
    most = max(rows[grouped]["groups"] for rows in rounds.values())
    return (f"**Groups of a quarter of the table** (`{grouped}` in the R = 8 run above: from round 2 on, "
            "`max.bytes.per.group` is a quarter of the table the run ends with, 1,871,286 bytes here). After round "
            f"{g['round']} a point query reads {g['every']['point_avg']:.1f} files ({_ratio(g)} the bound for its "
            f"{g['files']} files) against {one['every']['point_avg']:.1f} ({_ratio(one)}) in one group: "
            f"{g['every']['point_avg'] / one['every']['point_avg']:.3f}x, with up to {most} groups a round, each within "
            "the limit, and the rows verified every round. With writes on the grid a round's new rows are already "
            "inside their regions, so a due region's group holds its own files only and the groups take the same "
            "regions as one group would; the one difference is that each group shares its output files out over its "
            f"own regions' sampled rows: {g['files']} files against {one['files']}. The previous run, with plain "
            "writes, read 1.29x one group: a round's small files spanned every region and a group takes whole file "
            "slices, so a due region laid out outside the group holding them got their rows back at once as a "
            "pending file.\n")


def drift_prose() -> str:
    """docs/layouts.md: :data:`DRIFT_BEFORE` after its last round, the continuous plan against a layout
    per round and the built-in, per column, and beside the runs before it (:data:`DRIFT_EARLIER`)."""
    builtin, plan, ours = LAYERS_LAYOUTS
    rounds = _by_round(DRIFT_BEFORE)
    last = rounds[max(rounds)]
    mine = [rows[ours]["every_ratio_to_bound"] for rows in rounds.values()]
    cols = last[ours]["every"]["point"]

    def files(name: str) -> str:
        return ", ".join(f"{v:.1f}" for v in list(last[name]["every"]["point"].values())[:-1]) + \
            f" and {list(last[name]['every']['point'].values())[-1]:.1f}"
    averages = ", ".join(f"{a:.1f}" for a, _ in DRIFT_EARLIER) + f", {last[ours]['every']['point_avg']:.1f}"
    brands = ", ".join(f"{b:.1f}" for _, b in DRIFT_EARLIER) + f", {cols['p_brand']:.1f}"
    per = ", ".join(f"{v:.1f} ({c})" for c, v in list(cols.items())[:-1]) + \
        f" and {list(cols.values())[-1]:.1f} ({list(cols)[-1]})"
    return (f"**Drift** (`--drift p_brand` with the R = 8 command and the four layouts, [`{DRIFT_BEFORE}/`]"
            f"({DRIFT_BEFORE[len('docs/'):]}/results.md); the previous run's, with plain writes, not repeated with "
            "writes on the grid): rows arrive in p_brand order, as rows ordered by a timestamp would, so every round's "
            "brands lie beyond the last one's. The recorded grid's p_brand cuts come from round 1's brands, so every "
            "later round's rows fall into the last p_brand bucket: those regions hold 7/8 of the rows. After round "
            f"{last[ours]['round']} the continuous plan reads {last[ours]['every']['point_avg']:.1f} files per point "
            f"query ({_ratio(last[ours])} the bound; every round {min(mine):.2f}-{max(mine):.2f}x) against "
            f"{_read_of(last[plan])} for our layout per round and {_read_of(last[builtin])} for the built-in. Per column "
            f"it reads {per} files, where a layout per round reads {files(plan)}: one layout per round is, on the "
            "drifting column, a partition by round. The recorded grid is never re-drawn; each region's own grid is, "
            "from its rows, every time the region is laid out again, which spreads the cuts inside the regions the "
            "drift fills over all three columns, weighing the three alike. Over the last three runs (curve cuts inside "
            "cells; grids inside regions with groups capped at 4 rounds' bytes; this run, one group) the average went "
            f"{averages} and p_brand {brands}: the inner grids trade p_brand for the other two columns, and which way "
            "each merge leans moves from run to run. Re-drawing the recorded grid's cuts of a drifting column (or "
            "adding cuts beyond its recorded range) is not built.\n")


def layers_sampled() -> str:
    """docs/layouts.md: the continuous layout of :data:`LAYERS_RUNS` after their last round, over the
    sampled values only (``ratio_to_bound``)."""
    ours = LAYERS_LAYOUTS[-1]
    ends = [_rounds_of(folder, ours)[-1] for folder, _ in LAYERS_RUNS]
    return (f"The 3 sampled values per column read {ends[0]['ratio_to_bound']:.2f}x and {ends[1]['ratio_to_bound']:.2f}x "
            f"after rounds {ends[0]['round']} and {ends[1]['round']} (the every-value averages are what the ratios "
            "above give).\n")


def layers_intro() -> str:
    """docs/layouts.md: how the tables of :data:`LAYERS_RUNS` read, with what one clustering per round
    writes over plain writes, and the continuous layout's own writes and rewrite."""
    builtin, plan, ours = LAYERS_LAYOUTS
    report = _report(LAYERS_RUNS[0][0])
    ends = []
    for folder, _ in LAYERS_RUNS:
        rounds = _by_round(folder)
        ends.append(rounds[max(rounds)])
    r8, r24 = ends
    own = r8[ours]["ingested_bytes"] / r8["random"]["ingested_bytes"]
    per_round = report["plan"]["round_files"]
    return ("SSB uniform, the three filter columns, each round "
            f"{per_round} small files of new rows and one clustering into about {report['plan']['files_per_round']} "
            "files; the same rows for every layout; files read per point query, averaged over every value the table "
            "holds after the round (counted from the column-stats index; each round's 3 sampled values per column, run "
            "through Spark, count alike and are in `results.md`), and the ratio to the bound N^(2/3) for that layout's "
            "N files after the round (N shown is the continuous table's; the built-in's differs by a few files). The "
            f"continuous layout's writes are its write options' (on the grid: one file per region a round, not "
            f"{per_round}). \"Rewritten / plain writes\": bytes written by all clusterings so far over the bytes the "
            "same rows took as plain small files (the random table's writes), from the commits. Small files compress "
            f"worse than laid-out ones, so one clustering per round is {_plain(r8, plan):.2f} here "
            f"({_plain(r24, plan):.2f} at R = {r24[plan]['round']}), and the continuous layout's figure over that is its "
            "rewrite in units of \"one clustering per round\". Its own writes on the grid compress better than plain "
            f"ones ({own:.2f} of their bytes after {r8[ours]['round']} rounds), so over its own ingested bytes "
            "(`results.md`, \"rewritten / ingested\") its figure is higher: "
            f"{r8[ours]['rewritten_vs_ingested']:.2f} at R = {r8[ours]['round']}, "
            f"{r24[ours]['rewritten_vs_ingested']:.2f} at R = {r24[ours]['round']}.\n")
