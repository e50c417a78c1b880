"""docs/layouts.md's tables on fresh layouts: the weighted run and four groups against one whole
partition. The sentences around them are the page's own."""
from __future__ import annotations

from .common import _report


#: The weighted run of docs/layouts.md: its folder and each layout's name in its table.
WEIGHTED_RUN = "docs/bench/scale1-weighted"
WEIGHTED_NAMES = {"builtin-hilbert-sample": "built-in Hilbert/sample", "ours-hilbert-sample": "ours Hilbert/sample",
                  "ours-hilbert-sample-weighted": "ours Hilbert/sample, weighted",
                  "ours-hilbert-sample-aligned": "ours aligned",
                  "ours-hilbert-sample-aligned-weighted": "ours aligned, weighted"}


def weighted_block() -> str:
    """docs/layouts.md: :data:`WEIGHTED_RUN`'s files per point query per column and over the workload
    (the weights' mix), against equal-weight Hilbert, and the closed form d * GM(p) * N^((d-1)/d)."""
    report = _report(WEIGHTED_RUN)
    weights = [float(w) for w in report["parameters"]["weights"].split(",")]
    cols = report["filter_columns"]
    by = {r["layout"]: r for r in report["layouts"]}
    base = by["ours-hilbert-sample"]["workload_avg"]
    heavy = {n for n in WEIGHTED_NAMES if n.endswith("-weighted")}
    lines = ["| layout | " + " | ".join(f"{c} ({'p = ' if i == 0 else ''}{w:g})" for i, (c, w) in enumerate(zip(cols, weights)))
             + " | workload avg | vs ours Hilbert/sample | cluster s |", "|" + " --- |" * (4 + len(cols))]
    for name, label in WEIGHTED_NAMES.items():
        r = by[name]
        files = f" ({r['files']} files)" if r["files"] != report["parameters"]["files"] else ""
        bold = "**" if name in heavy else ""
        lines.append(f"| {label}{files} | " + " | ".join(f"{r['point'][c]:.1f}" for c in cols)
                     + f" | {bold}{r['workload_avg']:.1f}{bold} | {bold}{r['workload_avg'] / base:.2f}x{bold} | "
                     f"{r['cluster_seconds']:.1f} |")
    return "\n".join(lines) + "\n"


#: The run of four groups against one whole partition docs/layouts.md shows, and its rows: (label, the
#: layout under Hudi's plan); the whole-partition layout is the same name with ``-whole``.
GROUPS_RUN = "docs/bench/scale1-groups4"
GROUPS_ROWS = (("built-in Hilbert/sample", "builtin-hilbert-sample"), ("ours Hilbert/sample", "ours-hilbert-sample"),
               ("ours aligned", "ours-hilbert-sample-aligned"))


def groups_block() -> str:
    """docs/layouts.md: :data:`GROUPS_RUN`'s files per point query under Hudi's plan of 4 groups and in
    one group, then the whole aligned layout against the default plan with Hilbert."""
    report = _report(GROUPS_RUN)
    by = {r["layout"]: r for r in report["layouts"]}
    n = report["parameters"]["files"]

    def cell(r: dict) -> str:
        return f"{r['point_avg']:.1f}" + (f" ({r['files']} files)" if abs(r["files"] - n) > 1 else "")
    lines = ["| execution strategy | 4 groups (Hudi's plan) | 1 group (whole partition) | whole / 4 groups |",
             "| --- | --- | --- | --- |"]
    best = min(by[name + "-whole"]["point_avg"] for _, name in GROUPS_ROWS)
    for label, name in GROUPS_ROWS:
        plan, whole = by[name], by[name + "-whole"]
        bold = "**" if whole["point_avg"] == best else ""
        lines.append(f"| {label} | {cell(plan)} | {bold}{cell(whole)}{bold} | "
                     f"{whole['point_avg'] / plan['point_avg']:.2f} |")
    return "\n".join(lines) + "\n"


#: The SSB workload runs of docs/layouts.md (``bench --workload ssb`` at SSB scale 1, 300 and 1000
#: files) and each layout's name in their tables.
WORKLOAD_RUNS = ("docs/bench/ssb-workload-s1-n300", "docs/bench/ssb-workload-s1-n1000")
#: The same 13 queries on the skewed table (``--variant skewed``, 300 files): suppliers' cities
#: Zipf-distributed, half the customers in one city.
SKEWED_WORKLOAD_RUN = "docs/bench/ssb-workload-skewed-s1-n300"
WORKLOAD_NAMES = {"random": "random", "builtin-zorder-sample": "built-in z-order/sample",
                  "builtin-hilbert-sample": "built-in Hilbert/sample", "ours-hilbert-sample": "ours Hilbert/sample",
                  "ours-hilbert-sample-auto": "ours auto", "delta-liquid": "Delta liquid",
                  "iceberg-zorder": "Iceberg z-order"}


def workload_block(run: str = WORKLOAD_RUNS[0]) -> str:
    """docs/layouts.md: the files read over the 13 SSB queries and over Q1.x in ``run`` (one of
    :data:`WORKLOAD_RUNS`), the tables' worth of files and the bytes they are, and their wall time,
    per layout, against the best layout on the user's columns and against ours on them. Where the
    run measured them: the files read against the fewest the queries' rows fill (a row of that bound
    per file count), and each layout's clustering time against the plain write's (the floor)."""
    report = _report(run)
    rows = report["workload"]
    ours = rows["ours-hilbert-sample"]
    seconds = {r["layout"]: r.get("cluster_seconds") for r in report["layouts"]}
    bounded = any(r.get("files_vs_bound") for r in rows.values())
    floor = seconds.get("floor")
    lines = ["| layout | table files | files read, 13 queries | vs best on the user's columns | tables read | vs best "
             "| MB read | vs best | tables' bytes read | vs best | Q1.x files | vs ours on them | query s | vs best |"
             + (" vs bound |" if bounded else "") + (" clustering s | vs floor |" if floor else ""),
             "|" + " --- |" * (14 + (1 if bounded else 0) + (2 if floor else 0))]

    def ratio(value) -> str:
        return "" if value is None else f"{value:.2f}x"
    for name, label in {**WORKLOAD_NAMES, "floor": "floor (plain write)"}.items():
        if name not in rows:
            continue
        r = rows[name]
        bold = "**" if name.endswith("-auto") else ""
        tables = "" if r.get("tables_read") is None else f"{r['tables_read']:.2f}"
        megabytes = "" if r.get("bytes_sum") is None else f"{r['bytes_sum'] / 1e6:.0f}"
        share = "" if r.get("table_bytes_read") is None else f"{r['table_bytes_read']:.2f}"
        spent = seconds.get(name)
        lines.append(f"| {label} | {r['table_files']} | {bold}{r['files_sum']}{bold} | {bold}{ratio(r['files_vs_best_other'])}{bold} "
                     f"| {tables} | {bold}{ratio(r.get('tables_read_vs_best_other'))}{bold} | {megabytes} "
                     f"| {bold}{ratio(r.get('bytes_vs_best_other'))}{bold} | {share} "
                     f"| {bold}{ratio(r.get('table_bytes_read_vs_best_other'))}{bold} | "
                     f"{r['q1_files_sum']} | {r['q1_files_sum'] / ours['q1_files_sum']:.2f}x | "
                     f"{r['seconds_sum']:.1f} | {ratio(r['seconds_vs_best_other'])} |"
                     + (f" {bold}{ratio(r.get('files_vs_bound'))}{bold} |" if bounded else "")
                     + (f" {'' if not spent else f'{spent:.1f}'} | {'' if not spent else ratio(spent / floor)} |"
                        if floor else ""))
    # the bound for the files the run asked for (the others' rows differ by a file or so)
    asked = report["parameters"]["files"]
    bounds = {r["table_files"]: r["bound"] for r in rows.values() if r.get("bound") and r["table_files"] == asked}
    for files, bound in bounds.items():
        total = sum(bound.values())
        q1 = sum(v for n, v in bound.items() if n.startswith("Q1."))
        lines.append(f"| fewest any layout reads | {files} | {total} | | {total / files:.2f} | | | | | | {q1} | | | |"
                     + (" 1.00x |" if bounded else "") + (" | |" if floor else ""))
    return "\n".join(lines) + "\n"


def workload_time_block() -> str:
    """docs/layouts.md: per layout and run of :data:`WORKLOAD_RUNS`, the 13 queries' wall time, the
    time of 13 queries that skip every file (the least a query costs on the layout's system) and the
    time above that, the part a layout changes."""
    runs = [(_report(run)["parameters"]["files"], _report(run)["workload"]) for run in WORKLOAD_RUNS]
    head = "| layout |" + "".join(f" {files} files: query s | 13 queries that read no file | above that |"
                                  for files, _ in runs)
    lines = [head, "|" + " --- |" * (1 + 3 * len(runs))]
    for name, label in WORKLOAD_NAMES.items():
        if not all(name in rows for _, rows in runs):
            continue
        cells = ""
        for _, rows in runs:
            r = rows[name]
            fixed, above = r.get("fixed_seconds"), r.get("seconds_above_fixed")
            cells += (f" {r['seconds_sum']:.1f} | {'' if fixed is None else f'{fixed:.1f}'} | "
                      f"{'' if above is None else f'{above:.1f}'} |")
        lines.append(f"| {label} |" + cells)
    return "\n".join(lines) + "\n"


#: The growing table under the 13 SSB queries (``bench --rounds 8 --workload ssb``, rows in time order
#: through upserts that update old rows too).
WORKLOAD_ROUNDS_RUN = "docs/bench/rounds8-ssb-time-upserts"
WORKLOAD_ROUNDS_NAMES = {"builtin-hilbert-sample": "built-in Hilbert/sample",
                         "ours-hilbert-sample-continuous": "ours continuous",
                         "ours-hilbert-sample-continuous-auto": "ours continuous auto"}


def workload_rounds_block() -> str:
    """docs/layouts.md: per round of :data:`WORKLOAD_ROUNDS_RUN`, each layout's files, the files
    its 13 queries read as tables' worth of them, and the bytes it rewrote over the bytes ingested;
    and the sort columns each auto layout's clustering chose that round, where the run recorded them."""
    rows = {(r["round"], r["layout"]): r for r in _report(WORKLOAD_ROUNDS_RUN)["rounds"]}
    names = [n for n in WORKLOAD_ROUNDS_NAMES if any(layout == n for _, layout in rows)]
    rounds = sorted({r for r, _ in rows})
    # the auto layouts whose rounds recorded the columns they chose
    chose = [n for n in names if any(rows[(r, n)].get("sort_columns") for r in rounds)]
    lines = ["| round | rows |" + "".join(f" {WORKLOAD_ROUNDS_NAMES[n]}: files | tables read | rewritten / ingested |"
                                         for n in names) + "".join(f" {WORKLOAD_ROUNDS_NAMES[n]}: columns |"
                                                                   for n in chose),
             "|" + " --- |" * (2 + 3 * len(names) + len(chose))]
    for r in rounds:
        cells = ""
        for n in names:
            row = rows[(r, n)]
            cells += f" {row['files']} | {row['workload_tables_read']:.2f} | {row['rewritten_vs_ingested']:.2f} |"
        cells += "".join(f" {', '.join(rows[(r, n)].get('sort_columns', []))} |" for n in chose)
        lines.append(f"| {r} | {rows[(r, 'random')]['rows']} |" + cells)
    return "\n".join(lines) + "\n"


#: The run of the Q1.x family alone (``bench --workload ssb-q1``) in docs/layouts.md.
Q1_RUN = "docs/bench/ssb-q1-n300"


def q1_workload_block() -> str:
    """docs/layouts.md: :data:`Q1_RUN`'s files read per query of Q1.x and their sum per layout,
    against ours on the user's columns (equal cuts), against Hudi's built-in Hilbert layout and as
    tables' worth of files; and each layout's clustering time against the plain-write floor."""
    report = _report(Q1_RUN)
    rows = report["workload"]
    seconds = {r["layout"]: r.get("cluster_seconds") for r in report["layouts"]}
    uniform, builtin = rows["ours-hilbert-sample"]["files_sum"], rows["builtin-hilbert-sample"]["files_sum"]
    floor = seconds.get("floor")
    names = list(rows["ours-hilbert-sample"]["files"])
    lines = ["| layout | table files | " + " | ".join(names) + " | files read | vs ours, equal cuts | vs built-in "
             "| tables read | clustering s | vs floor |",
             "|" + " --- |" * (len(names) + 8)]
    for name, label in {**WORKLOAD_NAMES, "floor": "floor (plain write)"}.items():
        if name not in rows:
            continue
        r = rows[name]
        bold = "**" if name.endswith("-auto") else ""
        spent = seconds.get(name)
        clustering = "" if not spent else f"{spent:.1f}"
        vs_floor = "" if not spent or not floor else f"{spent / floor:.2f}x"
        lines.append(f"| {label} | {r['table_files']} | " + " | ".join(str(r["files"][n]) for n in names)
                     + f" | {bold}{r['files_sum']}{bold} | {bold}{r['files_sum'] / uniform:.2f}x{bold} "
                     f"| {r['files_sum'] / builtin:.2f}x | {r['tables_read']:.2f} | {clustering} | {vs_floor} |")
    return "\n".join(lines) + "\n"
