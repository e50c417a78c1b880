"""Configure a SparkSession builder for Hudi and hudi-layout without taking it over.

``configure_spark`` only appends: jars already on ``spark.jars`` and extensions already set stay,
and memory, master and every other setting remain the caller's.
"""
from __future__ import annotations

from typing import Iterable, List

from .jarpaths import jars as _plugin_jars

KRYO = "org.apache.spark.serializer.KryoSerializer"
HUDI_EXTENSION = "org.apache.spark.sql.hudi.HoodieSparkSessionExtension"
HUDI_CATALOG = "org.apache.spark.sql.hudi.catalog.HoodieCatalog"
HUDI_KRYO_REGISTRATOR = "org.apache.spark.HoodieSparkKryoRegistrar"


def _current(builder, key: str) -> str:
    options = getattr(builder, "_options", None) or {}
    return str(options.get(key, ""))


def _append(existing: str, items: Iterable[str]) -> str:
    parts: List[str] = [p for p in existing.split(",") if p.strip()]
    for item in items:
        if item not in parts:
            parts.append(item)
    return ",".join(parts)


#: What Hudi needs on Spark 3.5, besides the jars.
SPARK_CONF = {
    "spark.serializer": KRYO,
    "spark.kryo.registrator": HUDI_KRYO_REGISTRATOR,
    "spark.sql.extensions": HUDI_EXTENSION,
    "spark.sql.catalog.spark_catalog": HUDI_CATALOG,
}


def spark_sql_command(args: Iterable[str] = ()) -> List[str]:
    """The installed pyspark's ``spark-sql`` launcher with the plugin jar, the Hudi bundle and
    :data:`SPARK_CONF`, followed by ``args`` (e.g. ``-e "CALL show_clustering(path => '...')"``
    or ``-f script.sql``)."""
    import os
    from pyspark.find_spark_home import _find_spark_home
    command = [os.path.join(_find_spark_home(), "bin", "spark-sql"), "--jars", ",".join(_plugin_jars())]
    for key, value in SPARK_CONF.items():
        command += ["--conf", f"{key}={value}"]
    return command + list(args)


def configure_spark(builder, extra_jars: Iterable[str] = ()):
    """Add the plugin jar and the Hudi bundle to ``spark.jars`` and set what Hudi needs on Spark 3.5.

    Returns the builder, so it chains::

        spark = configure_spark(SparkSession.builder.master("local[2]")).getOrCreate()
    """
    builder = builder.config("spark.jars", _append(_current(builder, "spark.jars"),
                                                   list(_plugin_jars()) + list(extra_jars)))
    for key, value in SPARK_CONF.items():
        if key == "spark.sql.extensions":  # others' extensions stay
            value = _append(_current(builder, key), [value])
        builder = builder.config(key, value)
    return builder
