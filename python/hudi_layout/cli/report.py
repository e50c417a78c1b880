"""``hudi-layout report PATH``: the layout report of a table (:mod:`hudi_layout.report`), files a point
query reads per column from the column-stats index, the grid or the continuous regions, and a
picture of the file boxes (``--png``, which needs matplotlib)."""
from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from dataclasses import asdict
from typing import Optional, Sequence

from .. import report as rp
from ..paths import TableNotFoundError, existing_table, local_table_error


def _missing(module: str) -> bool:
    """Whether ``module`` cannot be imported (not installed, or blocked in ``sys.modules``)."""
    try:
        return importlib.util.find_spec(module) is None
    except ValueError:  # in sys.modules as None: import blocked
        return True


def main(argv: Optional[Sequence[str]] = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m hudi_layout report", description=rp.__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("path")
    ap.add_argument("--columns", help="comma-separated; default: the latest clustering's columns")
    ap.add_argument("--before", help="also report the table as of this instant")
    ap.add_argument("--after", help="report the table as of this instant instead of the latest")
    ap.add_argument("--probes", type=int, default=500)
    ap.add_argument("--png", help="draw file boxes for --x and --y into this PNG")
    ap.add_argument("--x")
    ap.add_argument("--y")
    ap.add_argument("--weights", help="query shares of the columns, in --columns order (default: the weights "
                    "the latest clustering recorded) for the workload's average")
    ap.add_argument("--json", help="write the figures as JSON here")
    ap.add_argument("--verbose", action="store_true", help="show Spark's and Hudi's logging")
    args = ap.parse_args(argv)
    weights = None
    if args.weights:
        from ..options import parse_shares
        try:
            weights = parse_shares(args.weights)
        except ValueError as e:
            ap.error(f"--weights {e}, one per column")
    if args.png and not (args.x and args.y):
        ap.error("--png needs --x and --y")
    if args.png and _missing("matplotlib"):
        print("error: report --png needs matplotlib, which is not installed: pip install matplotlib", file=sys.stderr)
        return 2
    if args.probes < 1:
        ap.error(f"--probes {args.probes}: must be at least 1")
    not_found = local_table_error(args.path)
    if not_found:
        print(f"error: {not_found}", file=sys.stderr)
        return 2

    from pyspark.sql import SparkSession
    from ..spark import command_session
    spark = command_session(SparkSession.builder.appName("hudi-layout report")
                            .config("spark.ui.showConsoleProgress", "false"), args.verbose)
    try:
        args.path = existing_table(spark, args.path)
    except TableNotFoundError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    columns = args.columns.split(",") if args.columns else None
    snapshots = {}
    if args.before:
        snapshots[f"as of {args.before}"] = args.before
    snapshots[f"as of {args.after}" if args.after else "latest"] = args.after
    results = {label: rp.report(spark, args.path, columns, instant, args.probes) for label, instant in snapshots.items()}
    print(rp.markdown(results))
    grid = rp.layout_grid(spark, args.path)
    latest = results[list(results)[-1]]
    if grid and latest:
        print("\n".join(rp.grid_lines(grid, latest[0].files)))
    regions = rp.continuous_regions(spark, args.path)
    if regions:
        print("\n".join(rp.region_lines(regions)))
    if weights is None and not args.columns:
        weights = rp.layout_weights(spark, args.path)
    for label, rows in results.items():
        if weights and len(weights) != len(rows):
            print(f"error: {len(weights)} weights for {len(rows)} columns ({', '.join(r.column for r in rows)})")
            return 2
        if weights and rows:
            w = rp.workload(rows, weights)
            print(f"{label}: workload average {w['avg_files']:.1f} files per point query with weights "
                  f"{','.join(f'{x:g}' for x in weights)}; bound d * GM(p) * N^((d-1)/d) = {w['bound']:.1f}")
    if args.json:
        with open(args.json, "w") as f:
            out = {k: [dict(asdict(r), ratio=r.ratio) for r in v] for k, v in results.items()}
            json.dump(dict(out, continuous=regions) if regions else out, f, indent=2)
    if args.png:
        for label, instant in snapshots.items():
            png = args.png if label == list(snapshots)[-1] else args.png.replace(".png", "") + "-before.png"
            n = rp.draw_boxes(spark, args.path, args.x, args.y, png, instant, f"{label}: {args.x} x {args.y}")
            print(f"{png}: {n} file boxes")
    return 0
