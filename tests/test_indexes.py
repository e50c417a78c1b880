"""Hudi's bucket index: a table it finds rows in is refused before anything is written; and a
clustering whose config would make Hudi drop one of the table's metadata indexes.

The bucket index finds each key's file group by the bucket number its file id begins with. A
layout writes new file groups with no such number, and every upsert after it would fail
(``NumberFormatException`` on the new ids), so every route into a clustering refuses such a table.

Tables: 2,000 rows (key ``k``; ``a`` bigint, ``b`` double, ``s`` string), written by ``insert``
with ``hoodie.index.type=BUCKET``, 4 buckets on the key:
- copy-on-write with the simple engine;
- merge-on-read with consistent hashing (Hudi keeps its ring under ``.hoodie/.bucket_index``).

Expected:
- ``hl.cluster`` with our default and continuous layouts, given no index option at all (the
  table is known by its files), raises our error naming the bucket index and what is accepted.
  The timeline gains no instant and no data file is written. An upsert of 200 stored keys and
  50 new ones then succeeds, and the table holds exactly the model's rows.
- Hudi's own scheduling with our continuous plan strategy (``run_clustering`` in Spark SQL) is
  refused in the plan strategy, before the plan is saved.
- A plan Hudi's own plan strategy saved (the default layout through Spark SQL) is refused when it
  executes, before a file is written; Hudi's rollback of the pending plan leaves a table that
  takes upserts.
- A write with ``inline=True`` and ``hoodie.index.type=BUCKET`` in ``extra`` is refused before it
  writes (the table is not created).

And any other index a clustering's config would drop (Hudi deletes a metadata index a commit's
config leaves off) is refused the same way: see the last test.
"""
from __future__ import annotations

import os

import pytest
from pyspark.errors import IllegalArgumentException
from pyspark.sql import functions as F

import hudi_layout as hl
from hudi_layout import ingest, jarpaths, timeline
from hudi_layout.options import LayoutOptionError
from layoutcheck import instants
from tablecheck import fingerprint

pytestmark = pytest.mark.spark

SORT = ["a", "b", "s"]
ROWS = 2000
BUCKET = {"hoodie.index.type": "BUCKET", "hoodie.bucket.index.num.buckets": "4",
          "hoodie.bucket.index.hash.field": "k"}
ENGINES = {
    "COPY_ON_WRITE": {"hoodie.index.bucket.engine": "SIMPLE"},
    "MERGE_ON_READ": {"hoodie.index.bucket.engine": "CONSISTENT_HASHING"},
}


def _rows(spark, start, n, salt=0):
    return spark.range(start, start + n).select(
        F.format_string("k%06d", "id").alias("k"), ((F.col("id") * 7 + salt) % 101).alias("a"),
        (F.col("id") * 1.5 + salt).alias("b"), F.format_string("s%03d", (F.col("id") + salt) % 53).alias("s"))


def _options(table_type):
    return {"hoodie.table.name": "t_bucket", "hoodie.datasource.write.recordkey.field": "k",
            "hoodie.datasource.write.partitionpath.field": "",
            "hoodie.datasource.write.keygenerator.class": "org.apache.hudi.keygen.NonpartitionedKeyGenerator",
            "hoodie.datasource.write.table.type": table_type, "hoodie.metadata.enable": "true",
            # an upsert's ordering field (Hudi 0.15 needs one): a changed row's b is larger
            "hoodie.datasource.write.precombine.field": "b",
            "hoodie.metadata.index.column.stats.enable": "true",
            "hoodie.metadata.index.column.stats.column.list": ",".join(SORT),
            **BUCKET, **ENGINES[table_type]}


def _data_files(path):
    return sorted(os.path.join(root, n) for root, dirs, names in os.walk(path)
                  if not any(part.startswith(".hoodie") for part in os.path.relpath(root, path).split(os.sep))
                  for n in names if n.endswith(".parquet") or ".log." in n)


@pytest.fixture(scope="module", params=["COPY_ON_WRITE", "MERGE_ON_READ"])
def bucket_table(request, spark, tmp_path_factory):
    path = str(tmp_path_factory.mktemp("bucket") / "t")
    opts = _options(request.param)
    _rows(spark, 0, ROWS).write.format("hudi").options(**opts) \
        .option("hoodie.datasource.write.operation", "insert").mode("overwrite").save(path)
    return {"path": path, "opts": opts, "table_type": request.param}


@pytest.mark.parametrize("layout", [hl.LayoutOptions(SORT), hl.LayoutOptions(SORT, continuous=True)],
                         ids=["default", "continuous"])
def test_a_bucket_index_table_is_refused_before_any_write_and_takes_upserts_after(spark, bucket_table, layout):
    path = bucket_table["path"]
    before_files, before_instants = _data_files(path), instants(path)
    with pytest.raises(IllegalArgumentException) as refused:
        hl.cluster(spark, path, layout)
    text = str(refused.value)
    assert "hudi-layout cannot lay out this table: it is found by Hudi's bucket index" in text, text
    assert "hoodie.index.type is SIMPLE, GLOBAL_SIMPLE, BLOOM, GLOBAL_BLOOM or RECORD_INDEX" in text, text
    known_by = ".bucket_index" if bucket_table["table_type"] == "MERGE_ON_READ" else "file ids"
    assert known_by in text, text
    assert _data_files(path) == before_files and instants(path) == before_instants
    assert hl.pending(spark, path) == [] and timeline.clustering_commits(spark, path) == []

    # the table still takes upserts: 200 stored keys changed, 50 new
    changed = _rows(spark, 0, 200, salt=5).unionByName(_rows(spark, ROWS, 50, salt=5))
    changed.write.format("hudi").options(**bucket_table["opts"]) \
        .option("hoodie.datasource.write.operation", "upsert").mode("append").save(path)
    expected = _rows(spark, 200, ROWS - 200).unionByName(changed)
    assert fingerprint(spark.read.format("hudi").load(path)) == fingerprint(expected)


def test_our_plan_strategy_refuses_the_plan_before_it_is_saved(spark, bucket_table):
    path = bucket_table["path"]
    before_instants = instants(path)
    options = ",".join(f"{k}={v}" for k, v in {
        "hoodie.clustering.plan.strategy.class": "dev.hudilayout.continuous.ContinuousPlanStrategy",
        "hoodie.clustering.execution.strategy.class": "dev.hudilayout.SpaceCurveExecutionStrategy",
    }.items())
    with pytest.raises(Exception) as refused:
        spark.sql(f"CALL run_clustering(path => '{path}', op => 'schedule', options => '{options}', "
                  f"order => '{','.join(SORT)}', order_strategy => 'hilbert')").collect()
    assert "it is found by Hudi's bucket index" in str(refused.value), str(refused.value)[-3000:]
    assert instants(path) == before_instants and hl.pending(spark, path) == []


def test_a_write_that_would_cluster_a_bucket_index_table_is_refused_before_it_writes(spark, tmp_path):
    path = str(tmp_path / "t")
    with pytest.raises(LayoutOptionError) as refused:
        ingest.write(_rows(spark, 0, 100), path, hl.LayoutOptions(SORT, inline=True), table="t_bucket",
                     record_key="k", extra=BUCKET)
    assert str(refused.value).startswith("extra (hoodie.index.type) = 'BUCKET' is not accepted: "), refused.value
    assert "RECORD_INDEX" in str(refused.value) and not os.path.exists(path)


def test_a_plan_hudi_scheduled_is_refused_when_it_executes_and_can_be_rolled_back(spark, bucket_table):
    """Hudi's own plan strategy (the default layout through Spark SQL) saves its plan before any of
    our code runs: the execution refuses it before reading a row, and Hudi's rollback of the
    pending plan leaves a table that takes upserts."""
    if bucket_table["table_type"] != "COPY_ON_WRITE":
        pytest.skip("the route is the same on merge-on-read; the refusal's facts are shown above")
    if jarpaths.hudi_line(jarpaths.resolve_version()) == "0.15":
        pytest.skip("Hudi 0.15 has no run_rollback_inflight_tableservice procedure to roll the plan back")
    path = bucket_table["path"]
    order = f"order => '{','.join(SORT)}', order_strategy => 'hilbert'"
    options = "hoodie.clustering.execution.strategy.class=dev.hudilayout.SpaceCurveExecutionStrategy"
    spark.sql(f"CALL run_clustering(path => '{path}', op => 'schedule', options => '{options}', {order})").collect()
    [scheduled] = hl.pending(spark, path)
    before_files = _data_files(path)
    with pytest.raises(Exception) as refused:
        spark.sql(f"CALL run_clustering(path => '{path}', op => 'execute', options => '{options}', {order})").collect()
    assert "it is found by Hudi's bucket index" in str(refused.value), str(refused.value)[-3000:]
    assert _data_files(path) == before_files and timeline.clustering_commits(spark, path) == []
    spark.sql(f"CREATE TABLE t_bucket_sql USING hudi LOCATION '{path}'")
    try:
        spark.sql(f"CALL run_rollback_inflight_tableservice(table => 't_bucket_sql', pending_instant => "
                  f"'{scheduled}', delete_request_instant_file => true)").collect()
    finally:
        spark.sql("DROP TABLE IF EXISTS t_bucket_sql")
    assert hl.pending(spark, path) == []
    changed = _rows(spark, 100, 100, salt=9)
    changed.write.format("hudi").options(**bucket_table["opts"]) \
        .option("hoodie.datasource.write.operation", "upsert").mode("append").save(path)
    assert spark.read.format("hudi").load(path).where(F.col("k").isin("k000100", "k000199")) \
        .select("k", "b").orderBy("k").collect() == changed.where(F.col("k").isin("k000100", "k000199")) \
        .select("k", "b").orderBy("k").collect()


def _metadata_partitions(path):
    """The table's metadata partitions, as its hoodie.properties lists them."""
    with open(os.path.join(path, ".hoodie", "hoodie.properties")) as f:
        for line in f:
            if line.startswith("hoodie.table.metadata.partitions="):
                return set(filter(None, line.strip().split("=", 1)[1].split(",")))
    return set()


def test_a_clustering_whose_config_would_drop_an_index_is_refused_and_runs_once_it_keeps_it(spark, tmp_path):
    """Hudi deletes a metadata index that a commit's config leaves off. Through Hudi's own SQL
    procedure the config is Hudi's: a table with the record-level index, clustered by
    ``run_clustering`` with our continuous plan and no record-index key, is refused before the plan
    is saved (the error names the key, its value and what is accepted; the timeline, the files and
    the index are as they were). With the key on, the same call lays the table out, the index
    stays, and a lookup by key finds one row."""
    path = str(tmp_path / "t")
    opts = {**_options("COPY_ON_WRITE"), "hoodie.table.name": "t_rli", "hoodie.index.type": "RECORD_INDEX",
            "hoodie.metadata.record.index.enable": "true"}
    for key in ("hoodie.bucket.index.num.buckets", "hoodie.bucket.index.hash.field", "hoodie.index.bucket.engine"):
        opts.pop(key)
    df = _rows(spark, 0, ROWS).repartition(8)
    df.write.format("hudi").options(**opts).option("hoodie.datasource.write.operation", "bulk_insert") \
        .option("hoodie.bulkinsert.shuffle.parallelism", "8").option("hoodie.bulkinsert.sort.mode", "NONE") \
        .mode("overwrite").save(path)
    assert "record_index" in _metadata_partitions(path) and len(_data_files(path)) == 8
    before_files, before_instants = _data_files(path), instants(path)
    ours = {"hoodie.clustering.plan.strategy.class": "dev.hudilayout.continuous.ContinuousPlanStrategy",
            "hoodie.clustering.execution.strategy.class": "dev.hudilayout.SpaceCurveExecutionStrategy",
            "hoodie.metadata.index.column.stats.enable": "true"}

    def run_clustering(options):
        text = ",".join(f"{k}={v}" for k, v in options.items())
        return spark.sql(f"CALL run_clustering(path => '{path}', op => 'scheduleAndExecute', options => '{text}', "
                         f"order => '{','.join(SORT)}', order_strategy => 'hilbert')").collect()

    with pytest.raises(Exception) as refused:
        run_clustering(ours)
    text = str(refused.value)
    assert "hudi-layout refuses this clustering: its config has hoodie.metadata.record.index.enable=false" in text, \
        text[-3000:]
    assert "Accepted: hoodie.metadata.record.index.enable=true" in text, text[-3000:]
    assert _data_files(path) == before_files and instants(path) == before_instants
    assert "record_index" in _metadata_partitions(path) and hl.pending(spark, path) == []

    run_clustering({**ours, "hoodie.metadata.record.index.enable": "true"})
    assert len(timeline.clustering_commits(spark, path)) == 1
    assert "record_index" in _metadata_partitions(path)
    table = spark.read.format("hudi").load(path)
    assert fingerprint(table) == fingerprint(_rows(spark, 0, ROWS))
    assert table.where(F.col("k") == "k000123").count() == 1
