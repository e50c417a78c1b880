"""Shuffle bytes of the same rows in Spark SQL's row format and as Kryo-serialized Rows.

    .venv/bin/python docs/bench/shuffle-format/measure.py [rows]

Spark SQL shuffles UnsafeRows (every field in an 8-byte word, strings padded to 8 bytes), which
our strategy packs first (spark/PackedRows); Hudi's built-in sample-based curves shuffle an RDD of
Rows (Kryo, since Hudi needs Kryo). This repartitions the SSB wide table both ways, unpacked, and
prints the bytes written to shuffle files.
"""
import sys
import tempfile

from hudi_layout import jvm
from bench import bench, ssb

rows = int(sys.argv[1]) if len(sys.argv) > 1 else 300_000
spark = bench.session("4g")
spark.sparkContext.setLogLevel("ERROR")
meter = jvm.attach_shuffle_meter(spark)
df = spark.read.parquet(ssb.write_parquet(tempfile.mkdtemp(), rows, 7)).cache()
df.count()


def shuffled(action) -> float:
    before = jvm.shuffle_bytes_written(spark, meter)
    action()
    return (jvm.shuffle_bytes_written(spark, meter) - before) / 1e6


sql = shuffled(lambda: df.repartition(16).write.format("noop").mode("overwrite").save())
kryo = shuffled(lambda: df._jdf.javaRDD().repartition(16).count())
print(f"{rows} rows, {len(df.columns)} columns: Spark SQL rows {sql:.1f} MB, Kryo Rows {kryo:.1f} MB, "
      f"ratio {sql / kryo:.2f}")
