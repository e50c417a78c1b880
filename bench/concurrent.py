"""The concurrent rounds benchmark: ``python -m bench --rounds R --concurrent``, an
upsert stream with async clustering beside it.

    python -m bench --rounds R --operation upsert --updates U --concurrent
                                [--update-from all|latest] --layouts LAYOUT [--hudi-option KEY=VALUE ...]
                                [--rows N | --rows-per-round M] [--round-files F] [--table-type ...] [--out DIR]

``LAYOUT`` is one clustered Hudi layout, e.g. ``ours-hilbert-sample-continuous``. The same rounds
of the same rows (:mod:`bench.rounds`: each round M new rows and round(U x M) updates)
run twice, into two tables:

- **sequential**: each round's write, then one clustering of the layout, as ``bench --rounds``
  does;
- **concurrent**: round 1's write and its clustering as in the sequential run, so that both runs
  start from the same first layout (a continuous layout's root grid is drawn once, by the first
  clustering, and decides how the files are cut among the columns from then on); then the other
  rounds' writes from the bench's driver, one after the other without waiting, and the clusterings
  from a second Spark driver (:mod:`bench.cluster_loop`, started once round 1 is
  clustered), which schedules and executes a clustering, pauses ``PAUSE`` seconds
  and goes again, as a stream's async clustering does. Both drivers run under optimistic
  concurrency with Hudi's file-system lock (``OCC``), and both get every ``--hudi-option``. After
  the last round the loop waits until the writers count as paused for the continuous plan (no write
  for twice their beat), runs clusterings until one finds nothing to do, and stops.

``--update-from latest`` draws each round's updates from the latest rounds' rows only
(:data:`~bench.rounds_data.LATEST_ROUNDS`, late-arriving changes); ``all`` (the default)
from every earlier round's.

A write Hudi refuses, or that loses a conflict, did not commit: it is retried, at most
``MAX_ATTEMPTS`` times, and each refusal counted with the innermost Hudi exception class behind it
as its reason (e.g. ``HoodieClusteringUpdateException``, ``HoodieWriteConflictException``).
Clusterings are counted from the loop's output (scheduled, completed, failed with their reason,
executed again) and the timeline at the end (rollbacks; a scheduled clustering that neither
completed nor is still pending was rolled back).

After every round of both runs the table's rows are read with data skipping off and checked
against the model of the rounds: the count, a checksum over every column, and every key once. A
round of the concurrent run that differs is reported, the run goes on, and the command exits
non-zero. After every round, and in the concurrent run once more after the loop's last
clustering, files read per point query over every value of each filter column are counted from
the column-stats index (:mod:`bench.every_query`). The report sets the concurrent
table's figures after the last clustering against the sequential table's after the last round:
per column and on average, and their ratio.

Output in ``--out``: ``results.json`` (``mode: concurrent``) and ``results.md``; ``--render``
re-renders them. The clustering driver's options and Spark log are in ``loop/``.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import asdict
from pathlib import Path
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from hudi_layout import clustering, scan, timeline
from hudi_layout import metadata as md
from hudi_layout.ingest import WRITERS_FIRST_OPTIONS
from hudi_layout.options import WRITERS_FIRST_KEY
from . import every_query
from .cluster_loop import exception_chain, hudi_cause
from .layouts import Layout
from .queries import column_pairs
from .rounds import RoundsRun, RoundsSpec, cluster_round, held_values, prepared, round_options
from .rounds_data import KEY, ROUND_COMPACTION, Sizes, ingest
from .sessions import progress

#: Optimistic concurrency with Hudi's file-system lock (one machine), for both drivers.
OCC = {
    "hoodie.write.concurrency.mode": "OPTIMISTIC_CONCURRENCY_CONTROL",
    "hoodie.write.lock.provider": "org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider",
    "hoodie.clean.failed.writes.policy": "LAZY",
}
#: Attempts at one round's write before the run gives up.
MAX_ATTEMPTS = 10
#: Seconds the clustering loop pauses between clusterings, and the writer before a retry.
PAUSE = 1.0
#: Seconds the loop may take to finish its last clustering once the writer is done.
DRAIN_SECONDS = 900
#: Reads of a table that a concurrent commit or clean made fail, before the run gives up.
READ_ATTEMPTS = 4


class Loop:
    """The clustering driver (:mod:`bench.cluster_loop`) in a process of its own, its
    output lines collected as they come."""

    def __init__(self, path: str, options: Dict[str, str], folder: Path, shuffle_partitions: int):
        folder.mkdir(parents=True, exist_ok=True)
        self.stop_file = folder / "stop"
        self.stop_file.unlink(missing_ok=True)
        (folder / "options.json").write_text(json.dumps({"options": options}, indent=1))
        package = str(Path(__file__).resolve().parents[2])
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([package] + [p for p in [os.environ.get("PYTHONPATH")] if p]))
        self.log = open(folder / "cluster_loop.log", "w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bench.cluster_loop", path, "--options-json",
             str(folder / "options.json"), "--until", str(self.stop_file), "--pause", str(PAUSE),
             "--shuffle-partitions", str(shuffle_partitions)],
            stdout=subprocess.PIPE, stderr=self.log, text=True, env=env)
        self.lines: List[Tuple[float, str]] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            line = line.strip()
            if line.split(" ", 1)[0] in EVENTS:
                self.lines.append((time.time(), line))
                if line != "nothing":
                    progress(f"clustering driver: {line}")

    def finish(self) -> int:
        """Asks for one last clustering and waits for the loop to end; its exit code."""
        self.stop_file.touch()
        try:
            code = self.process.wait(timeout=DRAIN_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = self.process.wait()
        self.reader.join(timeout=10)
        self.log.close()
        return code

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.log.close()

    def completed(self) -> int:
        return sum(1 for _, line in self.lines if line.startswith("completed "))


EVENTS = ("scheduled", "retry", "completed", "failed", "abandoned", "nothing", "error", "paused", "done")


def clustering_events(lines: Sequence[str], instants: Sequence[dict], pending: Sequence[str]) -> dict:
    """The loop's clusterings from its output ``lines`` and the table's timeline at the end
    (``instants``, :func:`hudi_layout.timeline.instants`; ``pending`` clusterings): scheduled,
    completed, failed (by reason), executed again, left, rolled back (scheduled, not completed,
    no longer pending), still pending, and the rollbacks on the timeline."""
    words = [line.split(" ") for line in lines]
    scheduled = [w[1] for w in words if w[0] == "scheduled"]
    completed = {w[1] for w in words if w[0] == "completed"}
    reasons: Dict[str, int] = {}
    failures = []
    for w in words:
        if w[0] in ("failed", "error"):
            reason = w[2] if w[0] == "failed" else w[1]
            reasons[reason] = reasons.get(reason, 0) + 1
            failures.append(" ".join(w[1:])[:300])
    return {"scheduled": len(scheduled), "completed": len(completed),
            "failed": sum(1 for w in words if w[0] == "failed"),
            "errors": sum(1 for w in words if w[0] == "error"),
            "retried": sum(1 for w in words if w[0] == "retry"),
            "abandoned": sum(1 for w in words if w[0] == "abandoned"),
            "nothing_planned": sum(1 for w in words if w[0] == "nothing"),
            "rolled_back": sorted(i for i in set(scheduled) if i not in completed and i not in pending),
            "pending_at_end": list(pending),
            "failure_reasons": reasons, "failures": failures[:20],
            "rollbacks_on_timeline": sum(1 for i in instants if i["action"] == "rollback"),
            "clustering_commits_on_timeline": sum(1 for i in instants
                                                  if i["action"] in ("replacecommit", "clustering")
                                                  and i["completed"])}


def write_round(ctx: RoundsRun, layout: Layout, path: str, r: int, extra: Dict[str, str],
                refusals: List[dict]) -> int:
    """Round ``r``'s write into the table at ``path``, retried while Hudi refuses it or it loses a
    conflict (each refusal added to ``refusals`` with its reason); the attempts it took.
    RuntimeError after ``MAX_ATTEMPTS``."""
    for attempt in range(1, MAX_ATTEMPTS + 1):
        t0 = time.time()
        try:
            ingest(ctx.spark, path, ctx.sources.written(r), ctx.columns, ctx.plan, ctx.feed, first=r == 1,
                   on_grid=layout.continuous, extra=extra)
            return attempt
        except Exception as e:  # refused (a pending clustering) or lost a conflict: not committed
            reason, message = hudi_cause(e)
            refusals.append({"round": r, "attempt": attempt, "reason": reason, "message": message,
                             "chain": [cls for cls, _ in exception_chain(e)][:8],
                             "seconds": round(time.time() - t0, 1)})
            progress(f"concurrent: round {r} write attempt {attempt} refused: {reason}: {message[:200]}")
            time.sleep(PAUSE)
    raise RuntimeError(f"round {r}: the write did not commit in {MAX_ATTEMPTS} attempts: "
                       f"{refusals[-1]['reason']}: {refusals[-1]['message']}")


def _retried(what: str, read):
    """``read()``, tried again when a concurrent commit or clean made it fail."""
    for attempt in range(1, READ_ATTEMPTS + 1):
        try:
            return read()
        except Exception as e:
            if attempt == READ_ATTEMPTS:
                raise
            progress(f"{what}: read failed ({hudi_cause(e)[0]}), reading again")
            time.sleep(PAUSE)


def measure(ctx: RoundsRun, path: str, r: int, what: str) -> dict:
    """After round ``r``: the table's rows (count, checksum over every column, distinct keys) against
    the model, its files, and files read per point query over every value of each filter column."""
    from pyspark.sql import functions as F

    def contents():
        df = scan.read(ctx.spark, path, skipping=False).agg(*scan.row_checksum(ctx.sources.columns),
                                                          F.countDistinct(KEY).alias("k"))
        rows, files = scan.files_read(df)
        return files, int(rows[0]["n"]), int(rows[0]["h"] or 0), int(rows[0]["k"])
    files, n, h, keys = _retried(what, contents)
    model = ctx.models[r - 1]
    values, sample = held_values(ctx, r)
    bounds = _retried(what, lambda: every_query.FileBounds.of_hudi(ctx.spark, path, ctx.columns))
    figures = every_query.class_averages(bounds, values, sample, column_pairs(ctx.columns))
    return {"round": r, "rows": n, "checksum": str(h), "keys": keys, "model_rows": model[0],
            "model_checksum": str(model[1]), "match": (n, h) == model and keys == n, "files": files,
            "point": figures["point"], "point_avg": figures["point_avg"], "range_avg": figures["range_avg"],
            "and_avg": figures["and_avg"]}


def sequential(ctx: RoundsRun, layout: Layout, path: str) -> List[dict]:
    """Each round's write, then a clustering (as ``bench --rounds``), measured after each round."""
    rows = []
    for r in range(1, ctx.plan.rounds + 1):
        progress(f"sequential: round {r}/{ctx.plan.rounds}")
        ingest(ctx.spark, path, ctx.sources.written(r), ctx.columns, ctx.plan, ctx.feed, first=r == 1,
               on_grid=layout.continuous, extra=ctx.spec.hudi_options)
        if ctx.sizes is None:
            written = timeline.write_stats(ctx.spark, path)
            ctx.sizes = Sizes.of_round(sum(c["bytes_written"] for c in written), ctx.plan)
            progress(f"plan sizes from round 1: {ctx.sizes}")
        seconds, _, instant = cluster_round(ctx, layout, path, r)
        row = measure(ctx, path, r, "sequential")
        row.update(clustered=instant is not None, cluster_seconds=round(seconds, 1))
        if not row["match"]:
            raise SystemExit(f"WRONG RESULT: the sequential run after round {r} holds {row['rows']} rows "
                             f"({row['keys']} keys, checksum {row['checksum']}), the model {row['model_rows']} "
                             f"rows (checksum {row['model_checksum']})")
        progress(f"sequential: round {r}: {row['files']} files, point avg {row['point_avg']:.2f}")
        rows.append(row)
    return rows


def writer_options(hudi_options: Mapping[str, str]) -> Dict[str, str]:
    """What ``hudi_layout.write`` adds to a write under optimistic concurrency with ``writers_first``
    on (its default): the keys that let a write into file groups under a pending clustering. The
    rounds' writes are raw Hudi writes, so the bench adds them as the library would; none when a
    ``--hudi-option`` turns ``writers_first`` off."""
    on = str(hudi_options.get(WRITERS_FIRST_KEY, "true")).strip().lower() != "false"
    return dict(WRITERS_FIRST_OPTIONS) if on else {}


def concurrent(ctx: RoundsRun, layout: Layout, path: str, folder: Path) -> dict:
    """The rounds' writes from this driver and the clusterings from the loop's, beside them."""
    extra = {**OCC, **writer_options(ctx.spec.hudi_options), **ctx.spec.hudi_options}
    opts = {**round_options(layout, ctx.columns, ctx.sizes, ctx.plan, ctx.spec.sample_size, ctx.weights), **extra}
    rows: List[dict] = []
    refusals: List[dict] = []
    loop: Optional[Loop] = None
    failed, code = "", 0
    t0 = time.time()
    try:
        for r in range(1, ctx.plan.rounds + 1):
            progress(f"concurrent: round {r}/{ctx.plan.rounds}")
            try:
                attempts = write_round(ctx, layout, path, r, extra, refusals)
            except RuntimeError as e:
                failed = str(e)
                progress(f"concurrent: {failed}")
                break
            if loop is None:
                # the first layout, as the sequential run's: the loop then clusters beside the writes
                cluster_round(ctx, layout, path, r)
                loop = Loop(path, opts, folder / "loop", ctx.plan.files_per_round)
            row = measure(ctx, path, r, "concurrent")
            row.update(attempts=attempts, clusterings_completed=loop.completed(),
                       seconds=round(time.time() - t0, 1))
            rows.append(row)
            progress(f"concurrent: round {r}: {row['files']} files, point avg {row['point_avg']:.2f}, rows "
                     + ("match the model" if row["match"] else
                        f"DIFFER: {row['rows']} rows, {row['keys']} keys, model {row['model_rows']}")
                     + f", {loop.completed()} clusterings completed so far")
        code = loop.finish() if loop else 0
        progress(f"concurrent: the clustering driver ended ({code})")
    finally:
        if loop:
            loop.kill()
    final = measure(ctx, path, len(rows), "concurrent") if rows else None
    if final:
        final["clusterings_completed"] = loop.completed() if loop else 0
    events = clustering_events([line for _, line in loop.lines] if loop else [],
                               timeline.instants(ctx.spark, path), clustering.pending(ctx.spark, path))
    events["driver_exit"] = code
    reasons: Dict[str, int] = {}
    for x in refusals:
        reasons[x["reason"]] = reasons.get(x["reason"], 0) + 1
    return {"rounds": rows, "final": final, "failed": failed, "seconds": round(time.time() - t0, 1),
            "writes": {"rounds": len(rows), "attempts": len(rows) + len(refusals), "refused": len(refusals),
                       "rounds_retried": len({x["round"] for x in refusals}), "reasons": reasons,
                       "refusals": refusals},
            "clusterings": events}


def compare(seq: dict, conc: dict, columns: Sequence[str]) -> dict:
    """Files per point query per column and on average, concurrent over sequential."""
    def ratio(a, b):
        return a / b if b else (1.0 if a == b else float("inf"))
    out = {c: {"sequential": seq["point"][c], "concurrent": conc["point"][c],
               "ratio": ratio(conc["point"][c], seq["point"][c])} for c in columns}
    out["average"] = {"sequential": seq["point_avg"], "concurrent": conc["point_avg"],
                      "ratio": ratio(conc["point_avg"], seq["point_avg"])}
    out["files"] = {"sequential": seq["files"], "concurrent": conc["files"], "ratio": ratio(conc["files"], seq["files"])}
    return out


def run(spec: RoundsSpec, spark=None) -> dict:
    """Run the concurrent benchmark ``spec`` describes (``concurrent`` set; checked first); uses
    ``spark`` if given, else its own session. Writes results.json and results.md into
    ``spec.out``; returns the report (``rows_match`` False when any round's rows differed from the
    model, ``failed`` set when a write never committed)."""
    spec.validate()
    if not spec.concurrent:
        raise ValueError("concurrent.run: the spec has no --concurrent")
    layout = next(lay for lay in spec.layouts if lay.name != "random")
    out = Path(spec.out).resolve()
    folder = out / "tables"
    with prepared(spec, spark, folder) as ctx:
        t0 = time.time()
        seq = sequential(ctx, layout, str(folder / "sequential"))
        seq_seconds = time.time() - t0
        conc = concurrent(ctx, layout, str(folder / "concurrent"), out)
        first = {run: first_layout(ctx.spark, str(folder / run)) for run in ("sequential", "concurrent")}
    if not spec.keep_tables:
        shutil.rmtree(folder, ignore_errors=True)
    report = summarise(spec, ctx, layout, seq, conc, seq_seconds)
    report["first_layout"] = first
    write_outputs(out, report)
    return report


def first_layout(spark, path: str) -> Dict[str, str]:
    """The region trees the table's first clustering recorded (``hudilayout.continuous.grid.*``), by key."""
    commits = timeline.clustering_commits(spark, path)
    return {k: v for k, v in commits[0]["extra"].items() if k.startswith(md.CONTINUOUS_GRID)} if commits else {}


def summarise(spec: RoundsSpec, ctx: RoundsRun, layout: Layout, seq: List[dict], conc: dict,
              seq_seconds: float) -> dict:
    final = conc["final"]
    rows_match = bool(conc["rounds"]) and all(r["match"] for r in conc["rounds"]) and bool(final and final["match"])
    return {"mode": "concurrent", "parameters": spec.parameters(), "layout": layout.name,
            "plan": {**asdict(ctx.plan), "files_per_round": ctx.plan.files_per_round,
                     "compaction": ROUND_COMPACTION},
            "sizes": asdict(ctx.sizes) if ctx.sizes else None, "filter_columns": list(ctx.columns),
            "occ": OCC, "pause_seconds": PAUSE, "max_attempts": MAX_ATTEMPTS,
            "sequential": {"rounds": seq, "seconds": round(seq_seconds, 1)},
            "concurrent": conc,
            "comparison": compare(seq[-1], final, ctx.columns) if final and len(conc["rounds"]) == len(seq) else None,
            "rows_match": rows_match and not conc["failed"]}


def render(report: dict) -> str:
    """``results.md``: the run, the writes refused, the clusterings, the rows per round and the
    files per point query, concurrent against sequential."""
    p, conc, cols = report["parameters"], report["concurrent"], report["filter_columns"]
    w, c = conc["writes"], conc["clusterings"]
    lines = [f"Concurrent rounds: layout {report['layout']}, rounds={p['rounds']} rows/round="
             f"{report['plan']['rows_per_round']} small files/round={report['plan']['round_files']} "
             f"operation={p['operation']} updates={p['updates']} update-from={p.get('update_from') or 'all'} "
             f"table.type={p['table_type']} seed={p['seed']}"
             + "".join(f" --hudi-option {x}" for x in p.get("hudi_option") or []), "",
             f"Writes: {w['rounds']} rounds in {w['attempts']} attempts; {w['refused']} refused or retried "
             f"({w['rounds_retried']} rounds)" + (": " + ", ".join(f"{k} x{v}" for k, v in sorted(w["reasons"].items()))
                                                 if w["reasons"] else "") + ".",
             f"Clusterings (second driver, pause {report['pause_seconds']:g} s): {c['scheduled']} scheduled, "
             f"{c['completed']} completed, {c['failed']} failed"
             + (" (" + ", ".join(f"{k} x{v}" for k, v in sorted(c["failure_reasons"].items())) + ")"
                if c["failure_reasons"] else "")
             + f", {c['retried']} executed again, {len(c['rolled_back'])} rolled back, "
             f"{len(c['pending_at_end'])} pending at the end, {c['nothing_planned']} found nothing to do; "
             f"{c['rollbacks_on_timeline']} rollbacks on the timeline. Sequential run: one clustering after "
             "each round.",
             f"Seconds: sequential {report['sequential']['seconds']:.0f}, concurrent {conc['seconds']:.0f} (with the "
             "driver's last clustering).", ""]
    if conc["failed"]:
        lines += [f"**The concurrent run stopped**: {conc['failed']}", ""]
    lines += ["Rows against the model after every round (count, checksum over every column, keys once):", "",
              "| round | model rows | concurrent rows | keys | rows | write attempts | clusterings done "
              "| files (seq, conc) | point avg (seq, conc) |", "|" + " --- |" * 9]
    seq = {r["round"]: r for r in report["sequential"]["rounds"]}
    for r in conc["rounds"]:
        s = seq.get(r["round"])
        lines.append(f"| {r['round']} | {r['model_rows']} | {r['rows']} | {r['keys']} | "
                     f"{'exact' if r['match'] else '**DIFFER**'} | {r['attempts']} | {r['clusterings_completed']} | "
                     f"{s['files'] if s else ''}, {r['files']} | "
                     f"{s['point_avg'] if s else 0:.2f}, {r['point_avg']:.2f} |")
    final, cmp_ = conc["final"], report["comparison"]
    if final:
        lines += ["", f"After the clustering driver's last clustering: {final['rows']} rows, "
                  + ("exact" if final["match"] else "**DIFFER from the model**")
                  + f", {final['files']} files ({final['clusterings_completed']} clusterings completed)."]
    if cmp_:
        lines += ["", "Files per point query over every value after the last round: sequential (a clustering "
                  "after each round) against concurrent (after the driver's last clustering):", "",
                  "| column | sequential | concurrent | concurrent / sequential |", "| --- | --- | --- | --- |"]
        for k in list(cols) + ["average", "files"]:
            x = cmp_[k]
            lines.append(f"| {k} | {x['sequential']:.2f} | {x['concurrent']:.2f} | {x['ratio']:.2f}x |")
    lines += ["", "Rows: " + ("exact after every round." if report["rows_match"] else "**NOT exact** (see above).")]
    return "\n".join(lines) + "\n"


def write_outputs(out: Path, report: dict) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "results.json").write_text(json.dumps(report, indent=2))
    (out / "results.md").write_text(render(report))
