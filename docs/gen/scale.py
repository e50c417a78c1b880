"""docs/scale.md's blocks: the partitioned runs (``scale-runs``), the documented benchmark at two
sizes (``scale-sizes``), the partitioned rounds runs (``scale-rounds``) and the continuous plan's
time beside the metadata table's log (``scale-plan``)."""
from __future__ import annotations

from .common import REPO, bench_command
from .runs import ROUNDS_LAYOUTS


#: The partitioned runs docs/scale.md shows (label, folder, a note on how it ran).
SCALE_RUNS = (("P = 50, dated rows (the partition column among the sort columns), each partition's grid weighed by its reach",
               "docs/bench/p50-dated", "beside another run: files read only"),
              ("P = 50, dated rows, before: every partition's columns weighed alike (the jar before PartitionReach)",
               "docs/bench/p50-dated-before", "beside the previous run: files read only"),
              ("P = 1000, alone on the machine, both floors writing the files a clustering writes", "docs/bench/p1000-fair",
               "Hudi's built-in stopped after 566 s with 72 of 1000 partitions laid out, in a run of the same "
               "command with builtin-hilbert-sample added (a Spark job per group, 7.9 s each)"),
              ("P = 1000, executors in JVMs of their own, the plain write beside ours", "docs/bench/p1000-lc-floor",
               "beside a CI run and other benchmarks: the driver's heap only, its times are not comparable; the "
               "floor ran first, so ours is read after the floor's table was written in the same driver"),
              ("P = 10, executors in JVMs of their own, the plain write beside ours", "docs/bench/p10-lc-floor",
               "beside other benchmarks and a helper's test runs: the driver's heap only, its times are not comparable; "
               "the floor ran first, as in p1000-lc-floor"),
              ("P = 1000, executors in JVMs of their own", "docs/bench/p1000-lc",
               "beside a CI run on this 2-core machine: the driver's heap only, its times are not comparable"),
              ("P = 10, executors in JVMs of their own", "docs/bench/p10-lc",
               "beside a CI run for part of it: the driver's heap only, its times are not comparable"),
              ("P = 1000, alone on the machine, before: the floor dealt 4 files a partition", "docs/bench/p1000-alone",
               "Hudi's built-in not run"),
              ("P = 10, alone on the machine, the same rows and files", "docs/bench/p10",
               "its floor's time includes a count of each partition's rows (15.1 s of its 139.5 s), which later "
               "runs make before the clock starts: without it the floor took 124.4 s and ours 1.03x"),
              ("P = 1000, every group in one Spark job", "docs/bench/p1000",
               "run beside another bench run on this 2-core machine; Hudi's built-in not run (a Spark job per "
               "group: at P = 100 it took 2.57x the plain write)"),
              ("P = 100, alone on the machine", "docs/bench/p100-alone",
               "its floor's time includes a count of each partition's rows (2.3 s of its 32.2 s), which later "
               "runs make before the clock starts: without it the floor took 29.9 s and ours 1.07x"),
              ("P = 100, every group in one Spark job", "docs/bench/p100",
               "run beside another bench run on this 2-core machine: its times are only for comparing layouts "
               "within the run"),
              ("P = 100, before: a Spark job per group (the jar before the one-job execution)",
               "docs/bench/p100-per-group-jobs",
               "run beside two or three other bench runs on this 2-core machine: its times are only for comparing "
               "layouts within the run"),
              ("P = 100 growing 100x, a sample of 4,000 rows (10 a file), each group's own allotment",
               "docs/bench/p100-growth100",
               "run beside the next run on this 2-core machine: files read only"),
              ("P = 100 growing 100x, a sample of 4,000 rows, before: one sample shared in proportion to rows "
               "(the jar before the allotment)", "docs/bench/p100-growth100-shared",
               "run beside the previous run: files read only"))


def scale_runs_block() -> str:
    """Per run of :data:`SCALE_RUNS` in the checkout: its command and its partition table
    (:func:`bench.bench_report.partition_table`)."""
    import json
    from bench.bench_report import partition_table
    out = []
    for label, folder, how in SCALE_RUNS:
        if not (REPO / folder / "results.json").exists():
            continue
        report = json.loads((REPO / folder / "results.json").read_text())
        command = bench_command(report["parameters"], folder).replace(" --keep-tables", "")
        out += [f"**{label}** (`{command}`" + (f"; {how}" if how else "") + "):", "", partition_table(report).strip(), ""]
    return "\n".join(out)


#: The documented benchmark at two sizes, alone on the machine, in one JVM and with executors in
#: JVMs of their own: (label, folder).
SIZE_RUNS = (("SSB scale 1 (6M rows), 1000 files", "docs/bench/scale1-f1000"),
             ("SSB scale 4 (24M rows), 1000 files", "docs/bench/scale4-f1000"),
             ("SSB scale 1, 1000 files, executors apart (times beside another run: heap only)",
              "docs/bench/scale1-f1000-lc"),
             ("SSB scale 4, 1000 files, executors apart (times beside other runs: heap only)", "docs/bench/scale4-f1000-lc"))


def size_runs_block() -> str:
    """:data:`SIZE_RUNS` in the checkout side by side: the floor's and our clustering's time,
    shuffle and driver heap after GC, our sample's rows and files per point query; then each run
    against the first run on the same Spark master."""
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
    firsts: dict = {}
    for label, folder, rep in runs:
        command = bench_command(rep["parameters"], folder).replace(" --keep-tables", "")
        first = firsts.setdefault(master(rep).split(",")[0], (label, rep))
        if first[1] is rep:
            lines.append(f"- {label}: `{command}`")
            continue
        rows, ours, floor = figures(rep)
        rows0, ours0, floor0 = figures(first[1])
        lines.append(f"- {label}: `{command}`; against {first[0]}: {rows / rows0:g}x the rows, our clustering "
                     f"{ours['cluster_seconds'] / ours0['cluster_seconds']:.2f}x the time (the floor "
                     f"{floor['cluster_seconds'] / floor0['cluster_seconds']:.2f}x), our driver heap "
                     f"{ours['heap_after_gc_bytes'] / ours0['heap_after_gc_bytes']:.2f}x (the floor's "
                     f"{floor['heap_after_gc_bytes'] / floor0['heap_after_gc_bytes']:.2f}x).")
    return "\n".join(lines) + "\n"


#: The partitioned rounds runs: (label, folder).
ROUNDS_PARTITIONED = (("P = 100, 8 rounds, rows in random order", "docs/bench/rounds8-p100"),
                      ("P = 100, 8 rounds, rows in random order, pending layers merged by pairs (merge_tiers=2; run "
                       "beside two other bench runs for its first rounds: its times are not comparable)",
                       "docs/bench/rounds8-p100-tiers2"),
                      ("P = 100, 8 rounds, time-ordered upserts (10% updates), 300 small files a round, each "
                       "partition's grid weighed by its reach, a plan's partitions listed at once", "docs/bench/rounds8-p100-time-upserts"),
                      ("P = 100, 8 rounds, time-ordered upserts, before: every partition's columns weighed alike "
                       "(the jar before PartitionReach and before the one listing)", "docs/bench/rounds8-p100-time-upserts-before"),
                      ("P = 100, 8 rounds, rows in random order, the metadata table compacted after every delta "
                       "commit (--hudi-option hoodie.metadata.compact.max.delta.commits=1)", "docs/bench/rounds8-p100-mdt1"),
                      ("P = 50, 4 rounds, time-ordered upserts (10% updates), each partition's grid weighed by its reach",
                       "docs/bench/rounds4-p50-time-upserts"),
                      ("P = 50, 4 rounds, time-ordered upserts, before: every partition's columns weighed alike (the jar "
                       "before PartitionReach)", "docs/bench/rounds4-p50-time-upserts-before"),
                      ("P = 50, 4 rounds, time-ordered upserts, Hudi's built-in Hilbert layout beside ours (ours shown; "
                       "the built-in in the prose above)", "docs/bench/rounds4-p50-time-upserts-builtin"))


def rounds_partitioned_block() -> str:
    """Each run of :data:`ROUNDS_PARTITIONED` in the checkout, round by round
    (:func:`bench.rounds_report.partition_summary`)."""
    import json
    from bench import rounds_report as rounds
    out = []
    for label, folder in ROUNDS_PARTITIONED:
        if (REPO / folder / "results.json").exists():
            report = json.loads((REPO / folder / "results.json").read_text())
            out += [f"**{label}**: " + rounds.partition_summary(report, ROUNDS_LAYOUTS[1], folder)]
    return "\n".join(out)


#: Rounds runs whose plan time docs/scale.md sets beside the metadata table's delta commits since its
#: last compaction, as read before each plan: (label, folder).
PLAN_RUNS = (("Hudi's default (the metadata table compacted every 10 of its delta commits)", "docs/bench/rounds16-plan"),
             ("the metadata table compacted after every delta commit", "docs/bench/rounds16-plan-mdt1"))


def plan_block() -> str:
    """The runs of :data:`PLAN_RUNS` in the checkout, round by round side by side: the plan's
    seconds and the metadata table's delta commits since its compaction; then each run's command."""
    import json
    from bench import rounds_report as rounds
    runs = [(label, folder, json.loads((REPO / folder / "results.json").read_text()))
            for label, folder in PLAN_RUNS if (REPO / folder / "results.json").exists()]
    if not runs:
        return ""
    layout = ROUNDS_LAYOUTS[1]
    by = [{r["round"]: r for r in rep["rounds"] if r["layout"] == layout} for _, _, rep in runs]
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
    for i, (label, folder, rep) in enumerate(runs):
        lines.append(f"- ({chr(97 + i)}) {label}: `{rounds.command(rep, folder)}`")
    return "\n".join(lines) + "\n"
