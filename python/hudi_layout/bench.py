"""The skipping benchmark: hudi-layout against Hudi 1.2.0's built-in layouts, same table, same run.

    python -m hudi_layout bench [--scale 0.05 | --rows N] [--files 64] [--variant uniform|skewed|urls]
                                [--layouts ...] [--queries 5] [--repetitions 1] [--out DIR]

Writes the SSB-shaped table once, in random order, as ``--files`` files with the column-stats
index on; copies it per layout and clusters each copy into the same number of files (one group);
then runs, on every copy, point queries per filter column (``--queries`` random values each),
a range query per column and two-column conjunctions, with data skipping on. Reports files read
(Spark's ``numFiles``), skip %, the bound N^((d-1)/d), clustering wall time and shuffle bytes.
Every layout must return exactly the random layout's rows for every query, or the run fails.
Output: ``results.md``, ``results.json``, ``files_read.png`` in ``--out``.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import shutil
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from . import clustering, scan, ssb, tables
from .options import parse_shares

BUILTIN_CLASS = "org.apache.hudi.client.clustering.run.strategy.SparkSortAndSizeExecutionStrategy"
CURVES = {"linear": "linear", "zorder": "z-order", "hilbert": "hilbert"}
DEFAULT_LAYOUTS = ["random", "builtin-linear",
                   "builtin-zorder-direct", "builtin-zorder-sample",
                   "builtin-hilbert-direct", "builtin-hilbert-sample",
                   "ours-linear",
                   "ours-zorder-direct", "ours-zorder-sample",
                   "ours-hilbert-direct", "ours-hilbert-sample"]
REPO = Path(__file__).resolve().parents[2]


FLAGS = ("aligned", "weighted", "whole")


@dataclass(frozen=True)
class Layout:
    name: str
    impl: str = ""      # builtin | ours ("" for random)
    curve: str = ""     # linear | z-order | hilbert
    mapping: str = ""   # direct | sample
    aligned: bool = False   # ours only: files cut on the cells of a quantile grid
    weighted: bool = False  # ours only: column weights from --weights
    whole: bool = False     # the whole-partition plan instead of Hudi's size-based groups

    @staticmethod
    def parse(name: str) -> "Layout":
        if name == "random":
            return Layout(name)
        parts = name.split("-")
        flags = []
        while len(parts) > 2 and parts[-1] in FLAGS and parts[-1] not in flags:
            flags.insert(0, parts.pop())
        usage = (f"unknown layout '{name}': expected random, or (builtin|ours)-(linear|zorder|hilbert)"
                 f"[-(direct|sample)][-aligned][-weighted][-whole], e.g. ours-hilbert-sample, "
                 f"ours-hilbert-sample-aligned-weighted, builtin-zorder-sample-whole; aligned and weighted "
                 f"are ours only and not with linear")
        if len(parts) not in (2, 3) or parts[0] not in ("builtin", "ours") or parts[1] not in CURVES:
            raise ValueError(usage)
        if ("aligned" in flags or "weighted" in flags) and (parts[0] != "ours" or parts[1] == "linear"):
            raise ValueError(usage)
        mapping = parts[2] if len(parts) == 3 else "direct"
        if mapping not in ("direct", "sample"):
            raise ValueError(f"unknown mapping in layout '{name}': expected direct or sample")
        return Layout(name, parts[0], CURVES[parts[1]], mapping, "aligned" in flags, "weighted" in flags,
                      "whole" in flags)

    def options(self, columns, total_bytes: int, files: int, sample_size: int,
                weights: Optional[Sequence[float]] = None, groups: int = 1) -> Dict[str, str]:
        """Clustering options: ``files`` files from ``total_bytes``, in one group, or in about
        ``groups`` groups under Hudi's size-based plan (the whole-partition plan ignores it)."""
        if self.weighted and not weights:
            raise ValueError(f"layout {self.name} needs --weights (the query shares of the filter columns)")
        group_bytes = max(total_bytes, 1) * 4 if groups <= 1 else math.ceil(total_bytes * 1.01 / groups)
        opts = tables.layout_options(columns, self.curve, self.mapping, total_bytes, files,
                                     sample_size=sample_size, aligned=self.aligned,
                                     weights=tuple(weights) if self.weighted else None,
                                     whole_partition=self.whole, max_bytes_per_group=group_bytes)
        # Hudi's writer rolls a file over at target * (1 + compression.ratio), judged by a size
        # estimate taken before compression; with the default ratio (0.1) the built-in strategy
        # splits every planned file in two or three. The same headroom for every layout keeps
        # the file count N equal, as the comparison needs.
        opts["hoodie.parquet.compression.ratio"] = "4"
        if self.impl == "builtin":
            opts[clustering.STRATEGY_KEY] = BUILTIN_CLASS
        return opts


@dataclass
class Query:
    kind: str           # point | range | and
    label: str
    predicate: str


@dataclass
class Measured:
    layout: str
    files: int = 0
    cluster_seconds: float = 0.0
    shuffle_bytes: int = 0
    recorded: Dict[str, str] = field(default_factory=dict)  # hudilayout.* of our replacecommit
    queries: List[dict] = field(default_factory=list)


def make_queries(spark, source: str, columns, per_column: int, seed: int) -> List[Query]:
    rng = random.Random(seed)
    df = spark.read.parquet(source)
    values = {c: sorted(r[0] for r in df.select(c).distinct().collect()) for c in columns}
    out: List[Query] = []
    for c in columns:
        for v in rng.sample(values[c], per_column):
            out.append(Query("point", c, f"{c} = '{v}'"))
    for c in columns:
        vs = values[c]
        width = max(1, len(vs) // 20)  # about 5% of the column's values
        i = rng.randrange(0, len(vs) - width)
        out.append(Query("range", c, f"{c} BETWEEN '{vs[i]}' AND '{vs[i + width - 1]}'"))
    for a, b in ((columns[0], columns[1]), (columns[1], columns[2]), (columns[0], columns[2])):
        row = df.select(a, b).limit(1 + rng.randrange(1000)).collect()[-1]
        out.append(Query("and", f"{a}&{b}", f"{a} = '{row[0]}' AND {b} = '{row[1]}'"))
    return out


def run_query(spark, path: str, q: Query) -> Tuple[int, Tuple[int, int], float]:
    """(files read, (rows, checksum of their record keys), seconds). Keys identify rows; that
    clustering leaves every row's contents unchanged is what the test suite checks."""
    from pyspark.sql import functions as F
    df = scan.skipping_reader(spark, path).where(q.predicate)
    agg = df.agg(F.count(F.lit(1)).alias("n"), F.sum(F.xxhash64("lo_key").cast("decimal(38,0)")).alias("h"))
    t0 = time.time()
    rows, files = scan.files_read(agg)
    return files, (int(rows[0]["n"]), int(rows[0]["h"] or 0)), time.time() - t0


def table_files(spark, path: str) -> int:
    """Files in the table's latest snapshot: what a scan with no filter reads."""
    _, files = scan.files_read(scan.skipping_reader(spark, path).groupBy().count())
    return files


def session(memory: str):
    from pyspark.sql import SparkSession
    from .spark import configure_spark
    builder = (SparkSession.builder.master("local[2]").appName("hudi-layout-bench")
               .config("spark.driver.memory", memory)
               .config("spark.sql.shuffle.partitions", "16")
               .config("spark.ui.enabled", "false")
               .config("spark.ui.showConsoleProgress", "false")
               .config("spark.sql.session.timeZone", "UTC"))
    return configure_spark(builder).getOrCreate()


def progress(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", flush=True)


def run(args, spark=None) -> dict:
    """Run the benchmark; uses ``spark`` if given (and leaves it running), else its own session."""
    layouts = [Layout.parse(n) for n in args.layouts.split(",")]
    weights = parse_weights(getattr(args, "weights", ""), ssb.filter_columns(args.variant))
    groups = getattr(args, "groups", 1)
    if layouts[0].name != "random":
        layouts.insert(0, Layout("random"))
    out = Path(args.out)
    shutil.rmtree(out / "tables", ignore_errors=True)
    (out / "tables").mkdir(parents=True, exist_ok=True)
    own_session = spark is None
    if own_session:
        spark = session(args.memory)
        spark.sparkContext.setLogLevel("ERROR")
    # Hudi's built-in linear layout sorts into spark.sql.shuffle.partitions ranges (which adaptive
    # execution would coalesce) and then coalesces to the file count; shuffle partitions = N and
    # no adaptive coalescing let that layout write N files too.
    saved = {k: spark.conf.get(k) for k in ("spark.sql.shuffle.partitions",
                                             "spark.sql.adaptive.coalescePartitions.enabled")}
    spark.conf.set("spark.sql.shuffle.partitions", str(args.files))
    spark.conf.set("spark.sql.adaptive.coalescePartitions.enabled", "false")
    sc = spark.sparkContext
    meter = sc._jvm.dev.hudilayout.bench.ShuffleMeter.attach(sc._jsc.sc())

    columns = ssb.filter_columns(args.variant)
    progress(f"generating {args.rows or args.scale} {'rows' if args.rows else 'x SSB scale'} "
             f"({args.variant}, seed {args.seed})")
    t0 = time.time()
    source = ssb.write_parquet(str(out / "tables" / "source"), args.rows, args.seed, args.scale, args.variant)
    progress(f"generated in {time.time() - t0:.1f}s")
    base = str(out / "tables" / "random")
    progress(f"writing the random table as {args.files} files")
    opts = tables.cow_table_options("ssb", "lo_key", columns, args.files)
    spark.read.parquet(source).repartition(args.files).write.format("hudi").options(**opts) \
        .mode("overwrite").save(base)
    total = tables.table_bytes(base)
    queries = make_queries(spark, source, columns, args.queries, args.seed)
    if args.warmup:
        # One clustering whose figures are thrown away, so JIT and class loading do not count
        # against whichever layout happens to run first.
        progress("warm-up clustering (not measured)")
        warm = str(out / "tables" / "warmup")
        shutil.copytree(base, warm)
        clustering.schedule_and_execute(spark, warm, Layout.parse("builtin-zorder-sample").options(
            columns, total, args.files, args.sample_size))
        shutil.rmtree(warm, ignore_errors=True)

    results: List[Measured] = []
    expected: Dict[str, Tuple[int, int]] = {}
    for layout in layouts:
        path = base
        m = Measured(layout.name)
        if layout.name != "random":
            path = str(out / "tables" / layout.name)
            shutil.copytree(base, path)
            progress(f"clustering {layout.name}")
            before = meter.bytesWritten(sc._jsc.sc())
            t0 = time.time()
            instant = clustering.schedule_and_execute(
                spark, path, layout.options(columns, total, args.files, args.sample_size, weights, groups))
            m.cluster_seconds = time.time() - t0
            m.shuffle_bytes = meter.bytesWritten(sc._jsc.sc()) - before
            if not instant:
                raise SystemExit(f"Hudi scheduled no clustering for {layout.name}")
            m.recorded = clustering.recorded(spark, path, instant)
        m.files = table_files(spark, path)
        progress(f"querying {layout.name} ({m.files} files)")
        for q in queries:
            runs = [run_query(spark, path, q) for _ in range(args.repetitions)]
            files, rows, _ = runs[0]
            if layout.name == "random":
                expected[q.predicate] = rows
            elif rows != expected[q.predicate]:
                raise SystemExit(f"WRONG RESULT: {layout.name} returned {rows} for {q.predicate}, "
                                 f"random layout returned {expected[q.predicate]}")
            m.queries.append({"kind": q.kind, "label": q.label, "predicate": q.predicate,
                              "files": files, "rows": rows[0], "seconds": min(r[2] for r in runs)})
        results.append(m)
        if layout.name != "random" and not args.keep_tables:
            shutil.rmtree(path, ignore_errors=True)
    for k, v in saved.items():
        spark.conf.set(k, v)
    if own_session:
        spark.stop()
    report = summarise(args, columns, results, weights)
    write_outputs(out, report)
    return report


def parse_weights(raw: str, columns: Sequence[str]) -> Optional[List[float]]:
    """``--weights``: the query shares of the filter columns, in their order (normalised)."""
    if not raw:
        return None
    try:
        return parse_shares(raw, len(columns))
    except ValueError as e:
        raise ValueError(f"--weights {e} (for {', '.join(columns)})") from None


def summarise(args, columns, results: List[Measured], weights: Optional[Sequence[float]] = None) -> dict:
    d = len(columns)
    rows = []
    for m in results:
        def avg(kind, label=None):
            xs = [q["files"] for q in m.queries if q["kind"] == kind and (label is None or q["label"] == label)]
            return sum(xs) / len(xs) if xs else 0.0
        point = {c: avg("point", c) for c in columns}
        rows.append({
            "layout": m.layout, "files": m.files, "bound": m.files ** ((d - 1) / d),
            "point": point, "point_avg": sum(point.values()) / d,
            "range_avg": avg("range"), "and_avg": avg("and"),
            "cluster_seconds": m.cluster_seconds, "shuffle_bytes": m.shuffle_bytes,
            "query_seconds": sum(q["seconds"] for q in m.queries),
            "groups": int(m.recorded["hudilayout.groups"]) if "hudilayout.groups" in m.recorded else None,
            "buckets": m.recorded.get("hudilayout.buckets"),
            "queries": m.queries,
        })
        if weights:
            rows[-1]["workload_avg"] = sum(p * point[c] for p, c in zip(weights, columns))
    by_name = {r["layout"]: r for r in rows}
    for r in rows:
        if r["layout"].startswith("ours-"):
            twin = by_name.get("builtin-" + r["layout"][len("ours-"):])
            if twin and twin["cluster_seconds"] > 0:
                r["time_vs_builtin"] = r["cluster_seconds"] / twin["cluster_seconds"]
    params = {k: v for k, v in vars(args).items() if k != "func"}
    params.setdefault("weights", "")
    params.setdefault("groups", 1)
    return {"parameters": params, "filter_columns": list(columns), "layouts": rows}


def markdown(report: dict) -> str:
    p = report["parameters"]
    cols = report["filter_columns"]
    size = f"rows={p['rows']}" if p["rows"] else f"scale={p['scale']}"
    weighted = bool(p.get("weights"))
    grouped = p.get("groups", 1) > 1
    extra_head = (" workload avg |" if weighted else "") + (" groups |" if grouped else "")
    lines = [f"{size} variant={p['variant']} files={p['files']} queries/column={p['queries']} "
             f"repetitions={p['repetitions']} seed={p['seed']} sample.size={p['sample_size']}"
             + (f" weights={p['weights']}" if weighted else "") + (f" groups={p['groups']}" if grouped else ""), "",
             "| layout | files | " + " | ".join(f"{c} files read (skip %)" for c in cols)
             + " | point avg |" + extra_head + " bound | range avg | 2-col avg | cluster s | time vs built-in | shuffle MB |",
             "| --- | --- | " + " | ".join("---" for _ in cols) + " | --- |" + " --- |" * (weighted + grouped)
             + " --- | --- | --- | --- | --- | --- |"]
    for r in report["layouts"]:
        cells = [f"{r['point'][c]:.1f} ({100 * (1 - r['point'][c] / r['files']):.1f}%)" for c in cols]
        ratio = f"{r['time_vs_builtin']:.2f}x" if "time_vs_builtin" in r else ""
        extra = (f" {r['workload_avg']:.1f} |" if weighted else "") \
            + (f" {r['groups'] if r.get('groups') else ''} |" if grouped else "")
        lines.append(f"| {r['layout']} | {r['files']} | " + " | ".join(cells) + f" | {r['point_avg']:.1f} |" + extra
                     + f" {r['bound']:.1f} | {r['range_avg']:.1f} | {r['and_avg']:.1f}"
                     + f" | {r['cluster_seconds']:.1f} | {ratio} | {r['shuffle_bytes'] / 1e6:.1f} |")
    return "\n".join(lines) + "\n"


def head_to_head(report: dict) -> str:
    """Per query, ours against the built-in implementation of the same curve and mapping."""
    by_name = {r["layout"]: r for r in report["layouts"]}
    lines = ["| curve / mapping | queries | ours fewer files | equal | ours more | ours avg | built-in avg "
             "| worst query for ours (ours / built-in) |", "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for name, ours in by_name.items():
        if not name.startswith("ours-") or "builtin-" + name[5:] not in by_name:
            continue
        theirs = by_name["builtin-" + name[5:]]
        pairs = list(zip(ours["queries"], theirs["queries"]))
        fewer = sum(1 for a, b in pairs if a["files"] < b["files"])
        more = [(a["files"] - b["files"], a, b) for a, b in pairs if a["files"] > b["files"]]
        worst = max(more, key=lambda t: t[0]) if more else None
        worst_text = f"{worst[1]['predicate']} ({worst[1]['files']} / {worst[2]['files']})" if worst else "none"
        avg = lambda r: sum(q["files"] for q in r["queries"]) / max(1, len(r["queries"]))
        lines.append(f"| {name[5:]} | {len(pairs)} | {fewer} | {len(pairs) - fewer - len(more)} | {len(more)} "
                     f"| {avg(ours):.1f} | {avg(theirs):.1f} | {worst_text} |")
    return "\n".join(lines) + "\n"


def write_outputs(out: Path, report: dict) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "results.json").write_text(json.dumps(report, indent=2))
    (out / "results.md").write_text(markdown(report) + "\n" + head_to_head(report))
    try:
        chart(report, out / "files_read.png")
    except ImportError:
        print("matplotlib is not installed: no chart", file=sys.stderr)


def chart(report: dict, png: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    rows = report["layouts"]
    cols = report["filter_columns"]
    fig, ax = plt.subplots(figsize=(max(8, 1.1 * len(rows)), 5))
    width = 0.8 / len(cols)
    for i, c in enumerate(cols):
        ax.bar([x + i * width for x in range(len(rows))], [r["point"][c] for r in rows], width, label=c)
    bound = rows[-1]["bound"]
    ax.axhline(bound, color="black", linestyle="--", linewidth=1, label=f"bound N^((d-1)/d) = {bound:.1f}")
    ax.set_xticks([x + width * (len(cols) - 1) / 2 for x in range(len(rows))])
    ax.set_xticklabels([r["layout"] for r in rows], rotation=35, ha="right")
    ax.set_ylabel("files read per point query (avg)")
    p = report["parameters"]
    size = f"{p['rows']} rows" if p["rows"] else f"scale {p['scale']}"
    ax.set_title(f"SSB {size} ({p['variant']}), {p['files']} files: files read per point query")
    ax.legend()
    fig.tight_layout()
    fig.savefig(png, dpi=110)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m hudi_layout bench", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--scale", type=float, default=0.05, help="SSB scale factor (6M rows per unit)")
    p.add_argument("--rows", type=int, default=0, help="exact row count (overrides --scale)")
    p.add_argument("--variant", default="uniform", choices=ssb.VARIANTS)
    p.add_argument("--files", type=int, default=64)
    p.add_argument("--layouts", default=",".join(DEFAULT_LAYOUTS))
    p.add_argument("--queries", type=int, default=5, help="point queries per column")
    p.add_argument("--repetitions", type=int, default=1)
    p.add_argument("--sample-size", type=int, default=200_000)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--memory", default="6g")
    p.add_argument("--weights", default="", help="query shares of the filter columns, e.g. 0.6,0.3,0.1: "
                   "used by *-weighted layouts and reported as the workload's average files per query")
    p.add_argument("--groups", type=int, default=1, help="clustering groups Hudi's size-based plan makes "
                   "(max.bytes.per.group = table / groups); *-whole layouts lay the table out as one group")
    p.add_argument("--keep-tables", action="store_true")
    p.add_argument("--no-warmup", dest="warmup", action="store_false")
    p.add_argument("--out", default=str(REPO / "bench-output"))
    p.add_argument("--render", metavar="RESULTS_JSON", help="only re-render results.md and the chart from a results.json")
    args = p.parse_args(argv)
    if args.render:
        report = json.loads(Path(args.render).read_text())
        write_outputs(Path(args.render).parent, report)
        print(markdown(report) + "\n" + head_to_head(report))
        return 0
    try:
        columns = ssb.filter_columns(args.variant)
        weights = parse_weights(args.weights, columns)
        for name in args.layouts.split(","):
            layout = Layout.parse(name)
            if layout.impl:
                layout.options(columns, 1, 1, 1, weights)
    except ValueError as e:
        p.error(str(e))
    report = run(args)
    print(markdown(report) + "\n" + head_to_head(report))
    return 0
