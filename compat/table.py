"""docs/compatibility.md's table of features by Hudi line, from what the tests ran.

    python compat/table.py [--check]

Reads target/compat/<line>.json, which every pytest session writes for the Hudi line it ran on
(conftest.py: ``make test`` for every line, ``make test-compat`` for 1.0 and 0.15 alone), and writes the table
between the page's compat-table markers: a row per feature, a column per line, each cell what that
feature's tests did there (passed, failed, not run, or the reason a test does not apply). With
``--check``, exits 1 if the page is not what the kept results give.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "compatibility.md"
RESULTS = ROOT / "target" / "compat"
LINES = ("0.15", "1.0", "1.2")
BEGIN, END = "<!-- compat-table:begin -->", "<!-- compat-table:end -->"

#: feature -> the tests that show it (test function names; a name with [...] is one parametrization)
FEATURES: List[Tuple[str, Sequence[str]]] = [
    ("the plugin jar of the line, refused on any other", ["test_the_session_runs_the_plugin_built_for_its_hudi_line"]),
    ("write with the column-stats index; default layout: fewer files read, rows exact",
     ["test_the_default_clustering_keeps_every_row_and_reads_fewer_files"]),
    # on 1.2 the compat test is skipped and the suite's own tests of the continuous layout show it
    ("continuous layout, 3 rounds of upserts, copy-on-write",
     ["test_the_continuous_layout_over_rounds_of_upserts[COPY_ON_WRITE]",
      "test_files_updated_by_upserts_are_placed_again_by_their_rows"]),
    ("continuous layout, 3 rounds of upserts, merge-on-read",
     ["test_the_continuous_layout_over_rounds_of_upserts[MERGE_ON_READ]",
      "test_a_partitioned_merge_on_read_table_keeps_a_grid_per_partition"]),
    ("inline clustering inside a write", ["test_inline_clustering_runs_our_layout"]),
    ("async clustering beside a stream of upserts", ["test_streaming_write_with_async_clustering"]),
    ("whole-partition layout; groups laid out in one job",
     ["test_one_curve_per_partition_reads_fewer_files_than_four_groups"]),
    ("weighted layout", ["test_weights_cut_the_workloads_files_read"]),
    ("auto: sort columns and weights from the recorded queries, on merge-on-read; the named columns without a log; "
     "the continuous plan cuts for the files it writes, and moves when the queries drift",
     ["test_auto_lays_the_table_out_by_the_columns_its_queries_filter",
      "test_with_no_queries_recorded_the_named_columns_apply",
      "test_auto_on_the_continuous_plan_cuts_for_the_files_it_writes_not_those_it_reads",
      "test_auto_on_the_continuous_plan_moves_to_the_columns_the_queries_drift_to"]),
    ("clustering when it pays: nothing planned until recorded queries pay; auto after the queries shift",
     ["test_a_clustering_is_planned_only_when_the_recorded_queries_pay_for_it",
      "test_auto_clusters_again_when_the_queries_shift"]),
    ("layout report", ["test_the_report_reads_a_laid_out_table"]),
    ("Spark SQL procedure (`CALL run_clustering`)", ["test_run_clustering_in_spark_sql_runs_our_strategy"]),
    ("spark-submit job and clustering verbs",
     ["test_the_clustering_job_refuses_then_schedules_shows_and_runs",
      "test_the_clustering_job_purges_a_plan_then_schedules_and_executes"]),
    ("clustering killed mid-write, then resumed", ["test_a_killed_clustering_loses_nothing_and_the_next_run_completes_it"]),
    ("table laid out here, then written and clustered by Hudi 1.2 (layout continued)",
     ["test_a_layout_made_on_an_older_line_is_continued_by_hudi_1_2"]),
    ("continuous layout of a fresh table in a driver of its own, then an upsert (Hudi 1.2: table version 6)",
     ["test_the_continuous_layout_of_a_fresh_table_then_an_upsert"]),
    ("bucket-index tables refused on every route; upserts after",
     ["test_a_bucket_index_table_is_refused_before_any_write_and_takes_upserts_after",
      "test_our_plan_strategy_refuses_the_plan_before_it_is_saved",
      "test_a_write_that_would_cluster_a_bucket_index_table_is_refused_before_it_writes",
      "test_a_plan_hudi_scheduled_is_refused_when_it_executes_and_can_be_rolled_back"]),
    ("file sizes: a target below what one file costs refused before writing; a sane target holds over rounds",
     ["test_the_issues_scenario_is_refused_before_writing_or_its_files_hold_their_rows",
      "test_a_sane_target_keeps_the_rows_per_file_over_rounds_of_upserts"]),
    ("a clustering whose config would drop an index (Hudi's SQL procedure, no record-index key) refused; "
     "with the key it runs and the index stays",
     ["test_a_clustering_whose_config_would_drop_an_index_is_refused_and_runs_once_it_keeps_it"]),
    ("sort columns that change: new rows and due old regions move to the new columns, the rest stays",
     ["test_new_columns_take_over_region_by_region_without_a_full_rewrite"]),
    ("clustering beside upserts gives way (late updates go in; spread updates win, the clustering is rolled back)",
     ["test_late_updates_go_in_beside_a_pending_clustering_of_what_they_do_not_touch",
      "test_spread_updates_win_over_a_pending_clustering_which_is_rolled_back"]),
    # tests/test_indexes_more.py: each index's tests are skipped on a line without it (0.15: no
    # partition stats, secondary or expression index)
    ("indexes after a clustering: record-level index (each key to its file group, a lookup reads one file, "
     "upserts through it)",
     ["test_the_record_level_index_maps_every_key_to_its_file_group_after_clustering",
      "test_indexes_answer_lookups_and_upserts_after_clustering[copy_on_write-default-record_index]"]),
    ("indexes after a clustering: bloom filters (upserts through the `BLOOM` index find their keys)",
     ["test_indexes_answer_lookups_and_upserts_after_clustering[merge_on_read-continuous-bloom]"]),
    ("indexes after a clustering: secondary index (the table's pairs; a filter reads only its files)",
     ["test_the_secondary_index_holds_the_tables_pairs_after_clustering",
      "test_a_clustering_given_only_the_layout_keeps_the_other_indexes_and_every_query_right[secondary_index]"]),
    ("indexes after a clustering: partition stats (filters right after values leave a partition's range)",
     ["test_partition_stats_stay_right_after_clustering",
      "test_a_clustering_given_only_the_layout_keeps_the_other_indexes_and_every_query_right[partition_stats]"]),
    ("indexes after a clustering: expression index (a filter on the expression skips files)",
     ["test_the_expression_index_skips_files_after_clustering",
      "test_a_clustering_given_only_the_layout_keeps_the_other_indexes_and_every_query_right[expression_index]"]),
    ("a clustering given only the layout keeps every index the table has",
     ["test_a_clustering_given_only_the_layout_keeps_the_record_and_bloom_indexes",
      "test_a_clustering_given_only_the_layout_keeps_the_other_indexes_and_every_query_right"]),
]


#: the row that holds each line's files against the others' (compat/fingerprint.py, written by the test below)
SAME_FILES = ("default layout on the same input: the same files, key for key, as on the other lines",
              "test_the_default_clustering_keeps_every_row_and_reads_fewer_files")


def merge_outcomes(kept: Dict[str, str], new: Dict[str, str]) -> Dict[str, str]:
    """The outcomes a line keeps after one more pytest session on it: a test this session passed or
    failed takes that outcome; one it skipped keeps what an earlier session ran (``make test-compat``
    on 1.2 skips what ``make test`` already ran there, and must not turn its pass into "does not
    apply")."""
    merged = dict(kept)
    for name, outcome in new.items():
        if outcome != "skipped" or merged.get(name, "skipped") == "skipped":
            merged[name] = outcome
    return merged


def _results() -> Dict[str, Dict]:
    out = {}
    for line in LINES:
        path = RESULTS / f"{line}.json"
        if path.is_file():
            out[line] = json.loads(path.read_text())
            files = RESULTS / f"{line}.files.json"
            if files.is_file():
                out[line]["files"] = json.loads(files.read_text())["default layout"]
    return out


def _same_files(results: Dict[str, Dict], line: str) -> str:
    """Whether ``line`` wrote the files every other line with a run wrote (by fingerprint)."""
    mine = results.get(line, {}).get("files")
    if mine is None:
        return "not run"
    others = [r["files"]["fingerprint"] for other, r in results.items() if other != line and "files" in r]
    if not others:
        return "no other line ran"
    if all(fp == mine["fingerprint"] for fp in others):
        return f"same files (`{mine['fingerprint']}`)"
    return f"**other files** (`{mine['fingerprint']}`)"


def _cell(outcomes: Dict[str, str], tests: Sequence[str]) -> str:
    found = []
    for test in tests:
        found += [o for name, o in outcomes.items() if name == test or (
            "[" not in test and name.split("[", 1)[0] == test)]
    if not found:
        return "not run"
    if "failed" in found:
        return "**failed**"
    if all(o == "skipped" for o in found):
        return "does not apply"
    return "passed"


def table(results: Dict[str, Dict]) -> str:
    versions = [results[line]["version"] if line in results else f"{line} (no run)" for line in LINES]
    lines = ["| feature | " + " | ".join(f"Hudi {v}" for v in versions) + " |",
             "| --- |" + " --- |" * len(LINES)]
    for feature, tests in FEATURES:
        cells = [_cell(results[line]["outcomes"], tests) if line in results else "not run" for line in LINES]
        lines.append(f"| {feature} | " + " | ".join(cells) + " |")
    lines.append(f"| {SAME_FILES[0]} | " + " | ".join(_same_files(results, line) for line in LINES) + " |")
    return "\n".join(lines) + "\n"


def render(page: str, block: str) -> str:
    head, rest = page.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{block}{END}{tail}"


def main(argv: Sequence[str] = ()) -> int:
    page = PAGE.read_text()
    new = render(page, table(_results()))
    if "--check" in argv:
        return 0 if new == page else 1
    PAGE.write_text(new)
    print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
