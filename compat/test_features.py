"""The suite's own scenarios of the features a line must carry, run again on the session's Hudi
line: each is the test of tests/ or integration/ that names it, imported as it is (see its module
for its fixture and what it expects).

- inline clustering inside a write, on both curves and mappings;
- async clustering beside a stream of upserts, with the continuous layout;
- the whole-partition plan, against Hudi's size-based groups laid out in one job;
- weighted columns;
- auto: sort columns and weights chosen from the recorded queries, on merge-on-read tables whose
  log files are sized by the rows they add;
- clustering when it pays (``when="pays"``), on Hudi's size-based plan and the whole-partition plan;
- the spark-submit job and the clustering verbs (``hudi-layout clustering``);
- bucket-index tables refused on every route, and upserts after the refusal;
- a clustering whose config would drop the record-level index refused through Hudi's SQL procedure;
- a clustering beside upserts gives way to them (``writers_first``);
- sort columns that change: a partition moves to them region by region;
- the metadata table's indexes after a clustering (record-level index, bloom filters, and on 1.0
  partition stats, the secondary and the expression index; 0.15 has none of these three).
"""
from __future__ import annotations

import pytest

from hudi_layout import jarpaths
from test_auto import (  # noqa: F401
    recorded, test_auto_lays_the_table_out_by_the_columns_its_queries_filter,
    test_auto_on_the_continuous_plan_cuts_for_the_files_it_writes_not_those_it_reads,
    test_auto_on_the_continuous_plan_moves_to_the_columns_the_queries_drift_to,
    test_with_no_queries_recorded_the_named_columns_apply)
from test_column_change import test_new_columns_take_over_region_by_region_without_a_full_rewrite  # noqa: F401
from test_clustering_job import (  # noqa: F401
    test_the_clustering_job_purges_a_plan_then_schedules_and_executes,
    test_the_clustering_job_refuses_then_schedules_shows_and_runs)
from test_file_sizes import (  # noqa: F401
    test_a_sane_target_keeps_the_rows_per_file_over_rounds_of_upserts,
    test_the_issues_scenario_is_refused_before_writing_or_its_files_hold_their_rows)
from test_ingest import test_streaming_write_with_async_clustering  # noqa: F401
from test_indexes import (  # noqa: F401
    bucket_table, test_a_bucket_index_table_is_refused_before_any_write_and_takes_upserts_after,
    test_a_clustering_whose_config_would_drop_an_index_is_refused_and_runs_once_it_keeps_it,
    test_a_plan_hudi_scheduled_is_refused_when_it_executes_and_can_be_rolled_back,
    test_a_write_that_would_cluster_a_bucket_index_table_is_refused_before_it_writes,
    test_our_plan_strategy_refuses_the_plan_before_it_is_saved)
from test_indexes_more import (  # noqa: F401
    clustered, indexed_bases, layout_only, models,
    test_a_clustering_given_only_the_layout_keeps_the_other_indexes_and_every_query_right,
    test_a_clustering_given_only_the_layout_keeps_the_record_and_bloom_indexes,
    test_indexes_answer_lookups_and_upserts_after_clustering, test_partition_stats_stay_right_after_clustering,
    test_the_expression_index_skips_files_after_clustering,
    test_the_record_level_index_maps_every_key_to_its_file_group_after_clustering,
    test_the_secondary_index_holds_the_tables_pairs_after_clustering)
from test_inline_clustering import first_write, test_inline_clustering_runs_our_layout  # noqa: F401
from test_pays import (  # noqa: F401
    pays_table, test_a_clustering_is_planned_only_when_the_recorded_queries_pay_for_it,
    test_auto_clusters_again_when_the_queries_shift)
from test_weighted import base, test_weights_cut_the_workloads_files_read  # noqa: F401
from test_whole_partition import test_one_curve_per_partition_reads_fewer_files_than_four_groups  # noqa: F401
from test_writers_first import (  # noqa: F401
    test_late_updates_go_in_beside_a_pending_clustering_of_what_they_do_not_touch,
    test_spread_updates_win_over_a_pending_clustering_which_is_rolled_back)

# on Hudi 1.2 these run where they live, in tests/ and integration/
pytestmark = [pytest.mark.spark, pytest.mark.skipif(jarpaths.hudi_line(jarpaths.resolve_version()) == "1.2",
                                                    reason="runs in tests/ and integration/ on Hudi 1.2")]
