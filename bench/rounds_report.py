"""The rounds benchmark's report (:mod:`bench.rounds`) from its results.json:
``results.md`` (:func:`render`), the chart ``files_per_round.png`` (:func:`chart`), both written
by :func:`write_outputs`, the command that reproduces a run (:func:`command`) and the tables the
docs make of several runs (:func:`summary`, :func:`partition_summary`, :func:`formats`)."""
from __future__ import annotations

from pathlib import Path
from typing import Dict, List, Sequence, Tuple

from . import partitions, ssb, workload
from .rounds_data import EVERY_ROWS

CHART = "files_per_round.png"


def feed_text(p: dict) -> str:
    """The feed's flags as the header line of ``results.md`` gives them (their defaults for a
    ``results.json`` written before they existed)."""
    drift, order = p.get("drift"), p.get("order") or "random"
    ordered = f"drift={drift} (rounds in the order of {drift})" if drift else f"order={order}" + (
        f" (rounds in the order of {ssb.DATE_COLUMN})" if order == "time" else "")
    return (f"{ordered} operation={p.get('operation') or 'bulk_insert'} updates={p.get('updates') or 0} "
            + (f"update.from={p['update_from']} " if (p.get("update_from") or "all") != "all" else "")
            + f"table.type={p.get('table_type') or 'COPY_ON_WRITE'}")


def intro(report: dict) -> List[str]:
    """The lines above the table of ``results.md``: the run's parameters and what the columns say."""
    p, plan, sizes = report["parameters"], report["plan"], report["sizes"]
    cols, axes = report["filter_columns"], report["axes"]
    d, d_eff = report["d"], report["d_effective"]
    bound = "N^((d-1)/d)" if d_eff == d else "N^((d'-1)/d')"
    return [f"rounds={plan['rounds']} rows/round={plan['rows_per_round']} small files/round={plan['round_files']} "
            f"clustered files/round={plan['files_per_round']} variant={p['variant']} "
            f"queries/column={p['queries']} seed={p['seed']} sample.size={p['sample_size']} {feed_text(p)}", "",
            f"Hudi's size-based plan, sizes from round 1 ({sizes['round_bytes']} bytes of small files): "
            f"target.file.max.bytes={sizes['target_file_bytes']}, small.file.limit="
            f"{sizes['small_file_bytes']} (-whole layouts: every file); bloom filters sized for "
            f"{plan['bloom_entries']} keys", "",
            f"d={d} filter columns ({', '.join(cols)}) on d'={d_eff} independent axes "
            f"({', '.join('+'.join(a) for a in axes)}): bound {bound} for the table's N files after the round", "",
            "Files read per query: over every value, range position and (up to "
            f"{EVERY_ROWS}) rows' value pairs the table holds after the round, from the column-stats index "
            f"(every; per column: files per point query and its ratio to the bound); and as Spark read them "
            f"for the {p['queries']} sampled queries per column and class (sampled).", "",
            "Rewritten / ingested: bytes all clusterings wrote so far over the bytes the layout's own writes "
            "ingested (new files, files an update rewrote, log files); over plain writes: over the bytes the "
            "random table's writes ingested, the same rows as plain small files (the continuous layouts' "
            "writes on the grid compress better).", "",
            "Cluster s: the round's clustering, plan and execution; plan s: scheduling alone (Hudi's client, "
            "the timeline and column stats read, the plan saved).", ""] + partition_intro(report)


def partition_intro(report: dict) -> List[str]:
    """The lines a ``--partitions`` run adds to the intro (none for other runs)."""
    plan = report["plan"]
    if not plan.get("partitions"):
        return []
    growth = plan.get("partition_growth") or 1.0
    return [f"Partitioned by {plan['partition_column']} into {plan['partitions']} partitions"
            + (f" growing {growth:g}x from the first to the last" if growth > 1 else " of about equal rows")
            + f" (column {partitions.FIELD}); each round's small files are shared out over the partitions it "
            "reaches by rows, and each partition's clustering is sized for its share of the first round. "
            "The bound is the sum of the partitions' own bounds n_p^((d'-1)/d'); in a partition: files of "
            "the partition read per point query with a partition predicate, over every value, against "
            "its own bound, averaged over the partitions (and the worst partition).", ""]


def markdown(report: dict) -> str:
    cols = report["filter_columns"]
    lines = intro(report) + [
        "| round | layout | rows | files | point avg (every) | bound | ratio to bound (every) | "
        + " | ".join(f"{c} (every, x bound)" for c in cols) + " | range avg (every) "
        "| 2-col avg (every) | point avg (sampled) | ratio to bound (sampled) | files clustered "
        "| rewritten / ingested | rewritten / plain writes | cluster s | plan s |"
        + (" in a partition, x its bound (worst) |" if report["plan"].get("partitions") else ""),
        "|" + " --- |" * (16 + len(cols) + (1 if report["plan"].get("partitions") else 0))]
    plain = {r["round"]: r["ingested_bytes"] for r in report["rounds"] if r["layout"] == "random"}
    for r in report["rounds"]:
        clustered = f"{r['clustered_files']} -> {r['written_files']}" if r["clustered_files"] else ""
        if r.get("groups", 0) > 1:
            clustered += f" in {r['groups']} groups"
        e, bound = r["every"], r["effective_bound"]
        per_column = " | ".join(f"{e['point'][c]:.1f} ({e['point'][c] / bound if bound else 0.0:.2f}x)" for c in cols)
        lines.append(f"| {r['round']} | {r['layout']} | {r['rows']} | {r['files']} | {e['point_avg']:.1f} "
                     f"| {bound:.1f} | {r['every_ratio_to_bound']:.2f}x | {per_column} | {e['range_avg']:.1f} "
                     f"| {e['and_avg']:.1f} | {r['point_avg']:.1f} | {r['ratio_to_bound']:.2f}x | {clustered} "
                     f"| {r['rewritten_vs_ingested']:.2f} | {r['rewritten_bytes'] / max(1, plain[r['round']]):.2f} "
                     f"| {r['cluster_seconds']:.1f} | {r.get('plan_seconds', 0.0):.1f} |"
                     + (f" {r['partition_ratio_avg']:.2f}x ({r['partition_ratio_worst']:.2f}x) |"
                        if "partition_ratio_avg" in r else ""))
    return "\n".join(lines + workload_lines(report["rounds"])) + "\n"


def workload_lines(rounds: Sequence[dict]) -> List[str]:
    """``--workload``: each round's files read by each of the workload's queries, their sum, and
    that sum as tables' worth of the layout's files, against the fewest of the layouts on the
    user's columns that round (:func:`bench.workload.on_users_columns`)."""
    rows = [r for r in rounds if r.get("workload_files")]
    if not rows:
        return []
    names = list(rows[0]["workload_files"])
    best: Dict[int, float] = {}
    for r in rows:
        if workload.on_users_columns(r["layout"]) and r["workload_tables_read"] is not None:
            best[r["round"]] = min(best.get(r["round"], r["workload_tables_read"]), r["workload_tables_read"])
    out = ["", "Workload: files read per query after each round (data skipping on), and tables' worth of files", "",
           "| round | layout | files | " + " | ".join(names) + " | sum | tables read | vs best on the user's columns |",
           "|" + " --- |" * (len(names) + 6)]
    for r in rows:
        tables = r["workload_tables_read"]
        against = best.get(r["round"])
        out.append(f"| {r['round']} | {r['layout']} | {r['files']} | "
                   + " | ".join(str(r["workload_files"][n]) for n in names)
                   + f" | {r['workload_files_sum']} | {'' if tables is None else f'{tables:.2f}'} | "
                   + (f"{tables / against:.2f} |" if tables is not None and against else " |"))
    return out + auto_lines(rows)


def auto_lines(rounds: Sequence[dict]) -> List[str]:
    """The columns an ``-auto`` layout's clustering chose each round, and its reason up to the
    columns a sample found to determine others (what its commit records)."""
    rows = [r for r in rounds if r.get("auto_reason")]
    if not rows:
        return []
    out = ["", "Auto's choice per round: the sort columns its clustering recorded, and why", "",
           "| round | layout | sort columns | reason |", "| --- | --- | --- | --- |"]
    for r in rows:
        reason = r["auto_reason"].split("; columns that determine others")[0]
        out.append(f"| {r['round']} | {r['layout']} | {', '.join(r['sort_columns'])} | {reason} |")
    return out


def render(report: dict) -> str:
    return markdown(report)


def command(report: dict, out: str) -> str:
    """The ``bench --rounds`` command that wrote ``report`` (its results.json) into ``out``."""
    p = report["parameters"]
    flags = [f"--rounds {p['rounds']}", f"--rows-per-round {p['rows_per_round']}", f"--round-files {p['round_files']}"]
    if p["variant"] != "uniform":
        flags.append(f"--variant {p['variant']}")
    if p.get("drift"):
        flags.append(f"--drift {p['drift']}")
    if (p.get("order") or "random") != "random":
        flags.append(f"--order {p['order']}")
    if (p.get("operation") or "bulk_insert") != "bulk_insert":
        flags.append(f"--operation {p['operation']}")
    if p.get("updates"):
        flags.append(f"--updates {p['updates']}")
    if (p.get("update_from") or "all") != "all":
        flags.append(f"--update-from {p['update_from']}")
    if (p.get("table_type") or "COPY_ON_WRITE") != "COPY_ON_WRITE":
        flags.append(f"--table-type {p['table_type']}")
    if p.get("partitions"):
        flags.append(f"--partitions {p['partitions']}")
        if p.get("partition_column") and p["partition_column"] != partitions.DEFAULT_COLUMN:
            flags.append(f"--partition-column {p['partition_column']}")
        if p.get("partition_growth"):
            flags.append(f"--partition-growth {p['partition_growth']:g}")
    layouts = [name for name in p["layouts"].split(",") if name != "random"]
    flags += [f"--layouts {','.join(layouts)}", f"--queries {p['queries']}"]
    if not p.get("warmup", True):
        flags.append("--no-warmup")
    flags += [f"--hudi-option {pair}" for pair in p.get("hudi_option") or []]
    return "python -m bench " + " ".join(flags + [f"--out {out}"])


def summary(runs: Sequence[Tuple[str, str, dict]], layouts: Tuple[str, str], every: int = 4) -> str:
    """Runs side by side (``(label, folder, report)`` each), every ``every``-th round and the last:
    files per point query over every value as a ratio to the bound for the layout's files, the
    second layout's per column too, then per run its worst round and column and its rewrite."""
    head = "| round |" + "".join(f" {label}: N | {layouts[0]} | {layouts[1]} (per column) |" for label, _, _ in runs)
    lines = [head, "|" + " --- |" * (1 + 3 * len(runs))]
    by = [{(r["round"], r["layout"]): r for r in rep["rounds"]} for _, _, rep in runs]
    last = max(rep["plan"]["rounds"] for _, _, rep in runs)
    for n in sorted({1, 2, last} | set(range(every, last + 1, every))):
        cells = []
        for (_, _, rep), rows in zip(runs, by):
            a, b = rows.get((n, layouts[0])), rows.get((n, layouts[1]))
            if a is None or b is None:
                cells.append(" | | |")
                continue
            per = ", ".join(f"{b['every']['point'][c] / b['effective_bound']:.2f}" for c in rep["filter_columns"])
            cells.append(f" {b['files']} | {a['every_ratio_to_bound']:.2f}x | {b['every_ratio_to_bound']:.2f}x ({per}) |")
        lines.append(f"| {n} |" + "".join(cells))
    lines.append("")
    for (label, folder, rep), rows in zip(runs, by):
        mine = [r for r in rep["rounds"] if r["layout"] == layouts[1]]
        end = mine[-1]
        worst = max(mine, key=lambda r: r["every_ratio_to_bound"])
        col_round, col = max(((r, c) for r in mine for c in rep["filter_columns"]),
                             key=lambda rc: rc[0]["every"]["point"][rc[1]] / rc[0]["effective_bound"])
        plans = [r["plan_seconds"] for r in mine if "plan_seconds" in r]
        half = len(plans) // 2
        planned = (f"; plan seconds per round {min(plans):.1f}-{max(plans):.1f} (first half of the rounds "
                   f"{_mean(plans[:half]):.1f} on average, second half {_mean(plans[half:]):.1f})") if plans else ""
        lines.append(
            f"- **{label}** (`{command(rep, folder)}`; columns {', '.join(rep['filter_columns'])}): after round "
            f"{end['round']} {layouts[1]} reads {end['every_ratio_to_bound']:.2f}x the bound ({layouts[0]}: "
            f"{rows[(end['round'], layouts[0])]['every_ratio_to_bound']:.2f}x); its worst round "
            f"{worst['every_ratio_to_bound']:.2f}x (round {worst['round']}), its worst column-round {col} "
            f"{col_round['every']['point'][col] / col_round['effective_bound']:.2f}x (round {col_round['round']}); "
            f"clusterings wrote {end['rewritten_vs_ingested']:.2f}x the bytes ingested (at most "
            f"{max(r['rewritten_vs_ingested'] for r in mine):.2f}x after any round){planned}.")
    return "\n".join(lines) + "\n"


def partition_summary(report: dict, layout: str, out: str) -> str:
    """A ``--partitions`` rounds run (written to ``out``), round by round for ``layout`` beside the
    random table: files read per point query without a partition predicate against the sum of the
    partitions' bounds, and in a partition against its own bound (the average over partitions,
    the worst partition, the worst column), the clustering's and the plan's seconds."""
    rows = {(r["round"], r["layout"]): r for r in report["rounds"]}
    cols = report["filter_columns"]
    lines = [f"`{command(report, out)}`", "",
             "| round | files | point x sum of bounds | in a partition, x its bound | worst partition | "
             + " | ".join(f"{c} (avg, worst)" for c in cols) + " | random in a partition | cluster s | plan s "
             "| rewritten / ingested |",
             "|" + " --- |" * (9 + len(cols))]
    for n in range(1, report["plan"]["rounds"] + 1):
        r, plain = rows.get((n, layout)), rows.get((n, "random"))
        if r is None or "partition_ratio_avg" not in r:
            continue
        per = " | ".join(f"{r['partition_column_ratio'][c]:.2f}x, {r['partition_column_worst'][c]:.2f}x" for c in cols)
        lines.append(f"| {n} | {r['files']} | {r['every_ratio_to_bound']:.2f}x | {r['partition_ratio_avg']:.2f}x "
                     f"| {r['partition_ratio_worst']:.2f}x | {per} | "
                     + (f"{plain['partition_ratio_avg']:.2f}x" if plain else "")
                     + f" | {r['cluster_seconds']:.1f} | {r['plan_seconds']:.1f} | {r['rewritten_vs_ingested']:.2f} |")
    return "\n".join(lines) + "\n"


def formats(runs: Sequence[Tuple[str, str, dict]], every: int = 2) -> str:
    """Every clustered layout of each run (``(label, folder, report)``; Hudi's and the peers')
    side by side, every ``every``-th round and the last: files per point query over every value
    as a ratio to the bound for each layout's own files, then per run and layout the last round,
    the worst round, the worst column after the last round and the bytes its layouts rewrote."""
    out = []
    for label, folder, rep in runs:
        names = [n for n in rep["parameters"]["layouts"].split(",") if n != "random"]
        rows = {(r["round"], r["layout"]): r for r in rep["rounds"]}
        last = rep["plan"]["rounds"]
        out.append(f"**{label}** (`{command(rep, folder)}`): files per point query over every value, of "
                   "the layout's N files, and x the bound for N")
        out.append("")
        out.append("| round |" + "".join(f" {n} |" for n in names))
        out.append("|" + " --- |" * (1 + len(names)))
        for n in sorted({1, last} | set(range(every, last + 1, every))):
            cells = [rows.get((n, name)) for name in names]
            out.append(f"| {n} |" + "".join(f" {_read(c)} |" if c else " |" for c in cells))
        out.append("")
        for name in names:
            mine = [r for r in rep["rounds"] if r["layout"] == name]
            if not mine:
                continue
            end, worst = mine[-1], max(mine, key=lambda r: r["every_ratio_to_bound"])
            col = max(rep["filter_columns"], key=lambda c: end["every"]["point"][c])
            out.append(f"- {name}: {end['every_ratio_to_bound']:.2f}x after round {end['round']}, worst round "
                       f"{worst['every_ratio_to_bound']:.2f}x (round {worst['round']}), worst column after the last "
                       f"round {col} {end['every']['point'][col] / end['effective_bound']:.2f}x; rewrote "
                       f"{end['rewritten_vs_ingested']:.2f}x the bytes ingested")
        out.append("")
    return "\n".join(out)


def _read(row: dict) -> str:
    """A round's point queries: files read over every value, of the table's files, and x the bound."""
    return f"{row['every']['point_avg']:.1f} of {row['files']} ({row['every_ratio_to_bound']:.2f}x)"


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def write_outputs(out: Path, report: dict) -> None:
    import json
    import sys
    out.mkdir(parents=True, exist_ok=True)
    (out / "results.json").write_text(json.dumps(report, indent=2))
    (out / "results.md").write_text(render(report))
    try:
        chart(report, out / CHART)
    except ImportError:
        print("matplotlib is not installed: no chart", file=sys.stderr)


def _series(report: dict) -> Dict[str, List[dict]]:
    series: Dict[str, List[dict]] = {}
    for r in report["rounds"]:
        series.setdefault(r["layout"], []).append(r)
    return series


def chart(report: dict, png: Path) -> None:
    """Files per point query over rounds, one line per layout (log scale: the random table reads
    every file), with the bound for the clustered layouts' file counts (one dashed line if they
    hold the same N every round, else one per layout in its colour)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker
    series = _series(report)
    fig, ax = plt.subplots(figsize=(8, 5))
    bounds = {}
    for name, rows in series.items():
        xs = [r["round"] for r in rows]
        line, = ax.plot(xs, [r["every"]["point_avg"] for r in rows], marker="o", label=name)
        if name != "random" or len(series) == 1:
            bounds[name] = (xs, [r["effective_bound"] for r in rows], line.get_color())
    distinct = {tuple(round(b, 6) for b in ys) for _, ys, _ in bounds.values()}
    for name, (xs, ys, colour) in bounds.items():
        if len(distinct) == 1:
            ax.plot(xs, ys, color="black", linestyle="--", linewidth=1, label="bound for the table's N files")
            break
        ax.plot(xs, ys, color=colour, linestyle="--", linewidth=1, label=f"bound for {name}'s N files")
    ax.set_yscale("log")
    plain = matplotlib.ticker.FuncFormatter(lambda y, _: f"{y:g}")
    ax.yaxis.set_major_formatter(plain)
    ax.yaxis.set_minor_formatter(plain)
    ax.set_xlabel("round")
    ax.set_ylabel("files read per point query (avg over every value)")
    plan, p = report["plan"], report["parameters"]
    order = p.get("drift") or (ssb.DATE_COLUMN if p.get("order") == "time" else None)
    feed = [f"in {order} order" if order else "", "" if p.get("operation", "bulk_insert") == "bulk_insert"
            else f"{p['operation']}s" + (f" with {p['updates']:g} x updates" if p.get("updates") else ""),
            "merge-on-read" if p.get("table_type") == "MERGE_ON_READ" else ""]
    ax.set_title(f"SSB {p['variant']}, {plan['rounds']} rounds of {plan['rows_per_round']} rows "
                 f"({plan['round_files']} small files each)" + "".join(f", {w}" for w in feed if w), fontsize="medium")
    ax.set_xticks(sorted({r["round"] for r in report["rounds"]}))
    ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(png, dpi=110)
    plt.close(fig)
