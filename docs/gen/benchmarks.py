"""docs/benchmarks.md's blocks: the headline, the peers runs (summary, tables, spread, correlated
rows), the peers rounds runs, the codec and bloom-filter bullet and Hudi's metadata-table jobs."""
from __future__ import annotations

from .common import CLASSES, METADATA_PHASE, PeersRun, REPO, _phase_seconds, _report
from .runs import (FORMATS_DEFAULTS, FORMATS_TUNED, FORMATS_ZSTD, INTRO_RUN, PEERS_RUNS, ROUNDS_PEERS,
                   _against_best_peers)


def rounds_peers_block() -> str:
    """The runs of :data:`ROUNDS_PEERS` (:func:`bench.rounds_report.formats`)."""
    import json
    from bench import rounds_report as rounds
    return rounds.formats([(label, folder, json.loads((REPO / folder / "results.json").read_text()))
                           for label, folder in ROUNDS_PEERS], every=1)


def peers_summary() -> str:
    """One line per run of :data:`PEERS_RUNS` in the checkout: N, and per class the files ours read
    over every query against the best peer variant's, with that variant's name."""
    from bench.peers import is_peer
    lines = ["| run | N | point: ours vs the best peer | range | two-column |", "| --- | --- | --- | --- | --- |"]
    for label, folder, _ in PEERS_RUNS:
        if not (REPO / folder / "every_query.json").exists():
            continue
        run = PeersRun(folder)
        mine = run.rows[run.ours]
        cells = []
        for k in CLASSES:
            value, name = min((r[k], n) for n, r in run.rows.items() if is_peer(n))
            cells.append(f"{mine[k]:.1f} vs {value:.1f} ({mine[k] / value:.2f}x, {name})")
        lines.append(f"| [{label}]({folder[len('docs/'):]}/results.md) | {run.report['parameters']['files']} | "
                     + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def peers_runs_block() -> str:
    """Per run of :data:`PEERS_RUNS` that is in the checkout: every layout's files read over every
    query of each class (``every_query.json``), ours as a ratio to the best other layout, its
    clustering time, bytes written and shuffled (``results.json``); then where each layout's time
    went (:func:`bench.bench_report.phase_breakdown`)."""
    from bench.bench_report import phase_breakdown
    from bench.writes import BLOOM_ENTRIES_KEY
    out = []
    for label, folder, how in PEERS_RUNS:
        if not (REPO / folder / "every_query.json").exists():
            continue
        run = PeersRun(folder)
        report, timed, rows, ours, keys, best = run.report, run.timed, run.rows, run.ours, CLASSES, run.best_peer
        floor = timed["floor"]["cluster_seconds"]
        sized = BLOOM_ENTRIES_KEY in report.get("hudi_write_options", {})
        notes = [how] if how else []
        if not sized:
            notes.append("run before the bench sized Hudi's bloom filter to the rows per file, so Hudi's tables "
                         "here carry its default 431 KB in every file, in their time and bytes")
        out += [f"**{label}** (`{run.command}`" + "".join(f"; {n}" for n in notes) + "):", "",
                "| layout | files | bound N^((d'-1)/d') | point (ours: x the best peer) | range | two-column | clustering s "
                "| vs the plain write | written MB | shuffled MB |", "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
        for name in ["floor"] + list(rows):
            t = timed[name]
            if name == "floor":
                cells = ["", "", ""]
            else:
                r = rows[name]
                cells = [f"{r[k]:.1f}" + (f" ({r[k] / best[k]:.2f}x)" if name == ours else "") for k in keys]
            out.append(f"| {name} | {t['files']} | {t.get('effective_bound', t['bound']):.1f} | " + " | ".join(cells)
                       + f" | {t['cluster_seconds']:.1f} | {t['cluster_seconds'] / floor:.2f}x"
                       + f" | {t.get('bytes_written', 0) / 1e6:.0f} | {t['shuffle_bytes'] / 1e6:.0f} |")
        out += ["", "Where the time went, in seconds of Spark stages (read alike for every system from "
                "each stage's rows and shuffle):", "", phase_breakdown(report)]
    return "\n".join(out)


def bench_headline() -> str:
    """docs/benchmarks.md's headline: :data:`INTRO_RUN`, ours against the built-in over every query of
    each class (``every_query.json``), and its clustering time and shuffle (``results.json``)."""
    import json
    run = PeersRun(INTRO_RUN)
    every = json.loads((REPO / INTRO_RUN / "every_query.json").read_text())
    ours, builtin = run.rows[run.ours], run.rows["builtin-hilbert-sample"]
    mine, theirs, floor = run.timed[run.ours], run.timed["builtin-hilbert-sample"], run.timed["floor"]
    n, cols = run.report["parameters"]["files"], every["filter_columns"]
    per = sorted({f"{v:.1f}" for v in ours["point"].values()})
    point = (f"{per[0]} files per point query on each of " if len(per) == 1 else
             f"{ours['point_avg']:.1f} files per point query on average over ") + \
        ", ".join(f"`{c}`" for c in cols[:-1]) + f" and `{cols[-1]}`"
    return ("The headline: on the SSB wide table at scale 1 (6M rows) clustered into "
            f"{n} files, our default layout reads {point}, the bound N^((d-1)/d) = {n}^(2/3) for three equally used "
            f"columns, against {builtin['point_avg']:.1f} with Hudi's built-in Hilbert/sample layout, "
            f"{ours['range_avg']:.1f} files per range query against {builtin['range_avg']:.1f}, and "
            f"{ours['and_avg']:.1f} per two-column conjunction against {builtin['and_avg']:.1f} (every value, range "
            f"position and {every['rows']} random rows, counted from the column stats: "
            "[the table](#files-read-per-query-make-bench)). Its clustering took "
            f"{mine['cluster_seconds'] / floor['cluster_seconds']:.2f}x a plain `bulk_insert` of the same rows and "
            f"{mine['cluster_seconds'] / theirs['cluster_seconds']:.2f}x the built-in's time, and shuffled "
            f"{mine['shuffle_bytes'] / theirs['shuffle_bytes']:.2f}x the built-in's bytes.\n")


def peers_spread() -> str:
    """docs/benchmarks.md: ours against every peer's best variant over :data:`PEERS_RUNS`, the spread on points."""
    fewer, points = _against_best_peers()
    return ("The N = 1000 runs are at the same scale (1.8M rows, 1,800 rows a file). Ours reads "
            f"{fewer} every peer's best variant in every class of every run, on points "
            f"{min(points):.2f}-{max(points):.2f}x the best peer.\n")


def metadata_jobs() -> str:
    """docs/benchmarks.md: Hudi's column-stats parallelism at 2 (:data:`FORMATS_TUNED`) against its
    default (:data:`FORMATS_ZSTD`): the metadata-table stages and the clustering times of both runs."""
    ours, floor, liquid = "ours-hilbert-sample", "floor", "delta-liquid"
    tuned, plain = _report(FORMATS_TUNED), _report(FORMATS_ZSTD)
    t = {r["layout"]: r["cluster_seconds"] for r in tuned["layouts"]}
    p = {r["layout"]: r["cluster_seconds"] for r in plain["layouts"]}

    def jobs(name: str) -> str:
        return (f"{_phase_seconds(tuned, name)[METADATA_PHASE]:.1f} s instead of "
                f"{_phase_seconds(plain, name)[METADATA_PHASE]:.1f}")
    return ("**Hudi's metadata-table jobs.** After every commit, a clustering's or a write's, Hudi writes the "
            "column-stats records of the files it wrote into the metadata table in "
            "`hoodie.metadata.index.column.stats.parallelism` tasks, 200 by default: the 201-task stages (with the "
            "files partition's one) in the stage tables below, about a second each on 2 cores for 1,800 records. Set "
            "to the cores the job runs on (2 here, with `bench --hudi-option "
            "hoodie.metadata.index.column.stats.parallelism=2`), the metadata-table and commit jobs of our clustering "
            f"took {jobs(ours)} and those of the plain write {jobs(floor)} "
            f"([`{FORMATS_TUNED[len('docs/bench/'):]}`]({FORMATS_TUNED[len('docs/'):]}/results.md) against "
            f"`{FORMATS_ZSTD[len('docs/bench/'):]}`, both alone on the machine, zstd for all): our clustering "
            f"{t[ours]:.1f} s against {p[ours]:.1f}, the plain write {t[floor]:.1f} against {p[floor]:.1f}. The setting "
            "changes nothing the table holds; it is the table owner's, and the plugin leaves it alone. In the same pair "
            f"of runs Delta's liquid clustering, which the option does not touch, took {t[liquid]:.1f} s and "
            f"{p[liquid]:.1f} s: the noise between two runs here is that large, so a cost comparison within a few "
            "tenths needs repeated runs.\n")


#: The correlated runs with the peers docs/benchmarks.md explains, N = 1000 then N = 300, and the peer
#: they are held against.
CORRELATED_PEERS = ("docs/bench/n1000-peers-correlated", "docs/bench/n300-peers-correlated")
CORRELATED_PEER = "iceberg-zorder"
URLS_PEERS = "docs/bench/n1000-peers-urls"


def correlated_peers() -> str:
    """docs/benchmarks.md: ours against Iceberg's z-order per column on the correlated runs
    (:data:`CORRELATED_PEERS`, ``every_query.json``), our grid's slices per axis, and the files
    Iceberg's full-statistics rewrite wrote on :data:`URLS_PEERS`."""
    big, small = (PeersRun(folder) for folder in CORRELATED_PEERS)
    cols = big.report["filter_columns"]
    mine, theirs = big.rows[big.ours], big.rows[CORRELATED_PEER]
    slices = [int(b) for b in big.timed[big.ours]["buckets"].split(",")]
    urls = PeersRun(URLS_PEERS)
    wrote = {n: r["files"] for n, r in urls.timed.items() if n.startswith("iceberg")}
    short = min(wrote, key=lambda n: wrote[n])
    n = urls.report["parameters"]["files"]

    def per(row: dict) -> str:
        return " / ".join(f"{row['point'][c]:.0f}" for c in cols)
    return ("On correlated rows the two coarse columns decide it: `s_nation` and `p_category` hold 25 values each, "
            "every one a block of 10 cities or 40 brands on its axis, so a point query on one reads no fewer than "
            "N / 25 = 40 files. A grid that cuts each axis into about 32 slices of equal rows, blind to where a nation "
            "or a category ends, puts most values' blocks across two or three slices: ours read 69 files on each of "
            "them that way (0.94x Iceberg's z-order on points at N = 1000, before the change). The grid search now also "
            "tries cuts that follow the dependent column's values along its determinant (a nation's cities lie "
            "together in the cities' order, so its block's ends are cuts) and keeps them where its estimate on the "
            f"sample says they read less: at N = {big.report['parameters']['files']} ours reads {per(mine)} files on "
            + " / ".join(f"`{c}`" for c in cols) + f" ({slices[0]} slices on the city axis and {slices[2]} on the brand "
            f"axis, every nation's and category's ends among the cuts), against Iceberg's {per(theirs)}, and "
            f"{mine['point_avg'] / theirs['point_avg']:.2f}x Iceberg's on points; at N = "
            f"{small.report['parameters']['files']}, "
            f"{small.rows[small.ours]['point_avg'] / small.rows[CORRELATED_PEER]['point_avg']:.2f}x. On `urls` at "
            f"N = {n}, Iceberg's rewrite with full statistics wrote {wrote[short]} files for the {n} asked (626 tasks in "
            f"its sort; the other data sets got {n}), so its averages there are for {wrote[short]} files.\n")


#: The zstd run before the bench sized Hudi's bloom filter, beside :data:`FORMATS_DEFAULTS` (gzip, unsized)
#: and :data:`FORMATS_ZSTD` (zstd, sized).
FORMATS_UNSIZED = "docs/bench/n300-peers-zstd-unsized"


def codec_bytes() -> str:
    """docs/benchmarks.md's bullet on codecs and bloom filters: the codec alone (:data:`FORMATS_DEFAULTS`
    against :data:`FORMATS_UNSIZED`) and the sizing alone (against :data:`FORMATS_ZSTD`), in seconds and bytes."""
    gzip, unsized, sized = ({r["layout"]: r for r in _report(f)["layouts"]}
                            for f in (FORMATS_DEFAULTS, FORMATS_UNSIZED, FORMATS_ZSTD))
    ours = "ours-hilbert-sample"
    return ("- **Codec and bytes.** Hudi writes gzip by default, Delta snappy, Iceberg zstd; Hudi's files also hold its "
            "five `_hoodie_*` meta columns (two of them, the record key and the sequence number, one distinct string a "
            "row) and, in every footer, a bloom filter of the file's record keys. Hudi sizes that filter for 60,000 "
            "keys unless told otherwise (`hoodie.index.bloom.num_entries`): 431 KB a file at its false-positive rate "
            "of 1e-9, nothing beside a file of 120 MB but 129 of the 210 MB that 300 files of about 6,000 rows each "
            "took in a zstd run of these layouts before the sizing (read from the files' footers and column chunks "
            "with pyarrow: the column data was 78 MB, Delta's 65 MB). Since Hudi's filter keeps its false-positive "
            "rate at any size (it grows past the size it is given), the bench sizes it for its rows per file on every "
            "Hudi table (the random table, the floor, every layout), as a user with files this small would; runs from "
            "before that say so. The codec is the table owner's choice (`hoodie.parquet.compression.codec`), which the "
            "plugin leaves alone. The two uniform runs below differ in both (the defaults run predates the sizing); "
            "the codec alone, in two runs before the sizing (the defaults run below and "
            f"[`{FORMATS_UNSIZED[len('docs/bench/'):]}`]({FORMATS_UNSIZED[len('docs/'):]}/results.md)), took our "
            f"clustering from {gzip[ours]['cluster_seconds']:.1f} to {unsized[ours]['cluster_seconds']:.1f} s and the "
            f"plain write from {gzip['floor']['cluster_seconds']:.1f} to {unsized['floor']['cluster_seconds']:.1f} s, "
            "and the sizing alone, both with zstd, took the plain write from "
            f"{unsized['floor']['cluster_seconds']:.1f} to {sized['floor']['cluster_seconds']:.1f} s and its bytes from "
            f"{unsized['floor']['bytes_written'] / 1e6:.0f} to {sized['floor']['bytes_written'] / 1e6:.0f} MB.\n")
