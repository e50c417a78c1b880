"""One clustering plan, executed twice, writes the same files, on real local Spark + Hudi.

Fixture: 2000 rows (record keys ``k00000`` to ``k01999``; ``x`` an int, ``y`` a double, ``c`` a
string whose value ``heavy`` holds about 60% of the rows, so the sample mapping spreads it by
record-key hash) bulk-inserted as 8 files; sample size 256, so the bottom-k sample really
chooses rows. Per case, a clustering into 4 files is scheduled once; the table directory, plan
included, is then copied twice, and the same plan is executed in all three: twice with the same
options and once with another sample seed.

Expected: the two runs with the same options put every record key with exactly the same other
keys in its file (file groups compared by their sets of record keys, since file ids are random);
the run with another seed does not (so the comparison can tell layouts apart); every run keeps
all rows. Linear layout is included: it used Spark's range partitioner, whose sample depends on
the order rows arrive in, and placed 2000 of 2000 rows differently on a second run.
"""
from __future__ import annotations

import pytest
from pyspark.sql import functions as F

from hudi_layout import tables, timeline
from layoutcheck import cluster_options, copy_table, java_map, key_groups, moved_keys, runner
from tablecheck import fingerprint

pytestmark = pytest.mark.spark

SORT = ["x", "y", "c"]
ROWS, FILES_IN, FILES_OUT, SAMPLE = 2000, 8, 4, 256
SEED_KEY = "hoodie.hudilayout.sample.seed"


@pytest.fixture(scope="module")
def base(spark, tmp_path_factory):
    path = str(tmp_path_factory.mktemp("determinism") / "base")
    h = [F.abs(F.xxhash64(F.col("id"), F.lit(s))) for s in range(3)]
    df = spark.range(ROWS).select(
        F.format_string("k%05d", "id").alias("k"), (h[0] % 1000).cast("int").alias("x"),
        (h[1] % 997 / 7.0).alias("y"),
        F.when(h[2] % 10 < 6, F.lit("heavy")).otherwise(F.format_string("c%02d", h[2] % 50)).alias("c"))
    opts = tables.cow_table_options("t_det", "k", SORT, FILES_IN)
    df.repartition(FILES_IN).write.format("hudi").options(**opts).mode("overwrite").save(path)
    return {"path": path, "fp": fingerprint(df)}


@pytest.mark.parametrize("curve,mapping", [
    pytest.param("hilbert", "sample", id="hilbert-sample"),
    pytest.param("z-order", "direct", id="zorder-direct"),
    pytest.param("linear", "direct", id="linear"),
])
def test_same_plan_same_files(spark, base, tmp_path, curve, mapping):
    first = copy_table(base["path"], str(tmp_path / "first"))
    opts = cluster_options(first, SORT, curve, mapping, FILES_OUT,
                           **{"hoodie.layout.optimize.build.curve.sample.size": str(SAMPLE)})
    jsc = spark.sparkContext._jsc
    instant = runner(spark).schedule(jsc, first, java_map(spark, opts))
    assert instant
    second = copy_table(first, str(tmp_path / "second"))
    reseeded = copy_table(first, str(tmp_path / "reseeded"))

    groups = {}
    for path, options in ((first, opts), (second, opts), (reseeded, dict(opts, **{SEED_KEY: "7"}))):
        runner(spark).execute(jsc, path, java_map(spark, options), instant)
        assert [c["instant"] for c in timeline.clustering_commits(spark, path)] == [instant]
        table = spark.read.format("hudi").load(path)
        assert fingerprint(table) == base["fp"]
        groups[path] = key_groups(table)

    assert len(groups[first]) == FILES_OUT
    moved, total = moved_keys(groups[first], groups[second])
    assert total == ROWS
    assert moved == 0, f"{moved} of {total} rows changed file-mates when the same plan ran again"
    moved, _ = moved_keys(groups[first], groups[reseeded])
    assert moved > 0, "another seed gave the same layout: the comparison cannot tell layouts apart"
