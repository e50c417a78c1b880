"""README.md's blocks: the first paragraph, the headline table beside the peers and the prose on
the growing table (rounds runs, peers rounds runs, skewed and correlated rows).

The prose beside the tables: paragraphs whose figures come from the same results.json files, each
written as one line."""
from __future__ import annotations

from .common import CLASSES, PeersRun, _ratio, _report, _rounds_of
from .runs import INTRO_RUN, ROUNDS_GROWTH, ROUNDS_LAYOUTS, ROUNDS_OTHER, ROUNDS_PEERS, _against_best_peers


#: The fresh-layout run with every peer the README's headline table comes from.
PEERS_RUN = "docs/bench/n300-peers"


def peers_headline() -> str:
    """Per layout of :data:`PEERS_RUN`: files, files read per point, range and two-column query over
    every query of each class (``every_query.json``), ours as a ratio to the best other layout,
    and clustering seconds against the plain write (``results.json``)."""
    run = PeersRun(PEERS_RUN)
    command, timed, rows, ours, keys, best = run.command, run.timed, run.rows, run.ours, CLASSES, run.best
    floor = timed["floor"]["cluster_seconds"]
    lines = [f"SSB scale 0.3 (1.8M rows, uniform) laid out into about 300 files (`{command}`; files read over "
             "every query of each class, counted from each system's own stats as its scan reads them):", "",
             "| layout | files | point | range | two-column | clustering s | vs a plain Hudi bulk insert |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for name, r in rows.items():
        cells = [f"{r[k]:.1f}" + (f" ({r[k] / best[k]:.2f}x the best other)" if name == ours else "") for k in keys]
        sec = timed[name]["cluster_seconds"]
        lines.append(f"| {name} | {r['files']} | " + " | ".join(cells) + f" | {sec:.1f} | {sec / floor:.2f}x |")
    # ours against the peers alone: the best peer per class, and each peer's clustering time
    from bench.peers import is_peer
    others = {n: r for n, r in rows.items() if is_peer(n)}
    best_peer = {k: min((others[n][k], n) for n in others)[1] for k in keys}
    mine = timed[ours]["cluster_seconds"]
    ratios = ", ".join(f"{rows[ours][k] / others[best_peer[k]][k]:.2f}x on {label} ({best_peer[k]})"
                       for k, label in zip(keys, ("points", "ranges", "two-column queries")))
    times = ", ".join(f"{mine / timed[n]['cluster_seconds']:.2f}x {n}'s" for n in others)
    lines += ["", f"Against the best peer of each class ours reads {ratios}; its clustering took {times} time."]
    return "\n".join(lines) + "\n"


def readme_intro() -> str:
    """README's first paragraph: files per point query over every value (``every_query.json``) of
    ours and of Hudi's built-in Hilbert layout in :data:`INTRO_RUN`, and the bound they are held to."""
    run = PeersRun(INTRO_RUN)
    ours, builtin = run.rows[run.ours], run.rows["builtin-hilbert-sample"]
    n = run.report["parameters"]["files"]
    return ("A layout-optimisation plugin for Apache Hudi's clustering service, with PySpark helpers. It rewrites a "
            "table's files so that rows close together in several filter columns at once share a file; the "
            "column-stats index in Hudi's metadata table then lets a query on any of those columns skip most files. "
            f"On the SSB wide table clustered into {n} files, a point query on any of three columns reads "
            f"{ours['point_avg']:.0f} files, the bound {n}^(2/3) for three equally used columns, where Hudi's built-in "
            f"Hilbert layout reads {builtin['point_avg']:.0f} on average over every value "
            "([benchmarks](docs/benchmarks.md)). Beside Hudi's built-in layout, Delta Lake's `OPTIMIZE ZORDER BY` and "
            "liquid clustering and Iceberg's z-order `rewrite_data_files`, each on the same rows in its own Spark "
            "session:\n")


def _worst_column(row: dict) -> float:
    """A round's worst column: files per point query over every value, x the bound."""
    return max(v / row["effective_bound"] for v in row["every"]["point"].values())


def peers_range() -> str:
    """README: ours against the best peer over every run of :data:`PEERS_RUNS`, the spread on points."""
    fewer, points = _against_best_peers()
    return ("On skewed, url-like, correlated and dated rows, and into 1000 files as well as 300, ours reads "
            f"{fewer} the best peer in every class, on points {min(points):.2f}-{max(points):.2f}x the best peer. "
            "Every data set, the same with one codec for every system, and where each system's time goes: "
            "[docs/benchmarks.md](docs/benchmarks.md#beside-delta-lake-and-iceberg).\n")


def rounds_growth_prose() -> str:
    """README: the last round of both runs of :data:`ROUNDS_GROWTH`, the bulk inserts' rewrite after
    8, 16 and 32 rounds, and the plan's seconds a round in each half of the rounds."""
    builtin, ours = ROUNDS_LAYOUTS
    (_, bulk), (_, upserts) = ROUNDS_GROWTH
    mine = [_rounds_of(bulk, ours), _rounds_of(upserts, ours)]
    theirs = [_rounds_of(bulk, builtin)[-1], _rounds_of(upserts, builtin)[-1]]
    end = [m[-1] for m in mine]
    rewrite = ", ".join(f"{mine[0][n - 1]['rewritten_vs_ingested']:.2f}" for n in (8, 16))
    halves = []
    for m in mine:
        plans = [r["plan_seconds"] for r in m]
        half = len(plans) // 2
        halves += [sum(plans[:half]) / half, sum(plans[half:]) / (len(plans) - half)]
    n = end[0]["round"]
    return (f"After {n} rounds, the table {n} times what its first clustering saw, the continuous layout reads "
            f"{_ratio(end[0])} the bound on uniform bulk inserts and {_ratio(end[1])} on time-ordered upserts, every "
            f"column at most {_worst_column(end[0]):.2f}x and {_worst_column(end[1]):.2f}x; Hudi's built-in reads "
            f"{_ratio(theirs[0])} and {_ratio(theirs[1])} and climbs with every round. A row is rewritten a few times "
            f"over the table's growth, not once per round: clusterings wrote {rewrite} and "
            f"{end[0]['rewritten_vs_ingested']:.2f} times the bytes ingested after 8, 16 and {n} rounds of bulk "
            "inserts (on upserts the ingested bytes include the files updates rewrote, so the figure is "
            f"{end[1]['rewritten_vs_ingested']:.2f}). The plan takes the same seconds late in the run as early "
            f"({min(halves):.1f}-{max(halves):.1f} s a round on average in each half).\n")


ROUNDS_PEER_NAMES = {"delta-liquid": "Delta", "iceberg-zorder": "Iceberg"}
ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth"}


def _against_peers(folder: str) -> str:
    """A peers rounds run after its last round: the peers' files per point query of their files,
    ours, and the rounds where a peer read fewer files than ours."""
    ours = ROUNDS_LAYOUTS[1]
    rows = {(r["round"], r["layout"]): r for r in _report(folder)["rounds"]}
    last = max(n for n, _ in rows)
    peers = [rows[(last, p)] for p in ROUNDS_PEER_NAMES]
    mine = rows[(last, ours)]
    lost = [(n, rows[(n, p)], rows[(n, ours)]) for n in range(1, last + 1) for p in ROUNDS_PEER_NAMES
            if rows[(n, p)]["every"]["point_avg"] < rows[(n, ours)]["every"]["point_avg"]]
    if len({r["files"] for r in peers + [mine]}) == 1:
        read = " and ".join(f"{p['every']['point_avg']:.1f}" for p in peers)
        text = f"{read} files per point query of {mine['files']}, ours {mine['every']['point_avg']:.1f}, "
    else:
        read = " and ".join(f"{p['every']['point_avg']:.1f} of {p['files']}" for p in peers)
        text = f"{read}, ours {mine['every']['point_avg']:.1f} of {mine['files']}, "
    text += f"{_ratio(mine)}; "
    if not lost:
        return text + "ours reads the fewest files after every round"
    text += "ours reads the fewest after every round but " + ", ".join(f"the {ORDINALS.get(n, n)}" for n, _, _ in lost)
    return text + "".join(f", where {ROUNDS_PEER_NAMES[p['layout']]}'s merge and rewrite left {p['files']} files "
                          f"against our {m['files']} and it read {p['every']['point_avg']:.1f} to our "
                          f"{m['every']['point_avg']:.1f}" for _, p, m in lost)


def rounds_peers_prose() -> str:
    """README: Delta's liquid clustering and Iceberg's z-order against ours after the last round of
    both runs of :data:`ROUNDS_PEERS`."""
    (_, bulk), (_, upserts) = ROUNDS_PEERS
    ends = [[_rounds_of(f, p)[-1] for p in ROUNDS_PEER_NAMES] for f in (bulk, upserts)]
    return ("Delta's liquid clustering (`OPTIMIZE` after each round) and Iceberg's z-order rewrite (its default "
            f"file selection after each round), grown through the same {ends[0][0]['round']} rounds of the same rows "
            "with their targets sized so each holds the files our table holds, end at "
            f"{_ratio(ends[0][0])} and {_ratio(ends[0][1])} the bound on uniform bulk inserts "
            f"({_against_peers(bulk)}) and at {_ratio(ends[1][0])} and {_ratio(ends[1][1])} "
            f"on time-ordered upserts ({_against_peers(upserts)}): see "
            "[Benchmarks](docs/benchmarks.md#files-read-while-a-table-keeps-growing-bench---rounds).\n")


def rounds_other_prose() -> str:
    """README: the skewed and correlated runs of :data:`ROUNDS_OTHER` after their last round, and
    the least rewrite any layout of layers needs to keep every round within 1.4x the bound
    (:func:`bench.frontier.min_rewrite`)."""
    from bench.frontier import min_rewrite
    builtin, ours = ROUNDS_LAYOUTS
    (_, skewed), (_, correlated) = ROUNDS_OTHER[0][0]
    skew, corr = _rounds_of(skewed, ours), _rounds_of(correlated, ours)
    report = _report(correlated)
    worst = 1.4
    least = min_rewrite(corr[-1]["round"], report["d_effective"], worst)
    reach = f"less than {least[0]:.2f}x rewritten" if least else "any rewrite"
    return ("Skewed and correlated rows, the R = 8 runs and merge-on-read are in "
            f"[Layouts](docs/layouts.md#measured-bench---rounds). Skewed rows read like uniform ones ({_ratio(skew[-1])} "
            f"after {skew[-1]['round']} rounds); on sort columns whose values move together ({report['d']} columns on "
            f"{report['d_effective']} independent axes) the layout drifts from the bound as the table grows, "
            f"{_ratio(corr[-1])} after {corr[-1]['round']} rounds and "
            f"{max(r['every_ratio_to_bound'] for r in corr):.2f}x at worst (the built-in "
            f"{_ratio(_rounds_of(correlated, builtin)[-1])}), where no layout that grows by layers keeps every round "
            f"within {worst}x for {reach} (`python -m bench.frontier`): see "
            "[Known limits](docs/limits.md).\n")
