"""docs/scale.md's tables: each partitioned run (``scale-`` and its folder's name), the documented
benchmark at two sizes (``scale-sizes``), each partitioned rounds run and the continuous plan's
time beside the metadata table's log (``scale-plan``). The sentences around them are the page's own."""
from __future__ import annotations

from .common import REPO, bench_command
from .runs import ROUNDS_LAYOUTS


#: The partitioned runs docs/scale.md shows, each in a block of its own (``scale-`` and the folder's
#: name): its command and its partition table. What each run is and how it ran, the page says above it.
SCALE_RUNS = ("docs/bench/p50-dated", "docs/bench/p50-dated-before", "docs/bench/p1000-fair", "docs/bench/p1000-lc-floor",
              "docs/bench/p10-lc-floor", "docs/bench/p1000-lc", "docs/bench/p10-lc", "docs/bench/p1000-alone",
              "docs/bench/p10", "docs/bench/p1000", "docs/bench/p100-alone", "docs/bench/p100",
              "docs/bench/p100-per-group-jobs", "docs/bench/p100-growth100", "docs/bench/p100-growth100-shared")


def run_block(folder: str) -> str:
    """The block name of a run of :data:`SCALE_RUNS` or :data:`ROUNDS_PARTITIONED`."""
    return "scale-" + folder.rsplit("/", 1)[-1]


def scale_run_block(folder: str) -> str:
    """A run of :data:`SCALE_RUNS`: its command and its partition table
    (:func:`bench.bench_report.partition_table`)."""
    import json
    from bench.bench_report import partition_table
    report = json.loads((REPO / folder / "results.json").read_text())
    command = bench_command(report["parameters"], folder).replace(" --keep-tables", "")
    return "\n".join([f"`{command}`", "", partition_table(report).strip(), ""])


#: The documented benchmark at two sizes, alone on the machine, in one JVM and with executors in
#: JVMs of their own: (label, folder).
SIZE_RUNS = (("SSB scale 1 (6M rows), 1000 files", "docs/bench/scale1-f1000"),
             ("SSB scale 4 (24M rows), 1000 files", "docs/bench/scale4-f1000"),
             ("SSB scale 1, 1000 files, executors apart", "docs/bench/scale1-f1000-lc"),
             ("SSB scale 4, 1000 files, executors apart", "docs/bench/scale4-f1000-lc"))


def size_runs_block() -> str:
    """:data:`SIZE_RUNS` in the checkout side by side: the floor's and our clustering's time,
    shuffle and driver heap after GC, our sample's rows and files per point query; then each run's
    command."""
    import json
    from bench import ssb
    runs = [(label, folder, json.loads((REPO / folder / "results.json").read_text()))
            for label, folder in SIZE_RUNS if (REPO / folder / "results.json").exists()]
    if not runs:
        return ""

    def figures(rep: dict):
        by = {r["layout"]: r for r in rep["layouts"]}
        return rep["parameters"]["scale"] * ssb.ROWS_PER_SCALE, by["ours-hilbert-sample"], by["floor"]

    def master(rep: dict) -> str:
        p = rep["parameters"]
        return f"{p.get('master') or 'local[2]'}, driver {p.get('memory')}"

    lines = ["| run | Spark | rows | floor s | ours s | ours / floor | shuffle MB (ours, floor) | driver heap MB "
             "(ours, floor) | sample rows | point avg x bound |", "| --- |" + " --- |" * 9]
    for label, _, rep in runs:
        rows, ours, floor = figures(rep)
        lines.append(f"| {label} | {master(rep)} | {rows / 1e6:.0f}M | {floor['cluster_seconds']:.1f} "
                     f"| {ours['cluster_seconds']:.1f} | {ours['cluster_seconds'] / floor['cluster_seconds']:.2f}x "
                     f"| {ours['shuffle_bytes'] / 1e6:.0f}, {floor['shuffle_bytes'] / 1e6:.0f} "
                     f"| {ours['heap_after_gc_bytes'] / 1e6:.0f}, {floor['heap_after_gc_bytes'] / 1e6:.0f} "
                     f"| {ours['sample_taken']:,} | {ours['point_avg'] / ours['effective_bound']:.2f}x |")
    lines.append("")
    for label, folder, rep in runs:
        lines.append(f"- {label}: `{bench_command(rep['parameters'], folder).replace(' --keep-tables', '')}`")
    return "\n".join(lines) + "\n"


#: The partitioned rounds runs, each in a block of its own (:func:`run_block`): its command and its
#: rounds (:func:`bench.rounds_report.partition_summary`). What each run is, the page says above it.
ROUNDS_PARTITIONED = ("docs/bench/rounds8-p100", "docs/bench/rounds8-p100-tiers2", "docs/bench/rounds8-p100-time-upserts",
                      "docs/bench/rounds8-p100-time-upserts-before", "docs/bench/rounds8-p100-mdt1",
                      "docs/bench/rounds4-p50-time-upserts", "docs/bench/rounds4-p50-time-upserts-before",
                      "docs/bench/rounds4-p50-time-upserts-builtin")


def rounds_partitioned_block(folder: str) -> str:
    """A run of :data:`ROUNDS_PARTITIONED`, round by round (:func:`bench.rounds_report.partition_summary`)."""
    import json
    from bench import rounds_report as rounds
    report = json.loads((REPO / folder / "results.json").read_text())
    return rounds.partition_summary(report, ROUNDS_LAYOUTS[1], folder)


#: Rounds runs whose plan time docs/scale.md sets beside the metadata table's delta commits since its
#: last compaction, as read before each plan: (a), (b)... in this order; the page says what each is.
PLAN_RUNS = ("docs/bench/rounds16-plan", "docs/bench/rounds16-plan-mdt1")


def plan_block() -> str:
    """The runs of :data:`PLAN_RUNS` in the checkout, round by round side by side: the plan's
    seconds and the metadata table's delta commits since its compaction; then each run's command."""
    import json
    from bench import rounds_report as rounds
    runs = [(folder, json.loads((REPO / folder / "results.json").read_text()))
            for folder in PLAN_RUNS if (REPO / folder / "results.json").exists()]
    if not runs:
        return ""
    layout = ROUNDS_LAYOUTS[1]
    by = [{r["round"]: r for r in rep["rounds"] if r["layout"] == layout} for _, rep in runs]
    lines = ["| round | " + " | ".join(f"plan s ({chr(97 + i)}) | metadata delta commits ({chr(97 + i)})"
                                      for i in range(len(runs))) + " |",
             "| --- |" + " --- | --- |" * len(runs)]
    for n in sorted(set().union(*by)):
        cells = []
        for rows in by:
            r = rows.get(n)
            cells.append(f"{r['plan_seconds']:.2f} | {r.get('metadata_deltas', '')}" if r else " | ")
        lines.append(f"| {n} | " + " | ".join(cells) + " |")
    lines.append("")
    for i, (folder, rep) in enumerate(runs):
        lines.append(f"- ({chr(97 + i)}) `{rounds.command(rep, folder)}`")
    return "\n".join(lines) + "\n"
