"""The concurrent rounds benchmark (``bench --rounds R --operation upsert --concurrent``) end to end
on a tiny table, and its parts without Spark.

End to end: 2 rounds of 1,500 SSB rows (uniform, seed 7) as 4 small files each, upserts with 10%
updates drawn from the latest rounds, the continuous layout. The runner grows one table with a
clustering after each round and one with the writes from the test's Spark session and the
clusterings looping in a second driver (bench.cluster_loop) under optimistic
concurrency, after round 1's clustering (so both runs start from the same first layout, which the
report shows). Expected: a round row per round in both runs, the same first layout, every concurrent round's rows exact
against the model (count, checksum, keys once), as well as after the driver's last clustering; at
least one clustering completed by the second driver; writes counted as attempts = rounds +
refusals, each refusal with a Hudi exception class as its reason; files per point query per column
and on average for both runs with their ratio; results.json and results.md written and
``--render`` re-renders them; the clustering driver ran with the lock provider and the run's
``--hudi-option``.

Without Spark: the flags' checks, the late-arriving updates' rows, the reason read from a Java
trace and the clusterings counted from the driver's output.
"""
from __future__ import annotations

import json

import numpy as np
import pytest

from bench import bench_cli, cluster_loop, concurrent, rounds_data
from bench.layouts import layouts
from bench.rounds import RoundsSpec

ROUNDS, ROWS, FILES, LAYOUT = 2, 1500, 4, "ours-hilbert-sample-continuous"
#: a --hudi-option that changes nothing here: it must reach the clustering driver's options
HUDI_OPTION = ("hoodie.metadata.index.column.stats.parallelism", "4")


@pytest.mark.spark
@pytest.mark.faults
@pytest.mark.bench
def test_the_concurrent_bench_reports_writes_clusterings_rows_and_files(spark, tmp_path, capsys):
    spec = RoundsSpec(rows=ROUNDS * ROWS, scale=0.0, rounds=ROUNDS, round_files=FILES, queries=1, memory="",
                      warmup=False, out=str(tmp_path), layouts=layouts(LAYOUT), operation="upsert", updates=0.1,
                      update_from="latest", concurrent=True, hudi_options={HUDI_OPTION[0]: HUDI_OPTION[1]})
    report = concurrent.run(spec, spark)

    assert report["mode"] == "concurrent" and report["layout"] == LAYOUT
    assert report["parameters"]["concurrent"] and report["parameters"]["update_from"] == "latest"
    seq, conc = report["sequential"]["rounds"], report["concurrent"]
    assert [r["round"] for r in seq] == [r["round"] for r in conc["rounds"]] == list(range(1, ROUNDS + 1))
    assert not conc["failed"] and report["rows_match"]
    # both runs start from the same first layout
    first = report["first_layout"]
    assert first["sequential"] and first["sequential"] == first["concurrent"], first
    for r in seq + conc["rounds"] + [conc["final"]]:
        assert r["match"] and r["rows"] == r["keys"] == r["model_rows"] == ROWS * r["round"], r
    w, c = conc["writes"], conc["clusterings"]
    assert w["rounds"] == ROUNDS and w["attempts"] == ROUNDS + w["refused"] == ROUNDS + len(w["refusals"])
    assert sum(w["reasons"].values()) == w["refused"]
    assert all(x["reason"].startswith(("Hoodie", "Spark", "Py4J")) for x in w["refusals"]), w["refusals"]
    assert c["completed"] >= 1 and c["scheduled"] + c["retried"] >= c["completed"] and c["driver_exit"] == 0, c
    assert conc["final"]["clusterings_completed"] == c["completed"]
    cmp_ = report["comparison"]
    for k in [*report["filter_columns"], "average"]:
        assert cmp_[k]["sequential"] >= 1 and cmp_[k]["concurrent"] >= 1, (k, cmp_)
        assert cmp_[k]["ratio"] == pytest.approx(cmp_[k]["concurrent"] / cmp_[k]["sequential"])

    loop = json.loads((tmp_path / "loop" / "options.json").read_text())["options"]
    assert loop[HUDI_OPTION[0]] == HUDI_OPTION[1] and all(loop[k] == v for k, v in concurrent.OCC.items()), loop
    assert loop["hoodie.clustering.plan.strategy.class"] == "dev.hudilayout.continuous.ContinuousPlanStrategy", loop

    md = (tmp_path / "results.md").read_text()
    assert "refused or retried" in md and "rolled back" in md and "| average |" in md and "exact after every round" in md
    assert json.loads((tmp_path / "results.json").read_text())["rows_match"]
    capsys.readouterr()
    assert bench_cli.main(["--render", str(tmp_path / "results.json")]) == 0
    assert "concurrent / sequential" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["--rounds", "2", "--concurrent", "--operation", "upsert", "--layouts", "ours-hilbert-sample,ours-hilbert-sample-continuous"],
     "--concurrent: expected one clustered Hudi layout"),
    (["--rounds", "2", "--concurrent", "--layouts", "random"], "--concurrent: expected one clustered Hudi layout"),
    (["--rounds", "2", "--operation", "upsert", "--update-from", "latest"], "--update-from latest: only with --updates"),
    (["--concurrent"], "--concurrent True: only with --rounds R"),
    (["--update-from", "latest"], "--update-from latest: only with --rounds R"),
])
def test_bad_concurrent_flags_name_the_flag(argv, message, capsys):
    with pytest.raises(SystemExit):
        bench_cli.main(argv)
    assert message in capsys.readouterr().err


def test_late_arriving_updates_come_from_the_latest_rounds():
    plan = rounds_data.RoundsPlan(6, 100, 2)
    latest = rounds_data.Feed(operation="upsert", updates=0.5, update_from="latest")
    spread = rounds_data.Feed(operation="upsert", updates=0.5)
    for r in range(2, 7):
        rows = rounds_data.update_rows(plan, latest, 7, r)
        first = max(0, r - 1 - rounds_data.LATEST_ROUNDS) * 100
        assert len(rows) == 50 and len(set(rows)) == 50 and rows.min() >= first and rows.max() < (r - 1) * 100
    spread_rows = np.concatenate([rounds_data.update_rows(plan, spread, 7, r) for r in range(4, 7)])
    assert spread_rows.min() < 100  # spread over every earlier round, the first among them


def test_the_reason_is_the_innermost_hudi_exception():
    trace = ("An error occurred while calling o123.save.\n"
             ": org.apache.hudi.exception.HoodieUpsertException: Failed to upsert for commit time 2026\n"
             "\tat org.apache.hudi.table.action.commit.BaseWriteHelper.write(BaseWriteHelper.java:80)\n"
             "Caused by: org.apache.hudi.exception.HoodieClusteringUpdateException: Not allowed to update the "
             "clustering file group HoodieFileGroupId(partitionPath=, fileId=abc-0).\n\tat x.y(Z.java:1)\n")
    assert cluster_loop.hudi_cause(RuntimeError(trace)) == (
        "HoodieClusteringUpdateException",
        "Not allowed to update the clustering file group HoodieFileGroupId(partitionPath=, fileId=abc-0).")
    assert cluster_loop.hudi_cause(ValueError("plain"))[0] == "ValueError"
    conflict = ("An error occurred while calling o9.save.\n"
                ": org.apache.hudi.exception.HoodieWriteConflictException: java.util.ConcurrentModificationException: "
                "Cannot resolve conflicts for overlapping writes\n\tat a.b(C.java:1)\n"
                "Caused by: java.util.ConcurrentModificationException: Cannot resolve conflicts for overlapping writes\n")
    assert [c for c, _ in cluster_loop.exception_chain(RuntimeError(conflict))] == [
        "HoodieWriteConflictException", "ConcurrentModificationException"]
    assert cluster_loop.hudi_cause(RuntimeError(conflict))[0] == "HoodieWriteConflictException"


def test_clusterings_are_counted_from_the_drivers_output_and_the_timeline():
    lines = ["scheduled 1", "completed 1 3.0", "nothing", "scheduled 2", "failed 2 HoodieWriteConflictException x",
             "retry 2", "failed 2 HoodieWriteConflictException x", "scheduled 3", "failed 3 HoodieException y",
             "scheduled 4", "completed 4 2.0", "done"]
    instants = [{"action": "replacecommit", "completed": "9"}, {"action": "rollback", "completed": "9"},
                {"action": "replacecommit", "completed": None}]
    got = concurrent.clustering_events(lines, instants, pending=["2"])
    assert (got["scheduled"], got["completed"], got["failed"], got["retried"], got["nothing_planned"]) == (4, 2, 3, 1, 1)
    assert got["rolled_back"] == ["3"] and got["pending_at_end"] == ["2"]
    assert got["failure_reasons"] == {"HoodieWriteConflictException": 2, "HoodieException": 1}
    assert got["rollbacks_on_timeline"] == 1 and got["clustering_commits_on_timeline"] == 1
