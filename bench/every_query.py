"""Files read per query class over every query of the class, not a sample of it.

    python -m bench.every_query DIR [--rows 3000] [--seed 1] [--memory 4g]

DIR is the output folder of a ``bench`` run made with ``--keep-tables``. For each layout's table it
counts, from the [min, max] of each live file slice's files in the table's column-stats index (what
data skipping reads: the base file and, on a merge-on-read table, its log files; for a peer, each
data file's bounds in its own stats, Delta's log or Iceberg's manifests, as the peer's run saved
them in ``bounds.json``), the files that
- a point query reads, for every value of each filter column;
- a range query reads, for every range of len(values) // 20 consecutive values of each column
  (the width of the bench's ranges), at every position;
- a two-column conjunction reads, for the values of ``--rows`` random rows on each column pair of
  :func:`bench.queries.column_pairs` (rows, not distinct pairs: as the bench draws them).

The bench's class averages are over a few random queries each (``--queries``), and where a range
lies decides much of what it reads, so two layouts' sampled averages can rank them the wrong way
round; these averages are the expectations the samples estimate. Every query the bench ran is
counted here too and must equal the files Spark read for it (``results.json``), which checks that
the counting is what skipping does. Writes ``every_query.md`` and ``every_query.json`` in DIR.
"""
from __future__ import annotations

import argparse
import datetime
import json
import re
import sys
from pathlib import Path
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from hudi_layout import report as layout_report
from . import peers
from .layouts import builtin_twin
from .queries import column_pairs
from .sessions import session

RANGE_SHARE = 20  # a range holds len(values) // RANGE_SHARE consecutive values, as the bench's do
POINT = re.compile(r"^(\w+) = '(.*)'$")
RANGE = re.compile(r"^(\w+) BETWEEN '(.*)' AND '(.*)'$")
CONJUNCTION = re.compile(r"^(\w+) = '(.*)' AND (\w+) = '(.*)'$")
EPOCH = datetime.date(1970, 1, 1)


class FileBounds:
    """Per filter column, the [min, max] of each file of a table, and which slice (what a scan
    counts as one file) each file belongs to. A query reads a slice when one of its files' [min,
    max] meets every condition; a file whose bounds a system did not keep for a column (None) meets
    every condition on it. Built from a Hudi table's column-stats index (:meth:`of_hudi`) or from a
    peer's own stats (:meth:`of_peer`)."""

    def __init__(self, files: int, slice_of: Iterable[int], low: Mapping[str, Sequence], high: Mapping[str, Sequence],
                 dates: Iterable[str] = (), partitions: Sequence[str] = ()):
        self.files = files
        self.slice_of = np.asarray(list(slice_of), dtype=np.int64)
        self.dates = set(dates)
        self.partitions = list(partitions)  # each slice's partition path (a Hudi table's; else empty)
        self.low: Dict[str, np.ndarray] = {}
        self.high: Dict[str, np.ndarray] = {}
        self.open: Dict[str, np.ndarray] = {}
        for c in low:
            lo, hi = list(low[c]), list(high[c])
            known = [v for v in lo + hi if v is not None]
            fill = known[0] if known else 0
            self.open[c] = np.array([a is None or b is None for a, b in zip(lo, hi)], dtype=bool)
            self.low[c] = np.array([fill if v is None else v for v in lo], dtype=object)
            self.high[c] = np.array([fill if v is None else v for v in hi], dtype=object)

    @classmethod
    def of_peer(cls, data: dict, columns: Sequence[str]) -> "FileBounds":
        """From a peer's ``bounds.json`` (:func:`bench.peers.bounds_json`): one file per
        slice, as Delta's and Iceberg's scans count data files."""
        missing = [c for c in columns if c not in data["low"]]
        if missing:
            raise ValueError(f"the peer's bounds hold no column {missing[0]}")
        n = len(data["files"])
        return cls(n, range(n), {c: data["low"][c] for c in columns}, {c: data["high"][c] for c in columns},
                   data.get("dates", ()))

    @classmethod
    def of_hudi(cls, spark, path: str, columns: Sequence[str], unindexed_read: bool = False) -> "FileBounds":
        """From the column-stats index of the Hudi table at ``path``: each live slice's base file
        and, on a merge-on-read table, its log files, as Hudi's data skipping keeps a slice when any
        of its files is a candidate; slices counted as Spark's ``numFiles`` does. A file without an
        entry for a filter column cannot be counted (ValueError), unless ``unindexed_read``: then
        every query on the column reads it, as data skipping does with a file the index lacks (the
        files written before the column was indexed)."""
        # The snapshot is read first: in a session that has not read the data table, Hudi 1.2.0
        # fails to read its metadata table (ArrayIndexOutOfBoundsException merging its records).
        snap = layout_report._snapshot(spark, path, None)
        groups = {f.split("_")[0] for f in layout_report._files(snap)}  # a base file's or a log record's file id
        listed = layout_report.file_slices(spark, path)
        if not groups <= {s["file_id"] for s in listed}:
            raise ValueError(f"{path}: the snapshot reads file groups the file listing lacks: "
                             + ", ".join(sorted(groups - {s["file_id"] for s in listed})[:3]))
        slices = [[f for f in [s["base_file"]] + s["log_files"] if f] for s in listed]
        names = [f for files in slices for f in files]
        schema = snap.schema
        low: Dict[str, list] = {}
        high: Dict[str, list] = {}
        dates = {c for c in columns if schema[c].dataType.simpleString() == "date"}
        index = layout_report._index_bounds(spark, path, columns, names)  # one read for every column
        for c in columns:
            if c not in index:
                raise ValueError(f"{path}: the column-stats index has no entries for filter column {c}")
            kind, rows = index[c]
            if c in dates and kind.simpleString() != "int":
                raise ValueError(f"{path}: the column-stats index holds the date column {c} as "
                                 f"{kind.simpleString()}, not as day numbers (int)")
            missing = sorted(set(names) - set(rows))
            if missing and unindexed_read:
                rows = {**{f: (None, None) for f in missing}, **rows}
            elif missing:
                raise ValueError(f"{path}: the column-stats index covers {len(names) - len(missing)} of the "
                                 f"{len(names)} live files (base and log files) for column {c}, not {missing[0]}: "
                                 "files read cannot be counted")
            low[c] = [rows[f][0] for f in names]
            high[c] = [rows[f][1] for f in names]
        return cls(len(slices), [i for i, files in enumerate(slices) for _ in files], low, high, dates,
                   [s["partition"] for s in listed])

    def within(self, partition: str) -> "FileBounds":
        """The slices of one partition (of a Hudi table's), as a table of their own."""
        slices = [i for i, p in enumerate(self.partitions) if p == partition]
        renumber = {old: new for new, old in enumerate(slices)}
        keep = np.isin(self.slice_of, slices)
        out = FileBounds.__new__(FileBounds)
        out.files, out.dates, out.partitions = len(slices), self.dates, [partition] * len(slices)
        out.slice_of = np.array([renumber[int(i)] for i in self.slice_of[keep]], dtype=np.int64)
        out.low = {c: v[keep] for c, v in self.low.items()}
        out.high = {c: v[keep] for c, v in self.high.items()}
        out.open = {c: v[keep] for c, v in self.open.items()}
        return out

    def partition_points(self, values: Dict[str, List]) -> Dict[str, Dict[str, float]]:
        """Per partition, per column: files (slices) of that partition read per point query with a
        partition predicate, averaged over ``values`` (every value the column holds)."""
        out: Dict[str, Dict[str, float]] = {}
        for p in sorted(set(self.partitions)):
            part = self.within(p)
            out[p] = {c: float(np.mean([part.count([(c, v, v)]) for v in vs])) for c, vs in values.items()}
        return out

    def index_value(self, column: str, value):
        """``value`` (a query's, or a value read from the data) as the index holds it: a date as
        its day number since 1970-01-01."""
        if column not in self.dates:
            return value
        day = value if isinstance(value, datetime.date) else datetime.date.fromisoformat(str(value))
        return (day - EPOCH).days

    def holding(self, column: str, lo, hi) -> np.ndarray:
        """Which files' [min, max] of ``column`` meets [lo, hi]."""
        lo, hi = self.index_value(column, lo), self.index_value(column, hi)
        return self.open[column] | ((self.low[column] <= hi) & (self.high[column] >= lo))

    def count(self, conditions: Sequence[Tuple[str, object, object]]) -> int:
        """Files (slices) a conjunction of (column, lo, hi) conditions reads."""
        hit = np.ones(len(self.slice_of), dtype=bool)
        for column, lo, hi in conditions:
            hit &= self.holding(column, lo, hi)
        return int(np.unique(self.slice_of[hit]).size)


def class_averages(bounds: FileBounds, values: Dict[str, List], rows: List[Dict[str, object]],
                   pairs: Sequence[Tuple[str, str]]) -> dict:
    """Average files read per point value, per range position (both per column and over the
    columns) and per conjunction of a row's values on each pair."""
    point, ranges = {}, {}
    for c, vs in values.items():
        point[c] = float(np.mean([bounds.count([(c, v, v)]) for v in vs]))
        width = max(1, len(vs) // RANGE_SHARE)
        ranges[c] = float(np.mean([bounds.count([(c, vs[i], vs[i + width - 1])])
                                   for i in range(max(1, len(vs) - width))]))
    both = [bounds.count([(a, r[a], r[a]), (b, r[b], r[b])]) for a, b in pairs for r in rows]
    return {"files": bounds.files, "point": point, "range": ranges,
            "point_avg": float(np.mean(list(point.values()))), "range_avg": float(np.mean(list(ranges.values()))),
            "and_avg": float(np.mean(both))}


def sampled_counts(bounds: FileBounds, queries: Sequence[dict]) -> Tuple[int, List[str]]:
    """How many of the bench's queries count as Spark read them, and those that do not."""
    agree, differ = 0, []
    for q in queries:
        p = q["predicate"]
        # a conjunction also reads as a point query whose value holds "' AND ": try it first
        m = CONJUNCTION.match(p) or RANGE.match(p) or POINT.match(p)
        if m is None:
            raise ValueError(f"cannot read the bench query {p!r}")
        g = m.groups()
        if len(g) == 4:
            n = bounds.count([(g[0], g[1], g[1]), (g[2], g[3], g[3])])
        elif len(g) == 3:
            n = bounds.count([(g[0], g[1], g[2])])
        else:
            n = bounds.count([(g[0], g[1], g[1])])
        if n == q["files"]:
            agree += 1
        else:
            differ.append(f"{p}: {n} from the index, {q['files']} read by Spark")
    return agree, differ


def markdown(out: dict) -> str:
    cols = out["filter_columns"]
    head = (["layout", "files", "point avg"] + [f"{c} point" for c in cols] + ["range avg"]
            + [f"{c} range" for c in cols] + [f"2-col avg ({out['rows']} rows)", "vs built-in (point / range / 2-col)",
                                              "sampled queries counted alike"])
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    names = [r["layout"] for r in out["layouts"]]
    by_name = {r["layout"]: r for r in out["layouts"]}
    for r in out["layouts"]:
        b = builtin_twin(r["layout"], names)
        vs = ""
        if b:
            ref = by_name[b]
            vs = " / ".join(f"{r[k] / ref[k]:.2f}x" for k in ("point_avg", "range_avg", "and_avg"))
        cells = ([r["layout"], str(r["files"]), f"{r['point_avg']:.1f}"] + [f"{r['point'][c]:.1f}" for c in cols]
                 + [f"{r['range_avg']:.1f}"] + [f"{r['range'][c]:.1f}" for c in cols]
                 + [f"{r['and_avg']:.1f}", vs, f"{r['agree']} of {r['queries']}"])
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def run(spark, folder: Path, rows: int = 3000, seed: int = 1, layouts: Optional[Sequence[str]] = None) -> dict:
    """The figures of every layout of the bench run in ``folder`` (or of ``layouts`` only)."""
    from pyspark.sql import functions as F
    folder = folder.resolve()  # Hudi takes a relative path for a URI without a scheme
    results = json.loads((folder / "results.json").read_text())
    columns = results["filter_columns"]
    source = spark.read.parquet(str(folder / "tables" / "source"))
    for c in columns:
        if source.schema[c].dataType.simpleString() not in ("string", "date"):
            raise ValueError(f"filter column {c} is {source.schema[c].dataType.simpleString()}: "
                             "every_query reads the bench's SSB string and date columns only")
    values = {c: sorted(r[0] for r in source.select(c).distinct().collect() if r[0] is not None) for c in columns}
    sample = [r.asDict() for r in source.select(*columns).orderBy(F.rand(seed)).limit(rows).collect()]
    pairs = column_pairs(columns)
    measured = []
    for m in results["layouts"]:
        if layouts is not None and m["layout"] not in layouts:
            continue
        path = folder / "tables" / m["layout"]
        if not path.is_dir():
            raise ValueError(f"{path} is missing: run the bench with --keep-tables")
        if peers.is_peer(m["layout"]):
            bounds = FileBounds.of_peer(json.loads((path / "bounds.json").read_text()), columns)
        else:
            bounds = FileBounds.of_hudi(spark, str(path), columns)
        figures = class_averages(bounds, values, sample, pairs)
        # a point query with a partition predicate (bench --partitions) is not on the index's columns
        compared = [q for q in m["queries"] if q["kind"] != "ppoint"]
        agree, differ = sampled_counts(bounds, compared)
        figures.update(layout=m["layout"], agree=agree, queries=len(compared), differ=differ)
        measured.append(figures)
    out = {"filter_columns": columns, "rows": len(sample), "seed": seed, "layouts": measured}
    (folder / "every_query.json").write_text(json.dumps(out, indent=1))
    (folder / "every_query.md").write_text(markdown(out))
    return out


def main(argv: Optional[Sequence[str]] = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.every_query", description=__doc__.split("\n")[0])
    p.add_argument("folder", help="a bench output folder, run with --keep-tables")
    p.add_argument("--rows", type=int, default=3000, help="random rows whose values make the conjunctions")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--memory", default="4g")
    args = p.parse_args(argv)
    spark = session(args.memory)
    spark.sparkContext.setLogLevel("ERROR")
    try:
        out = run(spark, Path(args.folder), args.rows, args.seed)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    finally:
        spark.stop()
    print(markdown(out), end="")
    for r in out["layouts"]:
        for d in r["differ"]:
            print(f"{r['layout']}: {d}", file=sys.stderr)
    return 0 if all(not r["differ"] for r in out["layouts"]) else 1


if __name__ == "__main__":
    sys.exit(main())
