"""The skipping benchmark's report (:mod:`bench.bench`) from its results.json: the
tables of ``results.md`` (:func:`render`: the layouts, the partitions, ours against the built-in
per query, where the time went phase by phase and stage by stage) and the chart
``files_read.png``; :func:`write_outputs` writes all three."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from . import partitions, peers, workload
from .layouts import OVERWRITE_FLOOR, builtin_twin

STAGE_BREAKDOWN = ("floor", "builtin-hilbert-sample", "ours-hilbert-sample")


def partition_table(report: dict) -> str:
    """results.md's table of a ``--partitions`` run (empty for other runs)."""
    rows = [r for r in report["layouts"] if "partitions" in r]
    if not rows:
        return ""
    growth = report["parameters"].get("partition_growth")
    lines = ["", f"Partitioned by {report['parameters'].get('partition_column')} into "
             f"{report['parameters'].get('partitions')} partitions (column {partitions.FIELD}"
             + (f"; rows growing {growth:g}x from the first to the last" if growth else "")
             + "). Point queries without a "
             "partition predicate against the sum of the partitions' bounds; with one (`AND part = ...`, a random "
             "partition) against a partition's average bound:", "",
             "| layout | partitions | files (per partition) | point avg | sum of bounds | x | point in a partition "
             "| its bound | x | plan s | cluster s | time vs floor | time vs built-in | driver heap MB |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        lines.append(
            f"| {r['layout']} | {r['partitions']} | {r['files']} ({r['min_partition_files']}-{r['max_partition_files']})"
            f" | {r['point_avg']:.1f} | {r['partition_bound_sum']:.1f}"
            f" | {r['point_avg'] / r['partition_bound_sum']:.2f}x | {r['ppoint_avg']:.2f}"
            f" | {r['partition_bound_avg']:.2f} | {r['ppoint_avg'] / r['partition_bound_avg']:.2f}x"
            f" | {r['plan_seconds']:.1f} | {r['cluster_seconds']:.1f} | {_ratio(r, 'time_vs_floor')}"
            f" | {_ratio(r, 'time_vs_builtin')} | {_heap(r)} |")
    against = [r for r in rows if "time_vs_floor_overwrite" in r and r["layout"] != OVERWRITE_FLOOR]
    if against:
        lines += ["", f"Time against {OVERWRITE_FLOOR} (the same bulk insert over a copy of the random table, a "
                  "replacecommit as a clustering's): " + ", ".join(f"{r['layout']} {r['time_vs_floor_overwrite']:.2f}x"
                                                                   for r in against)]
    if any("heap_after_gc_bytes" not in r for r in rows):
        lines += ["", "\\* the sum of the heap pools' own peaks (garbage included), as runs before the heap after GC "
                  "was measured reported it"]
    return "\n".join(lines) + "\n"


def _heap(r: dict) -> str:
    """The driver heap column: after GC, or marked (*) the pools' peaks of an older run."""
    if "heap_after_gc_bytes" in r:
        return f"{r['heap_after_gc_bytes'] / 1e6:.0f}"
    return f"{r.get('peak_heap_bytes', 0) / 1e6:.0f}\\*"


def _ratio(r: dict, key: str) -> str:
    return f"{r[key]:.2f}x" if key in r else ""


def markdown(report: dict) -> str:
    p = report["parameters"]
    cols = report["filter_columns"]
    d = len(cols)
    axes = report.get("axes") or [[c] for c in cols]
    d_eff = len(axes)
    size = f"rows={p['rows']}" if p["rows"] else f"scale={p['scale']}"
    weighted = bool(p.get("weights"))
    grouped = p.get("groups", 1) > 1
    extra_head = (" workload avg |" if weighted else "") + (" groups |" if grouped else "")
    # a run of a named workload (--workload) has no point, range or pair queries: its queries' table follows
    classes = [] if p.get("workload") else cols
    lines = [f"{size} variant={p['variant']} files={p['files']} queries/column={p['queries']} "
             f"repetitions={p['repetitions']} seed={p['seed']} sample.size={p['sample_size']}"
             + (f" weights={p['weights']}" if weighted else "") + (f" groups={p['groups']}" if grouped else "")
             + (f" codec={p['codec']}" if p.get("codec") else "")
             + "".join(f" {pair}" for pair in p.get("hudi_option") or []), "",
             f"--workload {p['workload']}: layouts on named columns get {', '.join(cols)}, the ones its queries "
             "filter most" if p.get("workload") else
             f"d={d} filter columns ({', '.join(cols)}) on d'={d_eff} independent axes found in the data "
             f"({', '.join('+'.join(a) for a in axes)}): bound N^((d-1)/d), effective bound N^((d'-1)/d')"
             if "axes" in report else f"d={d} filter columns ({', '.join(cols)}), axes not measured: "
             "effective bound taken as the bound", "",
             "| layout | files | " + "".join(f"{c} files read (skip %) | " for c in classes)
             + ("point avg |" + extra_head + " bound | eff. bound | range avg | 2-col avg | " if classes else "")
             + "cluster s | time vs floor | time vs built-in | shuffle MB | shuffle vs built-in | written MB |",
             "| --- | --- | " + "--- | " * len(classes) + ("--- |" + " --- |" * (weighted + grouped)
                                                          + " --- | --- | --- | --- | " if classes else "")
             + "--- | --- | --- | --- | --- | --- |"]
    for r in report["layouts"]:
        cells = "".join(f"{r['point'][c]:.1f} ({100 * (1 - r['point'][c] / r['files']):.1f}%) | " for c in classes)
        extra = (f" {r['workload_avg']:.1f} |" if weighted else "") \
            + (f" {r['groups'] if r.get('groups') else ''} |" if grouped else "")
        eff = r.get("effective_bound", r["bound"])
        figures = (f"{r['point_avg']:.1f} |" + extra + f" {r['bound']:.1f} | {eff:.1f} | {r['range_avg']:.1f} | "
                   f"{r['and_avg']:.1f} | " if classes else "")
        lines.append(f"| {r['layout']} | {r['files']} | " + cells + figures
                     + f"{r['cluster_seconds']:.1f} | {_ratio(r, 'time_vs_floor')} | {_ratio(r, 'time_vs_builtin')}"
                     + f" | {r['shuffle_bytes'] / 1e6:.1f} | {_ratio(r, 'shuffle_vs_builtin')}"
                     + f" | {r.get('bytes_written', 0) / 1e6:.1f} |")
    return "\n".join(lines) + "\n"


def _cell(text: str, width: int = 70) -> str:
    text = text.replace("|", "\\|")
    return text if len(text) <= width else text[:width - 3] + "..."


def stage_breakdown(report: dict, top: int = 5) -> str:
    """Where the time of the floor, the built-in Hilbert/sample and our Hilbert/sample went: their
    longest stages, the rest together, and the wall time no stage was running (the driver planning,
    reading the timeline and metadata, committing)."""
    out = []
    for r in report["layouts"]:
        if (r["layout"] not in STAGE_BREAKDOWN and not peers.is_peer(r["layout"])) or not r.get("stages"):
            continue
        wall = r["cluster_seconds"]
        def share(s: float, wall: float = wall) -> str:
            return f"{100 * s / wall:.0f}%" if wall > 0 else ""
        stages = sorted(r["stages"], key=lambda s: -s["seconds"])
        out += [f"Stages of {r['layout']}: {wall:.1f} s wall, {len(stages)} stages", "",
                "| stage | job description | call site | s | share of wall | tasks | input rows "
                "| shuffle read rows | shuffle write MB |",
                "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
        for s in stages[:top]:
            out.append(f"| {s['stage']}{' (failed)' if s['failed'] else ''} | {_cell(s['description'])} "
                       f"| {_cell(s['name'])} | {s['seconds']:.2f} | {share(s['seconds'])} | {s['tasks']} "
                       f"| {s['input_rows']} | {s['shuffle_read_rows']} | {s['shuffle_write_bytes'] / 1e6:.1f} |")
        rest = stages[top:]
        if rest:
            secs = sum(s["seconds"] for s in rest)
            def total(key: str, rest: list = rest) -> int:
                return sum(s[key] for s in rest)
            out.append(f"| | {len(rest)} other stages | | {secs:.2f} | {share(secs)} | {total('tasks')} "
                       f"| {total('input_rows')} | {total('shuffle_read_rows')} "
                       f"| {total('shuffle_write_bytes') / 1e6:.1f} |")
        idle = r.get("outside_stages_seconds", 0.0)
        out += [f"| | no stage running (driver: planning, timeline, commit) | | {idle:.2f} | {share(idle)} "
                f"| | | | |", ""]
    return "\n".join(out)


#: the phases of a layout's work, as :func:`phase` names them from a stage's own measures
PHASES = ("read, shuffle write", "scan without shuffle (sample, stats)", "shuffle read, sort, write",
          "other stages (metadata table, commit jobs)")


def phase(stage: dict, rows: int, files_in: int) -> str:
    """Which of :data:`PHASES` a stage belongs to, from its measures alone, so the stages of every
    system (Hudi, Delta, Iceberg) are read alike: it reads a shuffle of at least half the table's
    ``rows`` (the sort and the files' write: encode, Parquet, column stats are one stage); it
    writes a shuffle of at least a megabyte (the read before it); it reads the table without a
    shuffle (a sample, a range partitioner's bounds): at least half its rows, or one task per
    input file where the reader reports no rows (Hudi's built-in reads its files that way); or
    anything else (small jobs on the metadata table or the log)."""
    big = max(1, rows // 2)
    if stage["shuffle_read_rows"] >= big:
        return PHASES[2]
    if stage["shuffle_write_bytes"] >= 1 << 20:
        return PHASES[0]
    if stage["input_rows"] >= big or (stage["input_rows"] == 0 and stage["shuffle_read_rows"] == 0
                                      and stage["tasks"] == files_in):
        return PHASES[1]
    return PHASES[3]


def phase_breakdown(report: dict) -> str:
    """Per layout, the seconds of each of :data:`PHASES` and the wall time no stage ran."""
    with_stages = [r for r in report["layouts"] if r.get("stages")]
    if not with_stages:
        return ""
    lines = ["| layout | wall s | " + " | ".join(PHASES) + " | no stage running (driver) |",
             "| --- | --- | " + " | ".join("---" for _ in PHASES) + " | --- |"]
    files_in = report["parameters"].get("files", 0)
    for r in with_stages:
        rows = max(max(s["input_rows"], s["shuffle_read_rows"]) for s in r["stages"])
        secs = {p: 0.0 for p in PHASES}
        for s in r["stages"]:
            secs[phase(s, rows, files_in)] += s["seconds"]
        lines.append(f"| {r['layout']} | {r['cluster_seconds']:.1f} | "
                     + " | ".join(f"{secs[p]:.1f}" for p in PHASES)
                     + f" | {r.get('outside_stages_seconds', 0.0):.1f} |")
    return "\n".join(lines) + "\n"


def head_to_head(report: dict) -> str:
    """Per query, ours against the built-in implementation of the same curve and mapping."""
    by_name = {r["layout"]: r for r in report["layouts"]}
    lines = ["| curve / mapping | queries | ours fewer files | equal | ours more | ours avg | built-in avg "
             "| worst query for ours (ours / built-in) |", "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for name, ours in by_name.items():
        twin = builtin_twin(name, list(by_name))
        if not twin:
            continue
        theirs = by_name[twin]
        pairs = list(zip(ours["queries"], theirs["queries"]))
        fewer = sum(1 for a, b in pairs if a["files"] < b["files"])
        more = [(a["files"] - b["files"], a, b) for a, b in pairs if a["files"] > b["files"]]
        worst = max(more, key=lambda t: t[0]) if more else None
        worst_text = f"{worst[1]['predicate']} ({worst[1]['files']} / {worst[2]['files']})" if worst else "none"
        def avg(r: dict) -> float:
            return sum(q["files"] for q in r["queries"]) / max(1, len(r["queries"]))
        lines.append(f"| {name[5:]} | {len(pairs)} | {fewer} | {len(pairs) - fewer - len(more)} | {len(more)} "
                     f"| {avg(ours):.1f} | {avg(theirs):.1f} | {worst_text} |")
    return "\n".join(lines) + "\n"


def render(report: dict) -> str:
    """``results.md``: the table, ours against the built-in per query, the stage breakdowns."""
    phases, breakdown = phase_breakdown(report), stage_breakdown(report)
    return (markdown(report) + partition_table(report) + "\n" + head_to_head(report)
            + (workload.render(report["workload"]) if report.get("workload") else "")
            + ("\nWhere the time went (stage seconds; stages may overlap)\n\n" + phases if phases else "")
            + ("\n" + breakdown if breakdown else ""))


def write_outputs(out: Path, report: dict) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "results.json").write_text(json.dumps(report, indent=2))
    (out / "results.md").write_text(render(report))
    try:
        chart(report, out / "files_read.png")
    except ImportError:
        print("matplotlib is not installed: no chart", file=sys.stderr)


def chart(report: dict, png: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    rows = report["layouts"]
    cols = report["filter_columns"]
    fig, ax = plt.subplots(figsize=(max(8, 1.1 * len(rows)), 5))
    width = 0.8 / len(cols)
    for i, c in enumerate(cols):
        ax.bar([x + i * width for x in range(len(rows))], [r["point"][c] for r in rows], width, label=c)
    bound = rows[-1]["bound"]
    ax.axhline(bound, color="black", linestyle="--", linewidth=1, label=f"bound N^((d-1)/d) = {bound:.1f}")
    d_eff = report.get("d_effective", len(cols))
    if d_eff < len(cols):
        eff = rows[-1]["effective_bound"]
        ax.axhline(eff, color="grey", linestyle=":", linewidth=1,
                   label=f"effective bound N^((d'-1)/d'), d'={d_eff}: {eff:.1f}")
    ax.set_xticks([x + width * (len(cols) - 1) / 2 for x in range(len(rows))])
    ax.set_xticklabels([r["layout"] for r in rows], rotation=35, ha="right")
    ax.set_ylabel("files read per point query (avg)")
    p = report["parameters"]
    size = f"{p['rows']} rows" if p["rows"] else f"scale {p['scale']}"
    ax.set_title(f"SSB {size} ({p['variant']}), {p['files']} files: files read per point query")
    ax.legend()
    fig.tight_layout()
    fig.savefig(png, dpi=110)
