"""The benchmarks' queries: :class:`Query`, the column pairs of the conjunctions, the seeded
queries of each class (:func:`make_queries`), one query's files read and rows
(:func:`run_query`), the data's independent axes (:func:`independent_axes`) and the query shares
of the filter columns (``--weights``, :func:`parse_weights`)."""
from __future__ import annotations

import itertools
import random
import time
from dataclasses import dataclass
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple

from hudi_layout import scan
from hudi_layout.options import parse_shares


@dataclass
class Query:
    kind: str           # point | range | and
    label: str
    predicate: str


def column_pairs(columns: Sequence[str]) -> List[Tuple[str, str]]:
    """The column pairs of the two-column conjunctions: each adjacent pair, then first & last,
    then, for d <= 4, the remaining pairs, so up to 4 columns every pair is queried and above
    that d pairs. For (a, b, c): (a, b), (b, c), (a, c); for (a, b, c, d): (a, b), (b, c),
    (c, d), (a, d), (a, c), (b, d)."""
    d = len(columns)
    order = [(i, i + 1) for i in range(d - 1)] + ([(0, d - 1)] if d > 2 else [])
    if d <= 4:
        order += [pair for pair in itertools.combinations(range(d), 2) if pair not in order]
    return [(columns[i], columns[j]) for i, j in order]


def make_queries(spark, source: str, columns, per_column: int, seed: int) -> List[Query]:
    """``per_column`` queries of each class: point queries on random values of each column, range
    queries over about 5% of a column's values at random positions, and conjunctions of the values
    of random rows on each pair of :func:`column_pairs`. One range per column is not enough: where
    a range lies decides much of what it reads (beside a heavy value, or across a coarse cell
    boundary of the curve), so a class average needs several. Points are drawn first, so the same
    seed gives the same points for any count."""
    rng = random.Random(seed)
    df = spark.read.parquet(source)
    values = {c: sorted(r[0] for r in df.select(c).distinct().collect()) for c in columns}
    out: List[Query] = []
    for c in columns:
        for v in rng.sample(values[c], min(per_column, len(values[c]))):
            out.append(Query("point", c, f"{c} = '{v}'"))
    for c in columns:
        vs = values[c]
        width = max(1, len(vs) // 20)  # about 5% of the column's values
        starts = range(max(1, len(vs) - width))
        for i in sorted(rng.sample(starts, min(per_column, len(starts)))):
            out.append(Query("range", c, f"{c} BETWEEN '{vs[i]}' AND '{vs[i + width - 1]}'"))
    for a, b in column_pairs(columns):
        for _ in range(per_column):
            row = df.select(a, b).limit(1 + rng.randrange(1000)).collect()[-1]
            out.append(Query("and", f"{a}&{b}", f"{a} = '{row[0]}' AND {b} = '{row[1]}'"))
    return out


class Ran(NamedTuple):
    """One query run: files read, (rows, checksum of their record keys), seconds, and the bytes of
    the files read (comparable across layouts that wrote different numbers of files)."""
    files: int
    rows: Tuple[int, int]
    seconds: float
    bytes: Optional[int]


#: each file scan's metric of the bytes of the files it read, first found first: Spark's file scan
#: (Hudi, Delta), Iceberg's batch scan under the names its versions give it
SCAN_BYTES = ({"FileSourceScanExec": "filesSize", "BatchScanExec": "totalDataFileSize"},
              {"FileSourceScanExec": "filesSize", "BatchScanExec": "totalFileSize"})


def bytes_read(df) -> Optional[int]:
    """The bytes of the files the scans in ``df``'s executed plan read (run ``df`` first): what data
    skipping left. None where the scan reports no such metric."""
    from hudi_layout import jvm
    for metrics in SCAN_BYTES:
        try:
            return jvm.data_files_scanned(df, metrics)
        except RuntimeError:
            continue
    return None


def run_query(spark, path: str, q: Query, table=None) -> Ran:
    """``q`` run on the table at ``path``. Keys identify rows; that clustering leaves every row's
    contents unchanged is what the test suite checks. ``table``: a skipping reader of ``path`` to
    share between queries (its file listing is made once)."""
    from pyspark.sql import functions as F
    df = (scan.skipping_reader(spark, path) if table is None else table).where(q.predicate)
    agg = df.agg(F.count(F.lit(1)).alias("n"), F.sum(F.xxhash64("lo_key").cast("decimal(38,0)")).alias("h"))
    t0 = time.time()
    rows, files = scan.files_read(agg)
    seconds = time.time() - t0
    return Ran(files, (int(rows[0]["n"]), int(rows[0]["h"] or 0)), seconds, bytes_read(agg))


def independent_axes(df, columns: Sequence[str], slack: float = 1.01,
                     min_rows_per_value: float = 2.0) -> List[Tuple[str, ...]]:
    """The independent axes of ``columns`` in ``df``: the columns grouped by functional
    dependency, found from the data with one aggregation (exact distinct counts of every column
    and every pair; nulls count as a value).

    Column a determines column b when (nearly) every value of a comes with one value of b:
    distinct (a, b) pairs <= ``slack`` x distinct a. That says something only if a's values
    repeat: a column with about one row per value (a key) would "determine" every column, so a
    counts as a determinant only with at least ``min_rows_per_value`` rows per value on average.
    (With two rows per value, an independent b that is not nearly constant gives pairs ~1.5 x a
    or more, far above the slack.) Columns joined by dependencies in either direction form one
    axis; d' = len(result). Axes and their columns keep the order of ``columns``.

    Example: s_city (250 values), s_nation (25, one per city), p_brand (1000), p_category (25,
    one per brand) give [(s_city, s_nation), (p_brand, p_category)]: d = 4, d' = 2.
    """
    from pyspark.sql import functions as F
    cols = list(columns)
    pairs = list(itertools.combinations(range(len(cols)), 2))
    aggs = [F.count(F.lit(1)).alias("n")]
    aggs += [F.countDistinct(F.struct(F.col(c))).alias(f"c{i}") for i, c in enumerate(cols)]
    aggs += [F.countDistinct(F.struct(F.col(cols[i]), F.col(cols[j]))).alias(f"p{i}_{j}") for i, j in pairs]
    row = df.agg(*aggs).collect()[0]
    distinct = [row[f"c{i}"] for i in range(len(cols))]

    def determines(a: int, b: int, both: int) -> bool:
        return distinct[a] > 0 and row["n"] >= min_rows_per_value * distinct[a] and both <= slack * distinct[a]

    axis = list(range(len(cols)))  # union-find: each column's representative

    def root(i: int) -> int:
        while axis[i] != i:
            i = axis[i]
        return i

    for i, j in pairs:
        both = row[f"p{i}_{j}"]
        if determines(i, j, both) or determines(j, i, both):
            axis[max(root(i), root(j))] = min(root(i), root(j))
    groups: Dict[int, List[str]] = {}
    for i, c in enumerate(cols):
        groups.setdefault(root(i), []).append(c)
    return [tuple(g) for _, g in sorted(groups.items())]


def table_files(spark, path: str) -> int:
    """Files in the table's latest snapshot: what a scan with no filter reads."""
    _, files = scan.files_read(scan.skipping_reader(spark, path).groupBy().count())
    return files


def parse_weights(raw: str, columns: Sequence[str]) -> Optional[List[float]]:
    """``--weights``: the query shares of the filter columns, in their order (normalised)."""
    if not raw:
        return None
    try:
        return parse_shares(raw, len(columns))
    except ValueError as e:
        raise ValueError(f"--weights {e} (for {', '.join(columns)})") from None


def weights_text(weights: Optional[Sequence[float]]) -> str:
    """Weights as ``--weights`` gives them (``0.6,0.3,0.1``; "" for none): each number's shortest
    form, a whole number without its ``.0``."""
    return ",".join(_number(w) for w in weights) if weights else ""


def _number(x: float) -> str:
    text = repr(float(x))
    return text[:-2] if text.endswith(".0") else text
