"""Layout report: how many files a point query on each indexed column would read, from the
table's column-stats index, against the bound N^((d-1)/d); and a picture of the file boxes.

    python -m hudi_layout report PATH [--columns a,b,c] [--before I] [--after I]
                                      [--png out.png --x a --y b] [--probes 500] [--weights 0.6,0.3,0.1]

For a column, each probe value v (distinct values of the column in the snapshot, up to
``--probes`` of them, picked by a seeded hash) reads every file whose [min, max] in the index
holds v. The average over the probes is what a point query costs; the bound is what no layout of
N files over d equally used columns beats by much. ``--before``/``--after`` report the table as of
two instants (for example around a clustering), while the index still holds the older files.
With column weights (``--weights``, else those the latest clustering recorded) it also prints the
workload's average, sum p_i times column i's figure, against its bound d * GM(p) * N^((d-1)/d).
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import jvm
from . import metadata as md
from .paths import takes_table



@dataclass(frozen=True)
class ColumnReport:
    column: str
    files: int
    probes: int
    avg_files: float
    max_files: int
    bound: float

    @property
    def ratio(self) -> float:
        return self.avg_files / self.bound if self.bound else float("nan")


def _snapshot(spark, path: str, instant: Optional[str]):
    reader = spark.read.format("hudi")
    if instant:
        reader = reader.option("as.of.instant", instant)
    return reader.load(path)


def _files(snap) -> List[str]:
    """Base file names of a snapshot."""
    return [r[0] for r in snap.select("_hoodie_file_name").distinct().collect()]


@takes_table
def file_slices(spark, path: str) -> List[Dict]:
    """The table's live file slices (the latest of each file group): ``{"partition", "file_id",
    "base_file", "log_files"}``. On a merge-on-read table a slice holds a base file and the log
    files of the updates since; a query reads the slice as one file."""
    return jvm.latest_file_slices(spark, path)


def _as_index_value(col, data_type, index_type):
    """A data column's value in the representation the index stores it in."""
    from pyspark.sql import functions as F
    from pyspark.sql import types as T
    if isinstance(data_type, T.DateType) and not isinstance(index_type, T.DateType):
        return F.datediff(col, F.lit("1970-01-01").cast("date"))
    if isinstance(data_type, (T.TimestampType, T.TimestampNTZType)) and isinstance(index_type, T.LongType):
        return F.unix_micros(col.cast("timestamp"))
    return col.cast(index_type)


def _slices(spark, path: str, instant: Optional[str], snap) -> List[List[str]]:
    """The files a query reads, each a list of the files the index keys: for the latest snapshot,
    each live file slice (its base file, then its log files), listed from storage with no pass over
    the data; as of an instant, each file name the snapshot's rows carry."""
    if instant:
        return [[f] for f in _files(snap)]
    # Hudi 1.2.0 fails to read the metadata table (ArrayIndexOutOfBoundsException merging its log
    # records) in a session that has not read the data table yet: one row of it is enough
    snap.select("_hoodie_file_name").limit(1).collect()
    return [[f for f in [s["base_file"]] + s["log_files"] if f] for s in jvm.latest_file_slices(spark, path)]


def _index_bounds(spark, path: str, columns: Sequence[str], names: Sequence[str]) -> Dict[str, Tuple[Any, Dict]]:
    """One read of the column-stats index for ``columns`` of the files ``names``: per column, the
    index's value type and each file's (lo, hi) in it. A column without entries is left out."""
    from pyspark.sql import functions as F
    from .index import column_stats
    cs = column_stats(spark, path).where(F.col("columnName").isin(list(columns)))
    members = [f for f in cs.schema["minValue"].dataType.fields if f.name != "member12"]
    wanted = set(names)
    out: Dict[str, Tuple[Any, Dict]] = {}
    for r in cs.select("fileName", "columnName", "minValue", "maxValue").collect():
        if r["fileName"] not in wanted:
            continue
        lo, hi, kind = None, None, None
        for m in members:
            low, high = r["minValue"][m.name] if r["minValue"] else None, r["maxValue"][m.name] if r["maxValue"] else None
            if low is not None or high is not None:
                lo, hi = (low["value"] if low else None), (high["value"] if high else None)
                kind = m.dataType["value"].dataType
                break
        entry = out.setdefault(r["columnName"], (kind, {}))
        if entry[0] is None and kind is not None:
            entry = out[r["columnName"]] = (kind, entry[1])
        entry[1][r["fileName"]] = (lo, hi)
    return {c: e for c, e in out.items() if e[0] is not None}


def _probe_values(snap, kinds: Dict[str, Any], probes: int, seed: int) -> Dict[str, List]:
    """Per column of ``kinds`` (column: the index's value type), up to ``probes`` distinct values
    of it in the snapshot, picked by a seeded hash, as the index holds them: one Spark job, one scan
    of the columns for all of them."""
    from pyspark.sql import Window
    from pyspark.sql import functions as F
    cols = list(kinds)
    schema = snap.schema

    def tagged(i: int, c: str):
        values = [(F.col(c) if j == i else F.lit(None).cast(schema[o].dataType)).alias(f"v{j}")
                  for j, o in enumerate(cols)]
        return F.struct(F.lit(i).alias("i"), F.xxhash64(F.col(c), F.lit(seed)).alias("h"), *values)

    # each row once, as one tagged value per column
    rows = snap.select(F.explode(F.array(*[tagged(i, c) for i, c in enumerate(cols)])).alias("t")).select("t.*")
    present = F.col("v0").isNotNull()
    for j in range(1, len(cols)):
        present = present | F.col(f"v{j}").isNotNull()  # the tagged column's value; the others are null
    distinct = rows.where(present).distinct()
    first = Window.partitionBy("i").orderBy("h", *[f"v{j}" for j in range(len(cols))])
    picked = distinct.withColumn("r", F.row_number().over(first)).where(F.col("r") <= probes).select(
        "i", *[_as_index_value(F.col(f"v{j}"), schema[c].dataType, kinds[c]).alias(f"v{j}")
               for j, c in enumerate(cols)])
    out: Dict[str, List] = {c: [] for c in cols}
    for r in picked.collect():
        out[cols[r["i"]]].append(r[f"v{r['i']}"])
    return out


def _files_read(values: Sequence, slices: Sequence[Sequence[str]], bounds: Dict) -> List[int]:
    """For each value, the slices some file of which has [lo, hi] holding it (a file without an
    entry, or with null bounds, holds nothing): a slice of one file by two binary searches over the
    sorted ends, a slice of several by its files one by one."""
    import bisect
    los, his, several = [], [], []
    for files in slices:
        if len(files) == 1:
            lo, hi = bounds.get(files[0], (None, None))
            if lo is not None and hi is not None:
                los.append(lo)
                his.append(hi)
        else:
            several.append([bounds[f] for f in files if f in bounds and None not in bounds[f]])
    los.sort()
    his.sort()
    out = []
    for v in values:
        n = bisect.bisect_right(los, v) - bisect.bisect_left(his, v)  # lo <= v, less those with hi < v
        n += sum(1 for boxes in several if any(lo <= v <= hi for lo, hi in boxes))
        out.append(n)
    return out


def _column_figures(column: str, d: int, slices: Sequence[Sequence[str]], values: Sequence,
                    bounds: Dict) -> ColumnReport:
    counts = _files_read(values, slices, bounds)
    n = len(slices)
    bound = n ** ((d - 1) / d) if d > 0 and n else 0.0
    return ColumnReport(column, n, len(counts), sum(counts) / len(counts) if counts else 0.0, max(counts, default=0),
                        bound)


@takes_table
def column_report(spark, path: str, column: str, d: int, instant: Optional[str] = None,
                  probes: int = 500, seed: int = 0) -> Optional[ColumnReport]:
    """One column's figures, for a layout of ``d`` columns (the bound's d)."""
    snap = _snapshot(spark, path, instant)
    slices = _slices(spark, path, instant, snap)
    index = _index_bounds(spark, path, [column], [f for files in slices for f in files])
    if column not in index:
        return None
    kind, bounds = index[column]
    return _column_figures(column, d, slices, _probe_values(snap, {column: kind}, probes, seed)[column], bounds)


@takes_table
def files_holding(spark, path: str, column: str, value, instant: Optional[str] = None) -> int:
    """Files whose [min, max] of ``column`` in the index holds ``value``: what data skipping
    leaves a point query ``column = value`` to read."""
    from pyspark.sql import functions as F
    snap = _snapshot(spark, path, instant)
    files = _files(snap)
    index = _index_bounds(spark, path, [column], files)
    if column not in index:
        return len(files)
    kind, bounds = index[column]
    v = spark.createDataFrame([(value,)], snap.select(column).schema) \
        .select(_as_index_value(F.col(column), snap.schema[column].dataType, kind)).collect()[0][0]
    return sum(1 for lo, hi in bounds.values() if lo is not None and hi is not None and lo <= v <= hi)


@takes_table
def layout_columns(spark, path: str) -> List[str]:
    """The latest clustering's columns, else the columns of the column-stats index."""
    from .index import indexed_columns
    from .timeline import clustering_commits
    for commit in reversed(clustering_commits(spark, path)):
        cols = commit["extra"].get(md.COLUMNS)
        if cols:
            return cols.split(",")
    return indexed_columns(spark, path)


@takes_table
def report(spark, path: str, columns: Optional[Sequence[str]] = None, instant: Optional[str] = None,
           probes: int = 500, seed: int = 0) -> List[ColumnReport]:
    """Each column's figures: the files from the table's listing (latest) or its rows (as of an
    instant), one read of the column-stats index for every column, one Spark job for every
    column's probes (:func:`_probe_values`), and the counting on the driver. Columns the index
    lacks are left out."""
    cols = list(columns) if columns else layout_columns(spark, path)
    snap = _snapshot(spark, path, instant)
    slices = _slices(spark, path, instant, snap)
    index = _index_bounds(spark, path, cols, [f for files in slices for f in files])
    values = _probe_values(snap, {c: index[c][0] for c in cols if c in index}, probes, seed)
    return [_column_figures(c, len(cols), slices, values[c], index[c][1]) for c in cols if c in index]


def markdown(reports: Dict[str, List[ColumnReport]]) -> str:
    lines = ["| snapshot | column | files | probes | avg files per point query | max | bound N^((d-1)/d) | avg / bound |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for label, rows in reports.items():
        for r in rows:
            lines.append(f"| {label} | {r.column} | {r.files} | {r.probes} | {r.avg_files:.1f} | {r.max_files} "
                         f"| {r.bound:.1f} | {r.ratio:.2f} |")
    return "\n".join(lines)


def workload(rows: Sequence[ColumnReport], weights: Sequence[float]) -> Dict[str, float]:
    """The workload's average files per point query and its bound, for weights in ``rows``' order."""
    total = sum(weights)
    shares = [w / total for w in weights]
    files = rows[0].files
    positive = [p for p in shares if p > 0]
    gm = math.exp(sum(math.log(p) for p in positive) / len(positive))
    d = len(positive)
    return {"avg_files": sum(p * r.avg_files for p, r in zip(shares, rows)),
            "bound": d * gm * files ** ((d - 1) / d)}


@takes_table
def layout_weights(spark, path: str) -> Optional[List[float]]:
    """Weights the latest clustering recorded, if it had any."""
    from .timeline import clustering_commits
    for commit in reversed(clustering_commits(spark, path)):
        if md.COLUMNS in commit["extra"]:
            raw = commit["extra"].get(md.COLUMN_WEIGHTS)
            return [float(w) for w in raw.split(",")] if raw else None
    return None


@takes_table
def layout_grid(spark, path: str) -> Optional[Dict[str, str]]:
    """The grid the latest clustering of ours recorded (``hudilayout.*`` entries), if it was aligned."""
    from .timeline import clustering_commits
    for commit in reversed(clustering_commits(spark, path)):
        extra = commit["extra"]
        if md.COLUMNS in extra:
            return extra if extra.get(md.LAYOUT) == "aligned" else None
    return None


def grid_lines(extra: Dict[str, str], files: int) -> List[str]:
    """What the aligned grid chose, and the bound for the independent axes it found."""
    columns = extra.get(md.COLUMNS, "").split(",")
    buckets = extra.get(md.BUCKETS, "").split(",")
    lines = ["grid (latest clustering): buckets " + ", ".join(f"{c}={k}" for c, k in zip(columns, buckets))]
    if md.AUTO in extra:
        lines.append("columns (auto): " + extra[md.AUTO])
    dependent = [p.split(":", 1) for p in extra.get(md.DEPENDENT_COLUMNS, "").split(",") if p]
    if dependent:
        lines.append("dependent columns (not cut, they share the axis of): "
                     + ", ".join(f"{c} on {det}" for c, det in dependent))
    estimates = extra.get(md.ESTIMATED_FILES, "").split(",")
    if estimates != [""]:
        lines.append("estimated on the sample, files per point query: "
                     + ", ".join(f"{c} {e}" for c, e in zip(columns, estimates)))
    axes = len(columns) - len(dependent)
    if dependent and axes > 0 and files:
        lines.append(f"{axes} independent axes: bound N^((d'-1)/d') = {files ** ((axes - 1) / axes):.1f} "
                     f"for N = {files}")
    return lines


@takes_table
def continuous_regions(spark, path: str) -> List[Dict]:
    """The continuous layout's regions, per partition with a recorded region tree (empty for any
    other table): ``{"partition", "columns", "buckets", "cells", "splits", "depth", "ingested_bytes",
    "rewritten_bytes", "new_files", "new_bytes", "regions": [{"region", "files", "base_files",
    "pending_files", "base_bytes", "pending_bytes", "base_rows", "pending_rows", "pending_rounds"}]}``,
    from the tree on the commits and each file's [min, max] and rows in the column-stats index.
    "buckets" are the root grid's (the partition's first layout), "cells" the tree's regions (its
    leaves), "splits" the regions that were split into grids of their own and "depth" the deepest
    region's level; a region is named by its path ("5", "5.2": cell 2 of the grid drawn in cell 5).
    "pending_rounds" counts the layers of pending files (one per instant that made some).
    "ingested_bytes" and "rewritten_bytes" are the bytes writes and clusterings wrote into the
    partition, over the commits on the active timeline. A partition moving to new sort columns
    ("columns", the tree's) also has ``"old_layout": {"columns", "regions", "files", "rows"}``: what
    still lies in regions of the layout on the old columns (its files are not among the new rows)."""
    return json.loads(jvm.continuous_regions_json(spark, path))


def write_amplification(partition: Dict) -> float:
    """Bytes clusterings wrote over bytes writes ingested, for a partition of :func:`continuous_regions`."""
    return partition["rewritten_bytes"] / partition["ingested_bytes"] if partition["ingested_bytes"] else 0.0


def region_lines(partitions: Sequence[Dict]) -> List[str]:
    """One line per partition of :func:`continuous_regions`: the tree, laid-out and pending files,
    the rounds not yet merged, the files of new rows (in no single region) and the write amplification so far."""
    lines = []
    for p in partitions:
        regions = p["regions"]
        pending = [r for r in regions if r["pending_files"]]
        base = sum(r["base_files"] for r in regions)
        name = f"partition '{p['partition']}'" if p["partition"] else "table"
        lines.append(
            f"continuous regions, {name}: root grid {'x'.join(str(k) for k in p['buckets'])}, {p['cells']} regions "
            f"({p['splits']} split, depth {p['depth']}), {len(regions)} holding files; {base} laid-out files, "
            f"{sum(r['pending_files'] for r in pending)} pending in {len(pending)} regions (rounds not yet merged: "
            f"up to {max((r['pending_rounds'] for r in regions), default=0)}); {p['new_files']} files of new rows "
            f"(in no single region); clusterings wrote {write_amplification(p):.2f} x the bytes ingested")
        old = p.get("old_layout")
        if old:
            lines.append(f"  moving from {','.join(old['columns'])} to {','.join(p['columns'])}: {old['files']} files "
                         f"({old['rows']} rows) in {old['regions']} regions still on the old layout")
    return lines


def _distinct_index_values(snap, column: str, index_type, limit: int = 20000) -> List:
    """Sorted distinct values of ``column`` (up to ``limit``, picked by hash), as the index holds them."""
    from pyspark.sql import functions as F
    col = F.col(column)
    rows = (snap.where(col.isNotNull()).select(column).distinct().orderBy(F.xxhash64(col)).limit(limit)
            .select(_as_index_value(col, snap.schema[column].dataType, index_type).alias("v")).collect())
    return sorted(r["v"] for r in rows)


@takes_table
def draw_boxes(spark, path: str, x: str, y: str, out: str, instant: Optional[str] = None,
               title: str = "") -> int:
    """Draw each file's [min, max] box in columns x and y. Each axis is the column's distinct
    values in order (so strings and skewed numbers get equal room per value), from 0 to 1.
    Returns the number of boxes drawn."""
    import bisect

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle
    snap = _snapshot(spark, path, instant)
    files = _files(snap)
    boxes: Dict[str, Any] = {}
    scale: Dict[str, Any] = {}
    index = _index_bounds(spark, path, [x, y], files)  # one read for both axes
    for axis, col in (("x", x), ("y", y)):
        if col not in index:
            raise SystemExit(f"column {col!r} has no entries in the column-stats index of {path}")
        kind, bounds = index[col]
        values = _distinct_index_values(snap, col, kind)
        n = max(len(values), 1)
        scale[axis] = lambda lo, hi, values=values, n=n: (bisect.bisect_left(values, lo) / n,
                                                          bisect.bisect_right(values, hi) / n)
        for name, (lo, hi) in bounds.items():
            if lo is not None and hi is not None:
                boxes.setdefault(name, {})[axis] = (lo, hi)
    boxes = {f: b for f, b in boxes.items() if "x" in b and "y" in b}
    fig, ax = plt.subplots(figsize=(6, 6))
    for i, b in enumerate(boxes.values()):
        x0, x1 = scale["x"](*b["x"])
        y0, y1 = scale["y"](*b["y"])
        ax.add_patch(Rectangle((x0, y0), x1 - x0, y1 - y0, fill=True, alpha=0.2,
                               facecolor=plt.cm.tab20(i % 20), edgecolor="black", linewidth=0.5))
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel(f"{x} (distinct values in order)")
    ax.set_ylabel(f"{y} (distinct values in order)")
    ax.set_title(title or f"{len(boxes)} files: [min, max] boxes")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return len(boxes)

