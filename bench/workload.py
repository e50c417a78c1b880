"""``bench --workload ssb``: the skipping benchmark on the 13 SSB queries (:mod:`bench.ssb_queries`)
instead of the point, range and pair queries of chosen columns. ``--workload ssb-q1`` runs the
range-heavy Q1.x family alone (order-date windows, discount and quantity ranges).

The layouts that need columns get those a user would pick: the three the workload's queries filter
most often (:func:`user_columns`). The column-stats index covers every column a query filters, for
every layout alike. A layout with ``-auto`` (ours) clusters by the columns its query log asks for,
after one pass of the run's queries is recorded on its copy of the table (:func:`record`): the 13
queries here, the point, range and pair queries of the filter columns without a workload.

The summary (:func:`summary`, results.json's ``workload``) gives per layout the files each query
read and its wall time, their sums, and each sum against the best layout on the user's columns.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from typing import Dict, List, Optional, Sequence, Tuple

from hudi_layout import queries as query_log
from hudi_layout import scan
from .queries import Query
from .ssb_queries import CONJUNCTS, QUERIES

WORKLOADS = ("", "ssb", "ssb-q1")
#: the query-name prefix each workload keeps
_PREFIX = {"ssb": "Q", "ssb-q1": "Q1."}
#: a conjunct's column: the identifier it starts with
_COLUMN = re.compile(r"\s*([A-Za-z_][A-Za-z_0-9]*)")


def conjunct_column(conjunct: str) -> str:
    """The column a conjunct filters: ``d_year = 1993`` filters d_year."""
    match = _COLUMN.match(conjunct)
    if match is None:
        raise ValueError(f"no column in the conjunct '{conjunct}'")
    return match.group(1)


def named(name: str = "ssb") -> List[Tuple[str, str]]:
    """The workload's queries, (label, where clause), in order: all 13 for ``ssb``."""
    if name not in _PREFIX:
        raise ValueError(f"--workload {name}: expected one of {', '.join(_PREFIX)}")
    return [(label, where) for label, where in QUERIES if label.startswith(_PREFIX[name])]


def filter_counts(name: str = "ssb") -> Counter:
    """How many of the workload's queries filter each column."""
    labels = {label for label, _ in named(name)}
    return Counter(column for label, parts in CONJUNCTS if label in labels
                   for column in {conjunct_column(p) for p in parts})


def index_columns(name: str = "ssb") -> Tuple[str, ...]:
    """Every column the workload's queries filter, most filtered first (ties in first-seen order)."""
    return tuple(c for c, _ in filter_counts(name).most_common())


def user_columns(name: str = "ssb") -> Tuple[str, ...]:
    """The columns a user would name: the three the workload's queries filter most often."""
    return index_columns(name)[:3]


#: the 13 queries' index and user columns
INDEX_COLUMNS: Tuple[str, ...] = index_columns()
USER_COLUMNS: Tuple[str, ...] = user_columns()


def queries(name: str = "ssb") -> List[Query]:
    """The workload's queries as the benchmark runs them: kind ``ssb``, labelled Q1.1 to Q4.3."""
    return [Query("ssb", label, where) for label, where in named(name)]


def record(spark, path: str, run: Sequence[Query]) -> int:
    """One pass of ``run`` (the run's queries: the 13 SSB queries, or the point, range and pair
    queries of the filter columns) on the table at ``path`` with the query log on; the entries the
    log then holds."""
    recorder = query_log.record_queries(spark, flush_entries=1000)
    try:
        table = scan.skipping_reader(spark, path)
        for q in run:
            table.where(q.predicate).count()
    finally:
        query_log.stop_recording(spark, recorder)
    return len(query_log.entries(spark, path))


#: layouts no sum is set against: the table as written, and its plain rewrite
NOT_COMPARED = ("random", "floor", "floor-overwrite")
#: the suffix of a layout that picks its own columns (ours ``-auto``)
AUTO_SUFFIX = "-auto"


def on_users_columns(layout: str) -> bool:
    """Whether ``layout`` is one the others are set against: laid out on the user's columns, not
    picking its own (:data:`AUTO_SUFFIX`), nor a plain table (:data:`NOT_COMPARED`)."""
    return not layout.endswith(AUTO_SUFFIX) and layout not in NOT_COMPARED


def bound_files(matched: int, table_rows: int, files: int) -> int:
    """The fewest files a query that matches ``matched`` of ``table_rows`` rows can read on a table
    of ``files`` equal files, whatever its layout: its rows fill whole files and no more."""
    return math.ceil(matched * files / table_rows) if table_rows > 0 else 0


def summary(layouts: Sequence[dict], name: str = "ssb", table_rows: Optional[int] = None) -> Dict[str, dict]:
    """Per layout (results.json's rows): the files each query read, their bytes and its seconds,
    their sums, and the sums against the best layout on the user's columns (:func:`on_users_columns`).
    Layouts that wrote different numbers of files compare fairly by
    ``tables_read`` (files read over the table's files), by bytes read, and by ``table_bytes_read``
    (bytes read over the bytes of the table's files: fair where a layout's files differ in size, or
    a system's in compression). ``name``: the workload the layouts ran.

    Given the table's rows, each query's ``bound`` on a layout is :func:`bound_files` of the rows it
    matched and the layout's files, and ``files_vs_bound`` the files read against their sum.

    Where a layout timed a query that reads no file (``empty_query_seconds``), ``fixed_seconds`` is
    that time once per query: what the queries would take on a layout that let each skip every
    file. ``seconds_above_fixed`` is the rest, the part a layout can change."""
    run = named(name)
    out: Dict[str, dict] = {}
    for row in layouts:
        by_query = {q["label"]: q for q in row["queries"] if q["kind"] == "ssb"}
        files_sum = sum(by_query[n]["files"] for n, _ in run)
        measured_bytes = all(by_query[n].get("bytes") is not None for n, _ in run)
        out[row["layout"]] = {"files": {n: by_query[n]["files"] for n, _ in run},
                              "seconds": {n: by_query[n]["seconds"] for n, _ in run},
                              "files_sum": files_sum,
                              "seconds_sum": sum(by_query[n]["seconds"] for n, _ in run),
                              "table_files": row["files"],
                              "tables_read": files_sum / row["files"] if row["files"] else None,
                              "bytes_sum": sum(by_query[n]["bytes"] for n, _ in run) if measured_bytes else None}
        written = row.get("bytes_written")
        out[row["layout"]]["table_bytes_read"] = (out[row["layout"]]["bytes_sum"] / written
                                                  if written and out[row["layout"]]["bytes_sum"] is not None else None)
        if table_rows and all(by_query[n].get("rows") is not None for n, _ in run):
            bound = {n: bound_files(by_query[n]["rows"], table_rows, row["files"]) for n, _ in run}
            least = sum(bound.values())
            out[row["layout"]].update(bound=bound, bound_sum=least, files_vs_bound=files_sum / least if least else None)
        empty = row.get("empty_query_seconds")
        fixed = None if empty is None else empty * len(run)
        out[row["layout"]].update(empty_seconds=empty, fixed_seconds=fixed, seconds_above_fixed=None if fixed is None
                                  else max(0.0, out[row["layout"]]["seconds_sum"] - fixed))
    others = [layout for layout in out if on_users_columns(layout)]
    if others:
        def best(key: str) -> Optional[float]:
            values = [out[n][key] for n in others if out[n][key] is not None]
            return min(values) if values else None
        q1 = [n for n, _ in run if n.startswith("Q1.")]
        ratios = (("files_sum", "files_vs_best_other"), ("seconds_sum", "seconds_vs_best_other"),
                  ("tables_read", "tables_read_vs_best_other"), ("bytes_sum", "bytes_vs_best_other"),
                  ("table_bytes_read", "table_bytes_read_vs_best_other"),
                  ("seconds_above_fixed", "above_fixed_vs_best_other"))
        bests = {key: best(key) for key, _ in ratios}
        for row in out.values():
            for key, ratio in ratios:
                row[ratio] = row[key] / bests[key] if bests[key] and row[key] is not None else None
            row["q1_files_sum"] = sum(row["files"][n] for n in q1)
    return out


def render(summary_rows: Dict[str, dict]) -> str:
    """results.md's workload table: files read per query and layout, then the sums and ratios (files,
    tables' worth of files, bytes and seconds, each against the best layout on the user's columns),
    where the layouts timed an empty query, the seconds 13 of those take and the seconds above, and
    where the bound is known, the files read against it and a row of the bound per file count."""
    names = list(next(iter(summary_rows.values()))["files"]) if summary_rows else []

    def ratio(value: Optional[float]) -> str:
        return "" if value is None else f"{value:.2f}"

    def seconds(value: Optional[float], digits: int = 1) -> str:
        return "" if value is None else f"{value:.{digits}f}"
    timed = any(row.get("empty_seconds") is not None for row in summary_rows.values())
    bounded = any(row.get("bound") for row in summary_rows.values())
    lines = ["", "SSB workload: files read per query (data skipping on), sums, and against the best layout on "
             "the user's columns", "",
             "| layout | files | " + " | ".join(names) + " | sum | vs best | tables read | vs best | MB read "
             "| vs best | seconds | vs best |" + (" empty query s | x queries | above that | vs best |" if timed else "")
             + (" vs bound |" if bounded else ""),
             "|" + " --- |" * (len(names) + 10 + (4 if timed else 0) + (1 if bounded else 0))]
    for layout, row in summary_rows.items():
        megabytes = "" if row.get("bytes_sum") is None else f"{row['bytes_sum'] / 1e6:.1f}"
        tables = "" if row.get("tables_read") is None else f"{row['tables_read']:.2f}"
        lines.append(f"| {layout} | {row['table_files']} | " + " | ".join(str(row["files"][n]) for n in names)
                     + f" | {row['files_sum']} | {ratio(row.get('files_vs_best_other'))} | {tables} | "
                     f"{ratio(row.get('tables_read_vs_best_other'))} | {megabytes} | "
                     f"{ratio(row.get('bytes_vs_best_other'))} | {row['seconds_sum']:.1f} | "
                     f"{ratio(row.get('seconds_vs_best_other'))} |"
                     + (f" {seconds(row.get('empty_seconds'), 3)} | {seconds(row.get('fixed_seconds'))} | "
                        f"{seconds(row.get('seconds_above_fixed'))} | {ratio(row.get('above_fixed_vs_best_other'))} |"
                        if timed else "") + (f" {ratio(row.get('files_vs_bound'))} |" if bounded else ""))
    bounds = {row["table_files"]: row["bound"] for row in summary_rows.values() if row.get("bound")}
    for files, bound in sorted(bounds.items()):
        total = sum(bound.values())
        lines.append(f"| bound, {files} files | {files} | " + " | ".join(str(bound[n]) for n in names)
                     + f" | {total} | | {total / files:.2f} |" + " |" * (5 + (4 if timed else 0) + (1 if bounded else 0)))
    return "\n".join(lines) + "\n"
