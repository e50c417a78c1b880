"""README.md's one generated block, ``readme-headline``: a table, no sentences (README's prose is
written in README.md; every other figure lives in docs/benchmarks.md and docs/layouts.md).

Files read per point query (over every value, ``every_query.json``) and clustering seconds
(``results.json``) of Hudi's built-in layout, ours and the best peer on points, from :data:`PEERS_RUN`."""
from __future__ import annotations

from .common import PeersRun

#: The fresh-layout run with every peer the README's headline table comes from.
PEERS_RUN = "docs/bench/n300-peers"
#: The layout of Hudi's own the headline compares with.
BUILTIN = "builtin-hilbert-sample"


def readme_headline() -> str:
    """Three rows: Hudi's built-in, ours, and the peer that read the fewest files per point query."""
    from bench.peers import is_peer
    run = PeersRun(PEERS_RUN)
    best = min((n for n in run.rows if is_peer(n)), key=lambda n: run.rows[n]["point_avg"])
    lines = ["| layout | files read per point query | clustering seconds |", "| --- | --- | --- |"]
    for label, name in (("Hudi's built-in", BUILTIN), ("hudi-layout", run.ours), ("best of Delta Lake and Iceberg", best)):
        lines.append(f"| {label} (`{name}`) | {run.rows[name]['point_avg']:.1f} "
                     f"| {run.timed[name]['cluster_seconds']:.0f} |")
    return "\n".join(lines) + "\n"
