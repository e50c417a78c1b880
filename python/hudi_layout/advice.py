"""Workload advice: from a log of query predicates, which columns to lay a table out by, with
what weights, and how many files each query should then read.

    python -m hudi_layout advise PATH --log predicates.csv [--files N] [--max-columns 4] [--json out]

The log is CSV with a header ``column,operator,frequency`` (or a JSON list of such objects);
``operator`` is one of =, in, <, <=, >, >=, between. For N files, a layout that gives column i
k_i cuts (prod k_i = N) makes a point query on i read about N / k_i files. With query shares p_i,
the workload's average sum_i p_i N / k_i is smallest for k_i proportional to p_i, where it is
d * GM(p) * N^((d-1)/d). A column cannot take more cuts than it has distinct values, and a column
whose share earns less than one cut is dropped (and reported): its queries read every file.
Range predicates count as point queries on their column (the files a range adds, N times the
fraction of values it covers, do not depend on the layout).
"""
from __future__ import annotations

import csv
import json
import math
from dataclasses import dataclass, field
from typing import Dict, List, Mapping, Optional, Sequence

OPERATORS = ("=", "in", "<", "<=", ">", ">=", "between")


class AdviceError(ValueError):
    """The predicate log or the request cannot be used."""


@dataclass(frozen=True)
class Advice:
    files: int
    sort_columns: List[str]
    weights: Dict[str, float]
    cuts: Dict[str, float]
    dropped: Dict[str, str]
    shares: Dict[str, float]
    expected_files: Dict[str, float]
    workload_files: float
    equal_weight_files: float
    bound: float = field(default=0.0)


def read_log(path: str) -> Dict[str, float]:
    """Frequency per column from a CSV or JSON predicate log."""
    with open(path) as f:
        text = f.read()
    if text.lstrip().startswith("["):
        rows = json.loads(text)
    else:
        rows = list(csv.DictReader(text.splitlines()))
    return shares_from(rows)


def shares_from(rows: Sequence[Mapping[str, object]]) -> Dict[str, float]:
    freq: Dict[str, float] = {}
    for i, row in enumerate(rows, 1):
        missing = [k for k in ("column", "operator", "frequency") if k not in row]
        if missing:
            raise AdviceError(f"predicate {i}: missing {', '.join(missing)}; each needs column, operator, frequency")
        op = str(row["operator"]).strip().lower()
        if op not in OPERATORS:
            raise AdviceError(f"predicate {i}: operator {row['operator']!r} is not one of {', '.join(OPERATORS)}")
        try:
            n = float(row["frequency"])  # type: ignore[arg-type]  # a string or a number, checked here
        except (TypeError, ValueError):
            raise AdviceError(f"predicate {i}: frequency {row['frequency']!r} is not a number") from None
        if not (n >= 0 and math.isfinite(n)):
            raise AdviceError(f"predicate {i}: frequency {row['frequency']!r} must be a finite number >= 0")
        column = str(row["column"]).strip()
        freq[column] = freq.get(column, 0.0) + n
    total = sum(freq.values())
    if total <= 0:
        raise AdviceError("the predicate log has no predicate with a frequency above 0")
    return {c: n / total for c, n in sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))}


def _cuts(shares: Mapping[str, float], files: int, distinct: Mapping[str, int]) -> Dict[str, float]:
    """k_i proportional to the shares with prod k_i = files, each capped at its distinct count."""
    fixed: Dict[str, float] = {}
    free = dict(shares)
    while free:
        budget = files / math.prod(fixed.values()) if fixed else float(files)
        gm = math.prod(free.values()) ** (1 / len(free))
        k = {c: p / gm * budget ** (1 / len(free)) for c, p in free.items()}
        over = [c for c in k if k[c] > distinct.get(c, math.inf)]
        if not over:
            fixed.update(k)
            break
        for c in over:
            fixed[c] = float(distinct[c])
            del free[c]
    return fixed


def advise(shares: Mapping[str, float], files: int, distinct: Optional[Mapping[str, int]] = None,
           max_columns: int = 4) -> Advice:
    """The columns, weights and cuts for ``files`` files given the query ``shares`` per column."""
    if files < 2:
        raise AdviceError(f"files = {files}: a layout needs at least 2 files")
    if max_columns < 1:
        raise AdviceError(f"max_columns = {max_columns}: must be at least 1")
    distinct = dict(distinct or {})
    dropped: Dict[str, str] = {}
    candidates = [c for c in shares if shares[c] > 0]
    for c in candidates[max_columns:]:
        dropped[c] = f"beyond the {max_columns} most queried columns"
    candidates = candidates[:max_columns]
    for c in list(candidates):
        if distinct.get(c, 2) < 2:
            dropped[c] = "one distinct value: no cut can separate its queries"
            candidates.remove(c)
    while candidates:
        cuts = _cuts({c: shares[c] for c in candidates}, files, distinct)
        weakest = min(candidates, key=lambda c: (cuts[c], shares[c]))
        if cuts[weakest] >= 1.0 or len(candidates) == 1:
            break
        dropped[weakest] = f"its share {shares[weakest]:.3f} earns {cuts[weakest]:.2f} cuts (< 1)"
        candidates.remove(weakest)
    if not candidates:
        raise AdviceError("no column of the log can be laid out (see the dropped columns)")
    cuts = _cuts({c: shares[c] for c in candidates}, files, distinct)
    expected = {c: (files / cuts[c] if c in cuts else float(files)) for c in shares}
    workload = sum(shares[c] * expected[c] for c in shares)
    equal = _cuts({c: 1.0 for c in candidates}, files, distinct)
    equal_workload = sum(shares[c] * (files / equal[c] if c in equal else files) for c in shares)
    total_share = sum(shares[c] for c in candidates)
    d = len(candidates)
    return Advice(
        files=files,
        sort_columns=sorted(candidates, key=lambda c: -shares[c]),
        weights={c: shares[c] / total_share for c in sorted(candidates, key=lambda c: -shares[c])},
        cuts=cuts, dropped=dropped, shares=dict(shares), expected_files=expected,
        workload_files=workload, equal_weight_files=equal_workload,
        bound=files ** ((d - 1) / d) if d else float(files))


def markdown(a: Advice) -> str:
    lines = [f"Recommended sort columns for {a.files} files: {', '.join(a.sort_columns)}",
             f"weights: {', '.join(f'{c} {w:.2f}' for c, w in a.weights.items())}", "",
             "| column | query share | cuts k | expected files per point query |", "| --- | --- | --- | --- |"]
    for c, p in a.shares.items():
        k = f"{a.cuts[c]:.1f}" if c in a.cuts else "dropped"
        lines.append(f"| {c} | {p:.3f} | {k} | {a.expected_files[c]:.1f} |")
    lines += ["", f"workload average: {a.workload_files:.1f} files per query "
              f"(equal weights on the same columns: {a.equal_weight_files:.1f}; "
              f"bound for one column of {len(a.sort_columns)} equally used: {a.bound:.1f})"]
    for c, why in a.dropped.items():
        lines.append(f"dropped {c}: {why}")
    weights = ",".join(f"{a.weights[c]:.3g}" for c in a.sort_columns)
    lines += ["", "To lay the table out this way (PySpark, or the Hudi keys for hudi-cli / write options):",
              f"    LayoutOptions({a.sort_columns!r}, weights={{{', '.join(f'{c!r}: {a.weights[c]:.3g}' for c in a.sort_columns)}}})",
              f"    hoodie.clustering.plan.strategy.sort.columns={','.join(a.sort_columns)}",
              f"    hoodie.hudilayout.column.weights={weights}"]
    return "\n".join(lines)

