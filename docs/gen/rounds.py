"""docs/layouts.md's blocks on the rounds runs of the region tree: the targets, the query shares,
drift and time-ordered upserts with a small first layout, and the case for the continuous default."""
from __future__ import annotations

from .common import _by_round, _ratio, _report, _rounds_of, _worst
from .runs import (DRIFT_BEFORE, LAYERS_LAYOUTS, LAYERS_RUNS, ROUNDS_GROWTH, ROUNDS_LAYOUTS, ROUNDS_OTHER,
                   ROUND_TARGET)


#: docs/layouts.md quotes the correlated R = 32 run before its grid's cuts followed a nation's and a
#: category's ends; that run's results.json is no longer in docs/bench, so its figures stay written here.
CORRELATED_BEFORE = ("1.46x, `p_category` 1.74x", "20 rounds and 1.91x")


def _run_figures():
    """Every rounds run of :data:`ROUNDS_GROWTH` and :data:`ROUNDS_OTHER`: (label, folder, our rows, the built-in's)."""
    builtin, ours = ROUNDS_LAYOUTS
    runs = list(ROUNDS_GROWTH) + [run for group, _ in ROUNDS_OTHER for run in group]
    return [(label, folder, _rounds_of(folder, ours), _rounds_of(folder, builtin)) for label, folder in runs]


def rounds_targets() -> str:
    """docs/layouts.md: the rounds runs (:func:`_run_figures`) against the targets, after the last
    round, in every round, in bytes rewritten and in plan seconds."""
    runs = {folder: (label, mine, theirs) for label, folder, mine, theirs in _run_figures()}
    uniform, upserts = (runs[f][1] for _, f in ROUNDS_GROWTH)
    skewed, correlated = (runs[f][1] for _, f in ROUNDS_OTHER[0][0])
    corr_builtin = runs[ROUNDS_OTHER[0][0][1][1]][2]
    short = [(label, mine) for label, mine, _ in runs.values() if len(mine) < len(uniform)]
    mor = next(mine for label, mine in short if "merge-on-read" in label)
    mor_builtin = next(theirs for label, _, theirs in runs.values() if "merge-on-read" in label)
    ends = [mine[-1]["every_ratio_to_bound"] for _, mine in short]
    inside = [(label, mine) for label, mine, _ in runs.values() if mine is not correlated]
    col_label, col_row, col = max(((label, mine[-1], c) for label, mine in inside for c in mine[-1]["every"]["point"]),
                                  key=lambda x: x[1]["every"]["point"][x[2]] / x[1]["effective_bound"])
    corr_cols = [v / correlated[-1]["effective_bound"] for v in correlated[-1]["every"]["point"].values()]
    over = [r for r in correlated if round(r["every_ratio_to_bound"], 2) > ROUND_TARGET]
    r8_correlated = _worst(runs[ROUNDS_OTHER[3][0][1][1]][1])
    bulk = [mine for label, mine, _ in runs.values() if "upsert" not in label]
    after8 = [m[7]["rewritten_vs_ingested"] for m in bulk]
    after32 = [m[-1]["rewritten_vs_ingested"] for m in bulk if len(m) == len(uniform)]
    over3 = next(r["round"] for r in correlated if all(x["rewritten_vs_ingested"] > 3 for x in correlated[r["round"] - 1:]))
    top = max(uniform, key=lambda r: r["rewritten_vs_ingested"])
    seconds = []
    for mine in (uniform, upserts, skewed, correlated):
        plans = [r["plan_seconds"] for r in mine]
        seconds.append(sum(plans[len(plans) // 2:]) / (len(plans) - len(plans) // 2))
    d = len(correlated[-1]["every"]["point"])
    return "\n".join([
        f"- **After the last round** every run but correlated rows at R = 32 is inside both: {_ratio(uniform[-1])} "
        f"(uniform, R = 32), {_ratio(upserts[-1])} (time-ordered upserts, R = 32), {_ratio(skewed[-1])} (skewed, "
        f"R = 32), {min(ends):.2f}-{max(ends):.2f}x at R = 8 (merge-on-read upserts {_ratio(mor[-1])}, the built-in "
        f"{_ratio(mor_builtin[-1])}); the worst column after the last round is "
        f"{col_row['every']['point'][col] / col_row['effective_bound']:.2f}x (`{col}`, {_short(col_label)}). "
        f"Correlated rows at R = 32 ({d} sort columns on 2 independent axes, bound N^(1/2)) end at "
        f"{_ratio(correlated[-1])}, every column {min(corr_cols):.2f}-{max(corr_cols):.2f}x (the built-in "
        f"{_ratio(corr_builtin[-1])}; {CORRELATED_BEFORE[0]}, before the grid's cuts followed a nation's and a "
        "category's ends).",
        f"- **Every round**: uniform rows stay under {ROUND_TARGET}x at R = 32 (worst {_ratio(_worst(uniform))}, round "
        f"{_worst(uniform)['round']}) and time-ordered upserts under {_ceil_tenth(_worst(upserts)['every_ratio_to_bound'])}x; "
        f"skewed rows reach {_ratio(_worst(skewed))} once (round {_worst(skewed)['round']}, R = 32), correlated rows "
        f"{_ratio(r8_correlated)} (round {r8_correlated['round']}, R = 8) and, at R = 32, over {ROUND_TARGET}x in "
        f"{len(over)} of {len(correlated)} rounds (worst {_ratio(_worst(correlated))}, round "
        f"{_worst(correlated)['round']}; {CORRELATED_BEFORE[1]} before the grid's cuts followed the coarse columns' "
        "values): with 2 independent axes a pending layer of n files costs n^(1/2) of a region's reads, not "
        "n^(2/3), so the rounds just before a region falls due read more.",
        f"- **Rewrite**: on bulk inserts {min(after8):.1f}-{max(after8):.1f} after 8 rounds and "
        f"{min(after32):.1f}-{max(after32):.1f} after 32 ({uniform[-1]['rewritten_vs_ingested']:.2f} uniform, "
        f"{skewed[-1]['rewritten_vs_ingested']:.2f} skewed, {correlated[-1]['rewritten_vs_ingested']:.2f} correlated, "
        f"over 3x from round {over3}; the uniform run touched {top['rewritten_vs_ingested']:.2f} after round "
        f"{top['round']}): each doubling of the table adds about half a rewrite of every byte, as levels of an LSM "
        "tree do. On upserts the ingested bytes include the files updates rewrote, so the figure is far lower "
        f"({upserts[-1]['rewritten_vs_ingested']:.2f} after 32 rounds).",
        f"- **Plan seconds** do not grow with the rounds: {min(seconds):.1f}-{max(seconds):.1f} s a round on average "
        "in the second half of every R = 32 run, as in the first (Hudi's client start and the timeline and column "
        "stats read; the timeline is read once per plan and holds the commits archival leaves)."]) + "\n"


def _short(label: str) -> str:
    """A run's label as the bullets name it: its rows and its R."""
    rounds = "R = 8" if label.startswith("R = 8") else "R = 32"
    rows = label.split(", ")[1] if label.startswith("R = 8") else label.split(",")[0]
    return f"{rows.replace(' rows', '')}, {rounds}"


def _ceil_tenth(x: float) -> float:
    import math
    return math.ceil(x * 10) / 10


#: The R = 8 runs of a small first layout docs/layouts.md compares: the code now and before the query
#: shares, the same command with rows in ``p_brand`` order (and the drift run before the region tree,
#: :data:`docs.gen.runs.DRIFT_BEFORE`), and time-ordered upserts.
SMALL_FIRST = "docs/bench/rounds8-first4"
SMALL_FIRST_BEFORE = "docs/bench/rounds8-first4-before"
SMALL_FIRST_DRIFT = "docs/bench/rounds8-first4-drift"
SMALL_FIRST_UPSERTS = "docs/bench/rounds8-first4-time-upserts"


def _per_column(row: dict) -> str:
    """A round's files per point query x the bound: on average, then per column in brackets."""
    return f"{_ratio(row)} (" + ", ".join(f"{v / row['effective_bound']:.2f}" for v in row["every"]["point"].values()) + ")"


def _columns(row: dict) -> str:
    return ", ".join(f"{c} {v / row['effective_bound']:.2f}x" for c, v in row["every"]["point"].items())


def _worst_column_round(rows: list):
    """(the row, the column) of the worst column-round of a layout's rounds from the second on (the
    first layout's few files leave a column uncut)."""
    return max(((r, c) for r in rows[1:] for c in r["every"]["point"]),
               key=lambda rc: rc[0]["every"]["point"][rc[1]] / rc[0]["effective_bound"])


def rounds_shares() -> str:
    """docs/layouts.md: :data:`SMALL_FIRST` against :data:`SMALL_FIRST_BEFORE` and the built-in, round
    by round, then what the query shares changed."""
    builtin, ours = ROUNDS_LAYOUTS
    runs = [_rounds_of(SMALL_FIRST, builtin), _rounds_of(SMALL_FIRST_BEFORE, ours), _rounds_of(SMALL_FIRST, ours)]
    cols = ", ".join(_report(SMALL_FIRST)["filter_columns"])
    lines = [f"| round | built-in: avg ({cols}) | before: avg ({cols}) | now: avg ({cols}) |", "| --- | --- | --- | --- |"]
    lines += [f"| {rows[0]['round']} | " + " | ".join(_per_column(r) for r in rows) + " |" for rows in zip(*runs)]
    _, before, now = runs

    def brand(row: dict) -> float:
        return row["every"]["point"]["p_brand"] / row["effective_bound"]
    late = [brand(r) for r in before[2:]]
    worst_before, worst_now = _worst(before), _worst(now)
    rewrite = sorted({f"{rows[-1]['rewritten_vs_ingested']:.2f}" for rows in (before, now)})
    rewrote = f"{rewrite[0]} times the ingested bytes in both" if len(rewrite) == 1 else \
        f"{rewrite[0]} and {rewrite[1]} times the ingested bytes"
    return "\n".join(lines) + "\n\n" + (
        "Before, the regions' own grids weighed the three columns alike, so `p_brand`, uncut at the root, read "
        f"{min(late):.1f}-{max(late):.1f}x its bound from round 3 on while the two cut columns read under it; with the "
        "query shares the regions cut `p_brand` about twice as finely and the columns read alike (after round "
        f"{now[-1]['round']}: {brand(now[-1]):.2f}x on `p_brand` against {brand(before[-1]):.2f}x). The average after "
        f"round {now[-1]['round']} is " + ("the same " if _ratio(now[-1]) == _ratio(before[-1]) else "")
        + f"({_ratio(now[-1])}); the worst round went from {_ratio(worst_before)} to {_ratio(worst_now)} (round "
        f"{worst_now['round']}, when no region was due and every region held its pending layers). Clusterings "
        f"rewrote {rewrote}. No region split here: a region splits at 64 files, and these hold 8. The built-in, "
        f"from the same run, reads {_ratio(runs[0][-1])} after round {now[-1]['round']}. The runs below are of the "
        "code before the region tree.\n")


def rounds_drift_prose() -> str:
    """docs/layouts.md: :data:`SMALL_FIRST_DRIFT` after its last round, and :data:`DRIFT_BEFORE`'s reads per column."""
    builtin, ours = ROUNDS_LAYOUTS
    mine, theirs = _rounds_of(SMALL_FIRST_DRIFT, ours), _rounds_of(SMALL_FIRST_DRIFT, builtin)
    row, col = _worst_column_round(mine)
    before = _rounds_of(DRIFT_BEFORE, ours)[-1]["every"]["point"]
    others = " and ".join(f"{v:.1f}" for c, v in before.items() if c != "p_brand")
    return ("**Drift with a small first layout** (the same command with `--drift p_brand --out "
            f"{SMALL_FIRST_DRIFT}`, [results]({SMALL_FIRST_DRIFT[len('docs/'):]}/results.md)): rows arrive in `p_brand` "
            "order, so every round's brands lie past the last one's and land in the regions at the edge of `p_brand`. "
            f"After round {mine[-1]['round']} the continuous layout reads {_ratio(mine[-1])} the bound "
            f"({_columns(mine[-1])}), every round at most {_ratio(_worst(mine))} on average and every column at most "
            f"{row['every']['point'][col] / row['effective_bound']:.2f}x ({col}, round {row['round']}), for "
            f"{mine[-1]['rewritten_vs_ingested']:.2f} times the ingested bytes rewritten; the built-in, from the same "
            f"run, reads {_ratio(theirs[-1])} after round {theirs[-1]['round']} ({_columns(theirs[-1])}: a layout per "
            "round is a partition by brand). The edge regions weigh `p_brand` by the share of its values they hold, "
            "which keeps it near its bound without giving up the other two columns (the previous drift run, below, "
            f"read {before['p_brand']:.1f} files on `p_brand` against {others} on the others).\n")


def rounds_upserts_prose() -> str:
    """docs/layouts.md: :data:`SMALL_FIRST_UPSERTS` after its last round, and the rounds its regions fell due."""
    builtin, ours = ROUNDS_LAYOUTS
    report = _report(SMALL_FIRST_UPSERTS)
    mine, theirs = _rounds_of(SMALL_FIRST_UPSERTS, ours), _rounds_of(SMALL_FIRST_UPSERTS, builtin)
    row, col = _worst_column_round(mine)
    per_round = report["parameters"]["round_files"]
    due = [str(r["round"]) for r in mine[1:] if r["clustered_files"] > per_round]
    quiet = sorted({r["written_files"] for r in mine[1:] if r["clustered_files"] <= per_round})
    worst_builtin = max(theirs[-1]["every"]["point"], key=lambda c: theirs[-1]["every"]["point"][c])
    return ("**Time-ordered upserts with a small first layout** (`python -m bench --rounds 8 "
            "--rows-per-round 8000 --round-files 20 --variant dated --order time --operation upsert --updates 0.1 "
            "--layouts random,builtin-hilbert-sample,ours-hilbert-sample-continuous --queries 2 --no-warmup --out "
            f"{SMALL_FIRST_UPSERTS}`, [results]({SMALL_FIRST_UPSERTS[len('docs/'):]}/results.md)): the filter columns are "
            f"{', '.join(report['filter_columns'][:-1])} and the order date `{report['filter_columns'][-1]}`, rows arrive "
            "in date order by upsert (copy-on-write), and each round also updates a tenth as many earlier rows, which "
            f"rewrites nearly every file. After round {mine[-1]['round']} the continuous layout reads {_ratio(mine[-1])} "
            f"the bound ({_columns(mine[-1])}), every round at most {_ratio(_worst(mine))} on average (the worst "
            f"column-round: {col} {row['every']['point'][col] / row['effective_bound']:.2f}x in round {row['round']}); "
            f"the built-in reads {_ratio(theirs[-1])} ({worst_builtin} "
            f"{theirs[-1]['every']['point'][worst_builtin] / theirs[-1]['effective_bound']:.2f}x). Regions fell due and "
            f"were laid out again in rounds {', '.join(due[:-1])} and {due[-1]} (the run the issue reports stalled from "
            f"its fourth round: every commit `delta (1 new file(s))`); between them each round's new rows "
            f"({per_round} files spanning the regions: Hudi's upsert path takes no partitioner from a plugin) were laid "
            f"on the tree into {' or '.join(str(n) for n in quiet)} files. Clusterings wrote "
            f"{mine[-1]['rewritten_vs_ingested']:.2f} times the bytes ingested, which here include the files the "
            "updates rewrote.\n")


def default_why() -> str:
    """docs/layouts.md's case for the continuous default: :data:`LAYERS_RUNS`' first and last rounds,
    the R = 32 runs of :data:`ROUNDS_GROWTH` and :data:`ROUNDS_OTHER`, the rewrite of the bulk-insert
    runs and the clustering seconds of :data:`LAYERS_RUNS` against the built-in's."""
    builtin, plan, ours = LAYERS_LAYOUTS
    layers = [_by_round(folder) for folder, _ in LAYERS_RUNS]
    first = layers[0][1]
    ends = [rounds[max(rounds)] for rounds in layers]
    r32 = [folder for _, folder in ROUNDS_GROWTH] + [ROUNDS_OTHER[0][0][0][1]]
    mine32 = [_rounds_of(f, ours)[-1] for f in r32]
    theirs32 = [_rounds_of(f, builtin)[-1] for f in r32]
    bulk = [_rounds_of(folder, ours)[-1]["rewritten_vs_ingested"] for folder, _ in LAYERS_RUNS]
    bulk += [_rounds_of(SMALL_FIRST, ours)[-1]["rewritten_vs_ingested"], mine32[0]["rewritten_vs_ingested"]]
    plain = [r[plan]["rewritten_vs_ingested"] for r in ends]

    def seconds(rounds: dict, name: str) -> float:
        return sum(rows[name]["cluster_seconds"] for rows in rounds.values())
    times = [(seconds(r, ours), seconds(r, builtin), max(r)) for r in layers]
    return "\n".join([
        "- **A table clustered once** gets the same layout either way: the continuous plan's first clustering of a "
        f"partition is the aligned grid of the default (round 1: {first[ours]['every']['point_avg']:.1f} files per "
        f"point query, {_ratio(first[ours])} the bound, for both in `rounds8`). So a one-off `cluster()` loses nothing "
        "by staying off, and keeps what Hudi's keys mean (the small-file limit picks its files).",
        "- **A table clustered while it grows** reads, with Hudi's size-based plan, one layout per round: after "
        f"{ends[0][plan]['round']} rounds {_ratio(ends[0][plan])} the bound and after {ends[1][plan]['round']} rounds "
        f"{_ratio(ends[1][plan])} (ours) or {_ratio(ends[0][builtin])} and {_ratio(ends[1][builtin])} (the built-in), "
        f"and it climbs with every round. The continuous plan reads {_ratio(ends[0][ours])} and {_ratio(ends[1][ours])} "
        f"there. From a first layout of 4 files, after {mine32[0]['round']} rounds it reads {_ratio(mine32[0])} on "
        f"uniform bulk inserts, {_ratio(mine32[1])} on time-ordered upserts and {_ratio(mine32[2])} on skewed rows, "
        f"where the built-in reads {_ratio(theirs32[0])}, {_ratio(theirs32[1])} and {_ratio(theirs32[2])} (the R = 32 "
        "tables in the README and below).",
        f"- **Its price** is rewrite: clusterings wrote {min(bulk):.1f}-{max(bulk):.1f} times the bytes ingested on "
        f"bulk inserts ({mine32[0]['rewritten_vs_ingested']:.2f} after {mine32[0]['round']} rounds; the size-based plan "
        f"{min(plain):.1f}-{max(plain):.1f}: it writes each round once), inside the 3x a layout that keeps near the "
        "bound may spend; its clustering seconds over the run were "
        f"{min(a / b for a, b, _ in times):.2f}-{max(a / b for a, b, _ in times):.2f}x the built-in's ("
        + ", ".join(f"{a:.1f} s against {b:.1f} s over {n}" + (" rounds" if i == 0 else "")
                    for i, (a, b, n) in enumerate(times))
        + "), about twice our size-based plan's."]) + "\n"


#: The frontier of layered layouts docs/layouts.md quotes ("What layers can reach"): arithmetic,
#: kept as a results file by ``python -m bench.frontier ... --out docs/bench/frontier``.
FRONTIER_RUN = "docs/bench/frontier"


def frontier_block() -> str:
    """The frontier's command and table, indented as the bullet that holds them."""
    from bench.frontier import command, render
    report = _report(FRONTIER_RUN)
    lines = [f"`{command(report)} --out {FRONTIER_RUN}`", ""] + render(report).splitlines()
    return "".join(f"  {line}\n" if line else "\n" for line in lines) + "  "
