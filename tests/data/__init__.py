"""Small tables the library's tests write: seeded, built by Spark from ``spark.range`` (no files,
nothing shared with the benchmark under ``bench/``)."""
