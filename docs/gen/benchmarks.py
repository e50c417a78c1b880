"""docs/benchmarks.md's tables: the peers runs (a summary, then a block per run) and the peers rounds
runs. The sentences around them are the page's own, among them how each run ran."""
from __future__ import annotations

from .common import CLASSES, PeersRun, REPO
from .runs import (PEERS_RUNS, ROUNDS_PEERS)


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
    for label, folder in PEERS_RUNS:
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


def peers_run_block(folder: str) -> str:
    """A run of :data:`PEERS_RUNS` (its block is ``peers-`` and the folder's name): its command, every
    layout's files read over every query of each class (``every_query.json``), ours as a ratio to the
    best peer, its clustering time, bytes written and shuffled (``results.json``); then where each
    layout's time went (:func:`bench.bench_report.phase_breakdown`)."""
    from bench.bench_report import phase_breakdown
    run = PeersRun(folder)
    timed, rows, ours, best = run.timed, run.rows, run.ours, run.best_peer
    floor = timed["floor"]["cluster_seconds"]
    out = [f"`{run.command}`", "",
           "| layout | files | bound N^((d'-1)/d') | point (ours: x the best peer) | range | two-column | clustering s "
           "| vs the plain write | written MB | shuffled MB |", "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for name in ["floor"] + list(rows):
        t = timed[name]
        if name == "floor":
            cells = ["", "", ""]
        else:
            r = rows[name]
            cells = [f"{r[k]:.1f}" + (f" ({r[k] / best[k]:.2f}x)" if name == ours else "") for k in CLASSES]
        out.append(f"| {name} | {t['files']} | {t.get('effective_bound', t['bound']):.1f} | " + " | ".join(cells)
                   + f" | {t['cluster_seconds']:.1f} | {t['cluster_seconds'] / floor:.2f}x"
                   + f" | {t.get('bytes_written', 0) / 1e6:.0f} | {t['shuffle_bytes'] / 1e6:.0f} |")
    return "\n".join(out + ["", phase_breakdown(run.report)])
