"""Shared fixtures for tests/ and integration/: one local Spark session with Hudi and hudi-layout
for the whole test run.

The session is local[2] with few shuffle partitions; tables in tests are thousands of rows.
The plugin jar must be built first (``make test`` does it).
"""
from __future__ import annotations

import pytest

from hudi_layout import configure_spark
from hudi_layout.jarpaths import JarNotFoundError, jars


@pytest.fixture(scope="session")
def spark():
    try:
        jars()
    except JarNotFoundError as e:
        pytest.fail(str(e))
    from pyspark.sql import SparkSession
    builder = (SparkSession.builder.master("local[2]").appName("hudi-layout-tests")
               .config("spark.driver.memory", "3g")
               .config("spark.sql.shuffle.partitions", "4")
               .config("spark.default.parallelism", "4")
               .config("spark.ui.enabled", "false")
               .config("spark.ui.showConsoleProgress", "false")
               .config("spark.sql.session.timeZone", "UTC"))
    session = configure_spark(builder).getOrCreate()
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()
