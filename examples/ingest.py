"""Ingest events into Hudi tables laid out by hudi-layout, from PySpark.

1. Batch: three writes with inline clustering every 3 commits.
2. Streaming: micro-batches with async clustering running beside the stream.
Both tables are sorted on (country, device, day) and queried with data skipping.

Run from a checkout after `make build`:  .venv/bin/python examples/ingest.py [work-dir]
"""
import sys
import tempfile
import time

from pyspark.sql import SparkSession, functions as F

import hudi_layout as hl

work = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="hudi-layout-example-")
spark = hl.configure_spark(SparkSession.builder.master("local[2]").appName("hudi-layout-example")
                           .config("spark.sql.shuffle.partitions", "4")
                           .config("spark.ui.showConsoleProgress", "false")).getOrCreate()
spark.sparkContext.setLogLevel("ERROR")


def events(first_id, rows):
    """Synthetic events: 40 countries, 300 devices, a year of days, in random order."""
    ids = spark.range(first_id, first_id + rows).withColumnRenamed("id", "event_id")
    return ids.select(
        "event_id",
        F.format_string("country-%02d", F.abs(F.hash("event_id", F.lit(1))) % 40).alias("country"),
        F.format_string("device-%03d", F.abs(F.hash("event_id", F.lit(2))) % 300).alias("device"),
        F.date_add(F.lit("2026-01-01").cast("date"), (F.abs(F.hash("event_id", F.lit(3))) % 365).cast("int"))
        .alias("day"),
        (F.abs(F.hash("event_id", F.lit(4))) % 100_000 / 100).alias("amount"),
    )


def report(label, table, column, value):
    """Files a point query reads with data skipping, against the files it reads without."""
    query = hl.read(spark, table).where(F.col(column) == value).select("event_id")
    rows, files = hl.files_read(query)
    _, every = hl.files_read(hl.read(spark, table, skipping=False).where(F.col(column) == value).select("event_id"))
    print(f"{label}: {column} = {value!r}: {len(rows)} rows, read {files} of {every} files")


# 1. Batch ingestion: the third write triggers a clustering with our strategy.
layout = hl.LayoutOptions(["country", "device", "day"], curve="hilbert", mapping="sample",
                          inline=True, every_n_commits=3, target_file_bytes=1024 * 1024)
batch_table = f"{work}/events_batch"
for i in range(3):
    hl.write(events(i * 50_000, 50_000).repartition(8), batch_table, layout,
             table="events_batch", record_key="event_id", operation="insert")
for commit in hl.clustering_commits(spark, batch_table):
    extra = commit["extra"]
    print(f"batch: clustering {commit['instant']}: {extra['hudilayout.curve']}/{extra['hudilayout.mapping']} "
          f"on {extra['hudilayout.columns']}, {extra['hudilayout.files']} files")
report("batch", batch_table, "device", "device-042")

# 2. Streaming ingestion: four micro-batches; a clustering is scheduled every 2 commits and
#    runs in a service beside the stream, which keeps writing.
inbox = f"{work}/inbox"
for i in range(4):
    events(1_000_000 + i * 50_000, 50_000).coalesce(1).write.mode("overwrite").parquet(f"{inbox}/{i}")
source = (spark.readStream.schema(events(0, 1).schema).option("maxFilesPerTrigger", 1)
          .option("recursiveFileLookup", "true").parquet(inbox))
stream_table = f"{work}/events_stream"
query = hl.write_stream(source, stream_table, layout.replace(inline=False, async_clustering=True, every_n_commits=2),
                        table="events_stream", record_key="event_id", operation="upsert",
                        checkpoint=f"{work}/checkpoint")
query.processAllAvailable()
deadline = time.time() + 300
while (hl.pending(spark, stream_table) or not hl.clustering_commits(spark, stream_table)) \
        and time.time() < deadline:
    time.sleep(2)
query.stop()
for commit in hl.clustering_commits(spark, stream_table):
    print(f"stream: clustering {commit['instant']}: {commit['extra']['hudilayout.files']} files")
print(f"stream: {spark.read.format('hudi').load(stream_table).count()} rows")
report("stream", stream_table, "device", "device-042")
