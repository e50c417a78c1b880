"""The ``bench`` command: ``python -m bench`` runs the skipping benchmark
(:mod:`bench.bench`) or, with ``--rounds R``, the rounds benchmark
(:mod:`bench.rounds`), with ``--rounds R --concurrent`` the concurrent rounds benchmark
(:mod:`bench.concurrent`: the writes and an async clustering in two drivers, against
the same rounds run one after the other); ``--render`` re-renders either one's results. Every flag is
checked before Spark starts: the flags become a :class:`~bench.bench.BenchSpec` or a
:class:`~bench.rounds.RoundsSpec` (:func:`bench_spec`, :func:`rounds_spec`), whose
``validate`` names the flag of a value that cannot work."""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from pathlib import Path
from typing import Any, Dict, Optional, Tuple

from hudi_layout import jarpaths
from . import (bench, bench_report, concurrent, partitions, peers, probes, rounds, rounds_data, rounds_report, specs, ssb,
               workload, writes)
from .layouts import DEFAULT_LAYOUTS, layouts
from .queries import parse_weights


def parser() -> argparse.ArgumentParser:
    """The ``bench`` command's flags."""
    p = argparse.ArgumentParser(prog="python -m bench", description=bench.__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--scale", type=float, default=0.05, help="SSB scale factor (6M rows per unit)")
    p.add_argument("--rows", type=int, default=0, help="exact row count (overrides --scale)")
    p.add_argument("--variant", default="uniform", choices=ssb.VARIANTS)
    p.add_argument("--files", type=int, default=None, help="files every layout writes (default 64; not with --rounds)")
    p.add_argument("--layouts", default=None, help="comma-separated layout names (default: "
                   + ",".join(DEFAULT_LAYOUTS) + "; with --rounds: random and three clustered layouts)")
    p.add_argument("--queries", type=int, default=5, help="queries of each class: point and range queries per column, conjunctions per column pair")
    p.add_argument("--repetitions", type=int, default=1)
    p.add_argument("--sample-size", type=int, default=200_000)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--memory", default="6g")
    p.add_argument("--master", default="", metavar="MASTER",
                   help="Spark master (default local[2], one JVM: its heap holds the tasks' buffers too); e.g. "
                   "local-cluster[2,1,4096] runs two executors in JVMs of their own, so the driver heap reported "
                   "is the driver's alone (not with --rounds)")
    p.add_argument("--weights", default="", help="query shares of the filter columns, e.g. 0.6,0.3,0.1: "
                   "used by *-weighted layouts and reported as the workload's average files per query")
    p.add_argument("--groups", type=int, default=1, help="clustering groups Hudi's size-based plan makes "
                   "(max.bytes.per.group = table / groups); *-whole layouts lay the table out as one group")
    p.add_argument("--rounds", type=int, default=None, help="grow each layout's table in R rounds, each "
                   "a bulk insert of small files and a clustering (see bench/rounds.py)")
    p.add_argument("--rows-per-round", type=int, default=None, help="rows each round adds (default: the "
                   "--rows / --scale total divided by --rounds)")
    p.add_argument("--round-files", type=int, default=None, help="small files each round writes (default 40); "
                   "each round's clustering makes max(1, F // 5) of them")
    p.add_argument("--drift", default=None, metavar="COLUMN", help="with --rounds: rows arrive in the order of "
                   "this filter column (round r holds the r-th 1/R of the rows by it), as a timestamp or a "
                   "growing id would; default: every round a random sample of the same distribution")
    p.add_argument("--order", default=None, choices=rounds_data.ORDERS, help="with --rounds: random (default): every "
                   f"round a random sample of the same distribution; time: rows arrive in {ssb.DATE_COLUMN} order, "
                   "each round's dates past the earlier rounds' (not with --drift)")
    p.add_argument("--operation", default=None, choices=rounds.OPERATIONS, help="with --rounds: the Hudi write "
                   "operation of every round's write (default bulk_insert); insert and upsert write the rows with "
                   f"an int column {rounds_data.VERSION} as the table's ordering field")
    p.add_argument("--updates", type=float, default=None, metavar="U", help="with --rounds and --operation "
                   "upsert: each round after the first also updates U x its new rows, drawn from earlier rounds' "
                   "rows (default 0; at most 1)")
    p.add_argument("--update-from", default=None, choices=rounds_data.UPDATE_FROM, help="with --updates: "
                   "all (default): each round's updates drawn from every earlier round's rows; latest: from the "
                   f"latest {rounds_data.LATEST_ROUNDS} rounds' rows only (late-arriving changes)")
    p.add_argument("--concurrent", action="store_true", help="with --rounds and one clustered layout: run the "
                   "rounds twice, once with a clustering after each round's write and once with the clusterings "
                   "looping in a second Spark driver beside the writes (optimistic concurrency, file-system lock; "
                   "see bench/concurrent.py); reports writes refused or retried and why, clusterings "
                   "completed and rolled back, rows against the model after every round and files per point "
                   "query against the run without concurrency; exits 1 when rows ever differ from the model")
    p.add_argument("--table-type", default=None, choices=rounds.TABLE_TYPES, help="with --rounds: every layout's "
                   "table type (default COPY_ON_WRITE)")
    p.add_argument("--codec", default="", choices=writes.CODECS, help="the Parquet codec every layout writes "
                   "with, Hudi's and the peers' alike (default: each system's own: Hudi gzip, Delta snappy, "
                   "Iceberg zstd); not with --rounds")
    p.add_argument("--hudi-option", action="append", default=[], metavar="KEY=VALUE",
                   help="a Hudi option every Hudi table of the run is written and clustered with (the random "
                   "table, the floor and every Hudi layout alike), e.g. "
                   "hoodie.metadata.index.column.stats.parallelism=8; repeatable; with --rounds, every round's "
                   "write and clustering of every Hudi layout, e.g. hoodie.hudilayout.continuous.merge.tiers=2")
    p.add_argument("--partitions", type=int, default=0, metavar="P",
                   help="partition every Hudi table of the run into P partitions of about equal rows by "
                   f"--partition-column (column {partitions.FIELD}, the stretch's first value), about --files / P "
                   "files each; reports files per point query with and without a partition predicate against "
                   "the sum of the partitions' bounds, plan time and driver heap; with --rounds, each round's "
                   "small files go into the partitions its rows reach and each partition's files per point query "
                   "are reported against its own bound (default 0: one table, no partitions; not with the peers)")
    p.add_argument("--partition-column", default=None, metavar="COLUMN",
                   help=f"with --partitions: the column whose values are cut into P stretches (default "
                   f"{partitions.DEFAULT_COLUMN})")
    p.add_argument("--partition-growth", type=float, default=None, metavar="G",
                   help="with --partitions: partition sizes grow geometrically along --partition-column, the last "
                   "G times the first (a table that grew over time); files per partition follow its rows "
                   "(default 1: about equal rows)")
    p.add_argument("--hudi-version", default=None, metavar="V",
                   help="the Hudi version every Hudi session of the run uses, its bundle and our plugin jar for its "
                        "line: 1.2.0 (default), 1.0.2 or 0.15.0 (as HUDI_LAYOUT_HUDI_VERSION)")
    p.add_argument("--workload", default="", choices=[w for w in workload.WORKLOADS if w],
                   help="ssb: the 13 SSB queries instead of point, range and pair queries; the layouts that need "
                        "columns get the three the queries filter most, and an -auto layout records one pass of "
                        "the queries and clusters by the columns its log asks for; ssb-q1: the range-heavy Q1.x "
                        "family alone. With --rounds: each round's files read per query, an -auto layout "
                        "recording one pass of the queries before each clustering")
    p.add_argument("--keep-tables", action="store_true")
    p.add_argument("--no-warmup", dest="warmup", action="store_false",
                   help="skip the warm-up: by default every measured layout first runs once, unmeasured, on "
                   f"a small table ({bench.WARMUP_ROWS:,} rows), so no layout pays another's JIT and class loading")
    p.add_argument("--out", default="bench-output")
    p.add_argument("--render", metavar="RESULTS_JSON", help="only re-render results.md and the chart from a results.json")
    return p


def main(argv=None) -> int:
    """Runs the command; a layout asked for that cannot run here (a peer without its jars), or the
    probes' jar not built, is one line naming what is missing and exit status 2."""
    try:
        return _main(argv)
    except (peers.LayoutUnavailable, probes.BenchJarMissing) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


def _main(argv=None) -> int:
    p = parser()
    args = p.parse_args(argv)
    if args.hudi_version:
        try:
            version = jarpaths.resolve_version(args.hudi_version)
        except jarpaths.UnsupportedHudiVersion as e:
            p.error(f"--hudi-version: {e}")
        os.environ[jarpaths.ENV_VERSION] = version  # every session of the run: ours, the floor, Hudi's built-in
    if args.render:
        report = json.loads(Path(args.render).read_text())
        if report.get("mode") == "concurrent":
            concurrent.write_outputs(Path(args.render).parent, report)
            print(concurrent.render(report))
            return 0
        if report.get("mode") == "rounds":
            rounds_report.write_outputs(Path(args.render).parent, report)
            print(rounds_report.render(report))
            return 0
        if report.get("workload"):
            # the workload's sums again, from the layouts' rows: a render takes what the summary adds
            report["workload"] = workload.summary(report["layouts"], name=report["parameters"]["workload"],
                                                  table_rows=report.get("table_rows"))
        bench_report.write_outputs(Path(args.render).parent, report)
        print(bench_report.render(report))
        return 0
    if args.rounds is not None:
        return main_rounds(p, args)
    for flag, value in (("--rows-per-round", args.rows_per_round), ("--round-files", args.round_files),
                        ("--drift", args.drift), ("--order", args.order), ("--operation", args.operation),
                        ("--updates", args.updates), ("--table-type", args.table_type),
                        ("--update-from", args.update_from), ("--concurrent", args.concurrent or None)):
        if value is not None:
            p.error(f"{flag} {value}: only with --rounds R")
    try:
        spec = bench_spec(args).validate()
    except ValueError as e:
        p.error(str(e))
    report = bench.run(spec)
    print(bench_report.render(report))
    return 0


def table_fields(args: argparse.Namespace, default_layouts) -> Dict[str, Any]:
    """The :class:`~bench.specs.TableSpec` fields the flags give, both benchmarks alike
    (``default_layouts`` without ``--layouts``); ValueError naming the flag for a value that
    cannot be read."""
    given = {f.name: getattr(args, f.name) for f in dataclasses.fields(specs.TableSpec) if f.name != "hudi_options"}
    given.update(layouts=layouts(args.layouts or ",".join(default_layouts)), weights=weights(args.weights, args.variant, args.workload),
                 hudi_options=writes.parse_hudi_options(args.hudi_option))
    return given


def bench_spec(args: argparse.Namespace) -> bench.BenchSpec:
    """The run the flags ask for; ValueError naming the flag for a value that cannot be read."""
    return bench.BenchSpec(
        **table_fields(args, DEFAULT_LAYOUTS), files=64 if args.files is None else args.files, master=args.master,
        groups=args.groups, codec=args.codec)


def weights(raw: str, variant: str, workload_name: str = "") -> Optional[Tuple[float, ...]]:
    """``--weights 0.6,0.3,0.1`` as numbers (None for ""); ValueError naming ``--weights`` unless
    they are shares of the run's filter columns: the workload's user columns with ``--workload``,
    else the variant's."""
    if not raw:
        return None
    parse_weights(raw, workload.user_columns(workload_name) if workload_name else ssb.filter_columns(variant))
    return tuple(float(x) for x in raw.split(","))


def main_rounds(parser, args) -> int:
    """``bench --rounds R``: checks every flag before Spark starts, then runs :mod:`bench.rounds`."""
    if args.codec:
        parser.error(f"--codec {args.codec}: not with --rounds R (every round writes with each system's own codec)")
    if args.master:
        parser.error(f"--master {args.master}: not with --rounds R")
    if args.files is not None:
        parser.error(f"--files {args.files}: not with --rounds; the table's file count grows round by "
                     f"round: --round-files small files per round, clustered into max(1, F // "
                     f"{rounds_data.ROUND_COMPACTION}) files")
    if args.groups != 1:
        parser.error(f"--groups {args.groups}: not with --rounds; each round's clustering plans its "
                     f"small files as Hudi's size-based plan does (-whole layouts: the whole table)")
    try:
        spec = rounds_spec(args).validate()
    except ValueError as e:
        parser.error(str(e))
    if spec.concurrent:
        report = concurrent.run(spec)
        print(concurrent.render(report))
        return 0 if report["rows_match"] else 1
    report = rounds.run(spec)
    print(rounds_report.render(report))
    return 0


def rounds_spec(args: argparse.Namespace) -> rounds.RoundsSpec:
    """The rounds run the flags ask for (``--rounds`` given); ValueError naming the flag for a
    value that cannot be read."""
    return rounds.RoundsSpec(
        **table_fields(args, rounds.DEFAULT_LAYOUTS), rounds=args.rounds, rows_per_round=args.rows_per_round,
        round_files=args.round_files, drift=args.drift, order=args.order or "random",
        operation=args.operation or "bulk_insert", updates=args.updates or 0.0,
        table_type=args.table_type or "COPY_ON_WRITE", update_from=args.update_from or "all",
        concurrent=args.concurrent)
