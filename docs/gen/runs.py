"""The runs under docs/bench that more than one page quotes (the rounds runs, the peers runs, the
layers runs, the formats runs), and what those pages read alike from them: :func:`rounds_block`
(docs/benchmarks.md's rounds tables) and :func:`_against_best_peers`. Renders no page
of its own."""
from __future__ import annotations

from typing import Sequence, Tuple

from .common import CLASSES, REPO, PeersRun

#: The layouts the growing-table summaries compare: Hudi's built-in and our continuous layout.
ROUNDS_LAYOUTS = ("builtin-hilbert-sample", "ours-hilbert-sample-continuous")
#: The ``bench --rounds`` runs docs/benchmarks.md shows first (label, folder of results.json): R = 32, a
#: first layout of 4 files, uniform rows by bulk insert beside time-ordered upserts.
ROUNDS_GROWTH = (("uniform rows, random order, bulk insert", "docs/bench/rounds32-first4"),
                 ("time-ordered upserts, 10% updates", "docs/bench/rounds32-first4-time-upserts"))
#: The runs docs/benchmarks.md adds for the continuous layout, each tuple of runs side by side (and every how many rounds a row):
#: skewed and correlated rows at R = 32; the R = 8 runs of uniform rows, time-ordered upserts (copy-on-write and
#: merge-on-read), skewed and correlated rows.
ROUNDS_OTHER = (((("skewed rows, bulk insert", "docs/bench/rounds32-first4-skewed"),
                  ("correlated rows, bulk insert", "docs/bench/rounds32-first4-correlated")), 4),
                ((("R = 8, uniform rows, bulk insert", "docs/bench/rounds8-first4"),
                  ("R = 8, time-ordered upserts", "docs/bench/rounds8-first4-time-upserts")), 2),
                ((("R = 8, time-ordered upserts, merge-on-read", "docs/bench/rounds8-first4-time-upserts-mor"),), 2),
                ((("R = 8, skewed rows", "docs/bench/rounds8-first4-skewed"),
                  ("R = 8, correlated rows", "docs/bench/rounds8-first4-correlated")), 2))


#: The ``bench --rounds`` runs with the peers docs/benchmarks.md shows, every format side by side.
ROUNDS_PEERS = (("R = 8, uniform rows, bulk insert", "docs/bench/rounds8-peers"),
                ("R = 8, time-ordered upserts, 10% updates", "docs/bench/rounds8-peers-time-upserts"))


#: The fresh-layout runs with the peers docs/benchmarks.md shows (label, folder): the headline run,
#: the same with one codec for every system, then the other data sets. How each ran, the page says.
PEERS_RUNS = (("uniform rows, each system's defaults", "docs/bench/n300-peers"),
              ("uniform rows, zstd for every system", "docs/bench/n300-peers-zstd"),
              ("uniform rows, zstd for every system, Hudi's column-stats parallelism 2", "docs/bench/n300-peers-zstd-mdt"),
              ("skewed rows", "docs/bench/n300-peers-skewed"),
              ("urls: long strings with shared prefixes", "docs/bench/n300-peers-urls"),
              ("correlated rows: 4 columns on 2 axes", "docs/bench/n300-peers-correlated"),
              ("dated rows: a DATE filter column", "docs/bench/n300-peers-dated"),
              ("uniform rows, N = 1000", "docs/bench/n1000-peers"),
              ("skewed rows, N = 1000", "docs/bench/n1000-peers-skewed"),
              ("urls, N = 1000, the peers with whole strings in their statistics", "docs/bench/n1000-peers-urls"),
              ("correlated rows, N = 1000", "docs/bench/n1000-peers-correlated"))




#: The issue's targets docs/layouts.md holds the rounds runs to: after the last round at most
#: 1.25x the bound on average and 1.5x on every column, every round at most 1.4x.
ROUND_TARGET = 1.4


#: The drift run before the region tree (R = 8, rows in ``p_brand`` order), which docs/layouts.md's
#: drift paragraphs of both the rounds and the layers runs quote.
DRIFT_BEFORE = "docs/bench/rounds8-drift"


#: The layers runs of docs/benchmarks.md (the code before the region tree): R = 8 rounds of 16,000 rows,
#: every round; R = 24 rounds of 5,333 rows, selected rounds; their layouts, built-in first.
LAYERS_RUNS = (("docs/bench/rounds8", None), ("docs/bench/rounds24", (1, 4, 8, 12, 16, 17, 18, 20, 24)))
LAYERS_LAYOUTS = ("builtin-hilbert-sample", "ours-hilbert-sample", "ours-hilbert-sample-continuous")


#: The runs docs/limits.md's clustering-time bullet compares: each system at its defaults, and zstd
#: for every system with Hudi's column-stats parallelism 2 (beside the same without it); docs/benchmarks.md's
#: codec and metadata-table paragraphs quote them too.
FORMATS_DEFAULTS = "docs/bench/n300-peers"
FORMATS_ZSTD = "docs/bench/n300-peers-zstd"
FORMATS_TUNED = "docs/bench/n300-peers-zstd-mdt"


def rounds_block(runs: Sequence[Tuple[str, str]], every: int = 4) -> str:
    """The runs' summary (:func:`bench.rounds_report.summary`) from their results.json."""
    import json
    from bench import rounds_report as rounds
    reports = [(label, folder, json.loads((REPO / folder / "results.json").read_text())) for label, folder in runs]
    return rounds.summary(reports, ROUNDS_LAYOUTS, every)


def _against_best_peers():
    """Over every run of :data:`PEERS_RUNS`: how ours reads against the best peer in every class
    ("fewer files than", or at most how many times the files of), and ours x the best peer on points."""
    runs = [PeersRun(folder) for _, folder in PEERS_RUNS if (REPO / folder / "every_query.json").exists()]
    worst = max(r.rows[r.ours][k] / r.best_peer[k] for r in runs for k in CLASSES)
    points = [r.rows[r.ours]["point_avg"] / r.best_peer["point_avg"] for r in runs]
    return ("fewer files than" if worst < 1 else f"at most {worst:.2f}x the files of"), points
