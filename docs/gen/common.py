"""What every page's renderers share: the checkout's paths, the block markers, a run's results
(:func:`_report`, :func:`_rounds_of`, :func:`_by_round`, :class:`PeersRun`), the ``bench`` command
that made a run (:func:`bench_command`) and the ratios and phases the prose quotes. Renders no page."""
from __future__ import annotations

import re
from pathlib import Path

from hudi_layout.jarpaths import checkout_root

REPO = checkout_root() or Path.cwd()  # the pages and their generated blocks live in a checkout
README = REPO / "README.md"


def _block(name: str) -> re.Pattern:
    return re.compile(r"(<!-- %s:begin -->\n)(.*?)(<!-- %s:end -->)" % (name, name), re.S)


def current(name: str, text: str, page: str = "README.md") -> str:
    """The text between ``name``'s markers in ``text``, the text of ``page``."""
    m = _block(name).search(text)
    if not m:
        raise SystemExit(f"{page} has no {name} markers")
    return m.group(2)


#: a run's averages over every query of each class: point, range, two-column
CLASSES = ("point_avg", "range_avg", "and_avg")


class PeersRun:
    """A fresh-layout run kept in ``folder``: its command, its layouts as measured (``timed``, from
    results.json), the clustered layouts' averages over every query (``rows``, from
    every_query.json), our layout's name and, per class, the fewest files any other layout read."""

    def __init__(self, folder: str):
        import json
        report = json.loads((REPO / folder / "results.json").read_text())
        every = json.loads((REPO / folder / "every_query.json").read_text())
        self.report = report
        self.command = bench_command(report["parameters"], folder)
        self.timed = {r["layout"]: r for r in report["layouts"]}
        self.rows = {r["layout"]: r for r in every["layouts"] if r["layout"] not in ("random", "floor")}
        self.ours = next(n for n in self.rows if n.startswith("ours-"))
        self.best = {k: min(r[k] for n, r in self.rows.items() if n != self.ours) for k in CLASSES}
        from bench.peers import is_peer
        peers = [r for n, r in self.rows.items() if is_peer(n)]
        self.best_peer = {k: min(r[k] for r in peers) for k in CLASSES} if peers else self.best


def bench_command(params: dict, folder: str) -> str:
    """The ``bench`` command line that makes a run of ``params`` (a results.json's) in ``folder``."""
    size = f"--rows {params['rows']}" if params.get("rows") else f"--scale {params['scale']:g}"
    parts = ["python -m bench", size, f"--files {params['files']}", f"--queries {params['queries']}"]
    if params.get("memory"):
        parts.append(f"--memory {params['memory']}")
    if params.get("master"):
        parts.append(f"--master {params['master']}")
    if params.get("variant", "uniform") != "uniform":
        parts.append(f"--variant {params['variant']}")
    if params.get("codec"):
        parts.append(f"--codec {params['codec']}")
    if params.get("sample_size", 200_000) != 200_000:
        parts.append(f"--sample-size {params['sample_size']}")
    parts += [f"--hudi-option {pair}" for pair in params.get("hudi_option") or []]
    if params.get("partitions"):
        parts.append(f"--partitions {params['partitions']}")
        if params.get("partition_column") and params["partition_column"] != "lo_orderdate":
            parts.append(f"--partition-column {params['partition_column']}")
        if params.get("partition_growth"):
            parts.append(f"--partition-growth {params['partition_growth']:g}")
    if not params.get("warmup", True):
        parts.append("--no-warmup")
    parts += [f"--layouts {params['layouts']}", "--keep-tables", f"--out {folder}"]
    return " ".join(parts)


def _report(folder: str) -> dict:
    import json
    return json.loads((REPO / folder / "results.json").read_text())


def _rounds_of(folder: str, layout: str) -> list:
    """``layout``'s rows of a ``bench --rounds`` run, round by round."""
    return [r for r in _report(folder)["rounds"] if r["layout"] == layout]


def _ratio(row: dict) -> str:
    return f"{row['every_ratio_to_bound']:.2f}x"


def _worst(rows: list) -> dict:
    return max(rows, key=lambda r: r["every_ratio_to_bound"])


def _by_round(folder: str) -> dict:
    """A rounds run's rows by round, then by layout."""
    rows: dict = {}
    for r in _report(folder)["rounds"]:
        rows.setdefault(r["round"], {})[r["layout"]] = r
    return rows


def _plain(rows: dict, name: str) -> float:
    """A layout's bytes rewritten so far over the bytes the random table's plain writes took."""
    return rows[name]["rewritten_bytes"] / rows["random"]["ingested_bytes"]


METADATA_PHASE = "other stages (metadata table, commit jobs)"


def _phase_seconds(report: dict, layout: str) -> dict:
    """A layout's seconds per phase (:data:`bench.bench_report.PHASES`), as
    :func:`bench.bench_report.phase_breakdown` adds them up."""
    from bench.bench_report import PHASES, phase
    r = next(x for x in report["layouts"] if x["layout"] == layout)
    rows = max(max(s["input_rows"], s["shuffle_read_rows"]) for s in r["stages"])
    secs = {p: 0.0 for p in PHASES}
    for s in r["stages"]:
        secs[phase(s, rows, report["parameters"].get("files", 0))] += s["seconds"]
    return secs

