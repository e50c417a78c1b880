"""docs/limits.md's blocks: clustering time against the other formats, the continuous layout's
limits, the cost of our layout and ``aligned=false``."""
from __future__ import annotations

from .common import (CLASSES, METADATA_PHASE, PeersRun, _by_round, _phase_seconds, _plain, _ratio, _report,
                     _rounds_of, _worst)
from .runs import (FORMATS_DEFAULTS, FORMATS_TUNED, FORMATS_ZSTD, INTRO_RUN, LAYERS_LAYOUTS, LAYERS_RUNS,
                   ROUNDS_OTHER, ROUND_TARGET)


def limits_formats() -> str:
    """docs/limits.md: our clustering's time against Delta's liquid clustering and Iceberg's z-order,
    with zstd and Hudi's column-stats parallelism 2 (:data:`FORMATS_TUNED`) and at each system's
    defaults (:data:`FORMATS_DEFAULTS`); the metadata-table stages with and without the parallelism."""
    ours, peers = "ours-hilbert-sample", ("delta-liquid", "iceberg-zorder")
    tuned, defaults = _report(FORMATS_TUNED), _report(FORMATS_DEFAULTS)
    t = {r["layout"]: r["cluster_seconds"] for r in tuned["layouts"]}
    d = {r["layout"]: r["cluster_seconds"] for r in defaults["layouts"]}
    before = _phase_seconds(_report(FORMATS_ZSTD), ours)[METADATA_PHASE]
    after = _phase_seconds(tuned, ours)[METADATA_PHASE]
    return ("- Clustering time against the other formats: our layout costs about what a plain Hudi write of the same "
            "rows costs, which is more than Delta's liquid clustering and Iceberg's z-order rewrite take on the same "
            "rows; the difference is Hudi's write (gzip by default, its meta columns, the metadata table), not the "
            "layout: [Beside Delta Lake and Iceberg](benchmarks.md#beside-delta-lake-and-iceberg) has the runs, stage "
            "by stage, and the same runs with zstd for every system. The codec stays the table owner's choice, as does "
            "Hudi's `hoodie.metadata.index.column.stats.parallelism` (200 tasks by default for every commit's column "
            f"stats; at 2 on this 2-core machine our clustering's metadata-table jobs took {after:.1f} s instead of "
            f"{before:.1f}). With both, ours took {t[ours] / t[peers[0]]:.2f}x Delta liquid's time and "
            f"{t[ours] / t[peers[1]]:.2f}x Iceberg's in one run ({t[ours]:.1f}, {t[peers[0]]:.1f} and "
            f"{t[peers[1]]:.1f} s); at each system's defaults {d[ours] / d[peers[0]]:.2f}x and "
            f"{d[ours] / d[peers[1]]:.2f}x.\n")


def limits_continuous() -> str:
    """docs/limits.md's bullet on the continuous layout: the R = 24 layers run's saw-tooth and rewrite
    (:data:`LAYERS_RUNS`), the correlated R = 32 run (:data:`ROUNDS_OTHER`) and what any layout of
    layers can reach there (:mod:`bench.frontier`)."""
    from bench.frontier import min_rewrite, min_worst
    builtin, plan, ours = LAYERS_LAYOUTS
    r24 = _by_round(LAYERS_RUNS[1][0])
    sawtooth = [rows[ours]["every_ratio_to_bound"] for n, rows in r24.items() if n > 1]
    last = r24[max(r24)]
    c, p = _plain(last, ours), _plain(last, plan)
    folder = ROUNDS_OTHER[0][0][1][1]
    report, corr = _report(folder), _rounds_of(folder, ours)
    axes, n, budget = report["d_effective"], corr[-1]["round"], 3.0
    over = [r for r in corr if round(r["every_ratio_to_bound"], 2) > ROUND_TARGET]
    least = min_rewrite(n, axes, ROUND_TARGET)
    return (
        "- Continuous layout: the first layout of a partition is one group, however large, and a region larger than "
        "`max.bytes.per.group` is laid out again as one group (regions split at twice `region_files` files, 64 for 3 "
        "sort columns by default, which bounds them in files, not bytes). Only bulk inserts write on the grid "
        "(`RegionWritePartitioner`, set by the layout's write options; Hudi reads it for `bulk_insert` only): files of "
        "inserts, upserts and other writers span the regions and are laid on the tree by the next clustering, and "
        "under a group limit a group takes whole file slices, so a due region laid out outside the group holding such "
        "files gets their rows back at once as a pending file (plain writes, a quarter of the table as the limit: "
        "1.29x the files per point query of one group after 8 rounds, in the run before writes on the grid). A bulk "
        "insert on the grid makes one file per region it reaches and runs one task per region of every partition "
        "with a tree (empty ones included), so a small write into a table of many partitions and regions makes many "
        "small files and tasks until the regions fall due or their layers merge. The root grid is never re-drawn: "
        "regions split only when they are due and have outgrown twice `region_files`, so a table that stays below "
        "that (the R = 8 runs: about 16 files a region) keeps its first cells, and query shares (not splits) balance "
        "the columns there. A merge-on-read slice lies where its base and log files' [min, max] together lie (Hudi "
        "1.2.0 keeps column stats for log files): an update that moves a row out of its region sends the whole file "
        "group back through the next clustering, and a slice whose log files have no stats counts as new rows. "
        "Updates do not count toward a region falling due (a slice's rows are its base file's). Layers come from the "
        "write statistics of the commits on the active timeline: a file group made before the oldest of them counts "
        "as the oldest layer. The merge policy is per region and regions grow alike on uniform ingestion, so merges "
        f"come in waves (the ratio saw-tooths round to round between {min(sawtooth):.2f}x and {max(sawtooth):.2f}x the "
        f"bound at R = {max(r24)}, [the measured rounds](layouts.md#measured-bench---rounds)); at R = {max(r24)} all "
        f"clusterings wrote {c / p:.1f} times what one clustering per round writes ({c:.2f} times the bytes plain "
        "writes of the same rows take). On sort columns whose values move together "
        f"({report['d']} columns on {axes} independent axes) the continuous layout drifts from the bound N^(1/2) as "
        f"the table grows: {_ratio(corr[-1])} after {n} rounds and over {ROUND_TARGET}x in {len(over)} of them (worst "
        f"{_ratio(_worst(corr))}, the built-in {_ratio(_rounds_of(folder, builtin)[-1])}), rewriting "
        f"{corr[-1]['rewritten_vs_ingested']:.2f}x the bytes ingested; a pending layer weighs more beside a base that "
        "reads n^(1/2) of its files, and falling due by reads instead of rows (tried, "
        "[layouts](layouts.md#measured-bench---rounds)) lowered the reads only for much more rewrite. No layout that "
        f"grows by layers can do both there: at R = {n} on {axes} independent axes, every round within {ROUND_TARGET}x "
        + (f"needs at least {least[0]:.2f}x rewritten" if least else "is out of reach") + f", and within {budget:g}x "
        f"the worst round is at least {min_worst(n, axes, budget):.2f}x (`python -m bench.frontier`, "
        "\"What layers can reach\" in [layouts](layouts.md#measured-bench---rounds)). Not with the `linear` curve. A "
        "partition's tree is read from the active timeline: if no clustering of that partition ran within Hudi's "
        "archival window, its next clustering lays it out afresh (`full`, a new grid), which is correct but rewrites "
        "it whole.\n")


#: The fresh-layout runs docs/limits.md's cost and curve bullets quote: (data, folder), the scale 1
#: run first, then the smaller sets (1.8M rows into 300 files).
COST_RUNS = (("uniform", INTRO_RUN), ("skewed", "docs/bench/n300-skewed"), ("urls", "docs/bench/n300-urls"),
             ("correlated", "docs/bench/n300-correlated"))
SAMPLE_PHASE, READ_PHASE, WRITE_PHASE = ("scan without shuffle (sample, stats)", "read, shuffle write",
                                         "shuffle read, sort, write")


def _span(values, fmt: str = ".2f") -> str:
    return f"{min(values):{fmt}}-{max(values):{fmt}}"


def limits_cost() -> str:
    """docs/limits.md's cost bullet: ours against the floor and the built-in in :data:`COST_RUNS`, the
    skewed run's shuffle bytes, and where the scale 1 run's time went (:func:`_phase_seconds`)."""
    ours, builtin = "ours-hilbert-sample", "builtin-hilbert-sample"
    figures = []
    for _, folder in COST_RUNS:
        report = _report(folder)
        t = {r["layout"]: r for r in report["layouts"]}
        figures.append((report, t[ours], t[builtin], t["floor"]))
    (big, o, b, f), small = figures[0], figures[1:]
    floor_x = [x[1]["cluster_seconds"] / x[3]["cluster_seconds"] for x in small]
    builtin_x = [x[1]["cluster_seconds"] / x[2]["cluster_seconds"] for x in small]
    shuffle_x = [x[1]["shuffle_bytes"] / x[2]["shuffle_bytes"] for x in small]
    skewed = figures[1]
    samples = [_phase_seconds(x[0], ours)[SAMPLE_PHASE] for x in small]
    mine, plain = _phase_seconds(big, ours), _phase_seconds(big, "floor")
    return (
        f"- Cost ([Benchmarks](benchmarks.md)): at SSB scale 1 into {big['parameters']['files']} files our default "
        f"layout took {o['cluster_seconds'] / f['cluster_seconds']:.2f}x a plain `bulk_insert` of the same rows (the "
        f"floor) and {o['cluster_seconds'] / b['cluster_seconds']:.2f}x the built-in Hilbert/sample, shuffling "
        f"{o['shuffle_bytes'] / b['shuffle_bytes']:.2f}x its bytes. On the smaller sets (1.8M rows into 300 files) it "
        f"took {_span(floor_x)}x the floor and {_span(builtin_x)}x the built-in, and shuffled {_span(shuffle_x)}x the "
        "built-in's bytes. A single run's times vary more than these margins: two skewed runs of the same code took "
        f"37.1 s and {skewed[1]['cluster_seconds']:.1f} s for ours, 92.8 s and {skewed[2]['cluster_seconds']:.1f} s for "
        "the built-in (the first shared the machine with a lint run for a few seconds), and a correlated run once "
        "took 1.32x the floor, every stage of it slower than in the layout after it. Rows cross our shuffle packed "
        "(`spark/PackedRows`: each 8-byte word of Spark's row format as a byte naming its non-zero bytes, then those "
        f"bytes): {skewed[1]['shuffle_bytes'] / 1e6:.1f} MB on skewed data where the floor, which shuffles Spark's rows "
        f"whole, wrote {skewed[3]['shuffle_bytes'] / 1e6:.1f} and the built-in, Kryo-serialized rows, "
        f"{skewed[2]['shuffle_bytes'] / 1e6:.1f}. Unpacked, ours were 353.9 MB: Spark's row format pads every field to "
        "8 bytes, and we keep each row's commit time and sequence number, which a new write leaves empty. What we add "
        "to the floor is the sample pass (a columnar read of the sort columns and the record key: "
        f"{mine[SAMPLE_PHASE]:.1f} s at scale 1, {_span(samples, '.1f')} s at 1.8M rows; the row count comes from the "
        "commits, not a count job), the grid search and cut plan on the driver (about 1 s), and the tagging and "
        f"packing in the read stage ({mine[READ_PHASE]:.1f} s against the floor's {plain[READ_PHASE]:.1f} s at scale "
        f"1). Hudi writing the files and their column stats is most of either run ({mine[WRITE_PHASE]:.1f} s of our "
        f"{o['cluster_seconds']:.1f} s, {plain[WRITE_PHASE]:.1f} s of the floor's {f['cluster_seconds']:.1f} s).\n")


def limits_curve() -> str:
    """docs/limits.md's bullet on ``aligned=false``: the curve layout against the built-in over every
    query of each class (``every_query.json``) in each run of :data:`COST_RUNS`."""
    sets = []
    for data, folder in COST_RUNS:
        rows = PeersRun(folder).rows
        curve, builtin = rows["ours-hilbert-sample-curve"], rows["builtin-hilbert-sample"]
        ratios = [curve[k] / builtin[k] for k in CLASSES]
        sets.append((data, ratios))
    fewer = all(r < 1 for _, ratios in sets for r in ratios)
    quoted = ", ".join(f"{a:.2f}x, {b:.2f}x and {c:.2f}x" + (" the built-in's files" if i == 0 else "") + f" on {d} data"
                       for i, (d, (a, b, c)) in enumerate(sets[:-1]))
    a, b, c = sets[-1][1]
    return (
        "- `aligned=false` (files cut along the curve, each end moved to a curve block within half the tolerance) "
        + ("reads fewer files than" if fewer else "does not always read fewer files than")
        + " the built-in on every class of every measured set, averaged over every query of each class "
        f"(`every_query`, [Benchmarks](benchmarks.md)): points, ranges and two-column conjunctions read {quoted} and "
        f"{a:.2f}x, {b:.2f}x and {c:.2f}x on {sets[-1][0]} data. Cut at equal counts, as it was before files ended on "
        "curve blocks, it read what the built-in reads: 0.99-1.005x on uniform, skewed and urls data, within the 0.5% "
        "the built-in's own averages move from run to run. The default, aligned layout reads fewer than either on "
        "every class of every measured set. Single ranges can still read more than the built-in's: the sample "
        "mapping gives each value one coordinate, and the files along the curve mix a heavy value's rows with its "
        "neighbours' (in an earlier run, 176 files against 103 on the 12 rare `c_city` values beside the heavy one).\n")
