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


def configure_spark(builder, extra_jars: Iterable[str] = ()):
    """Add the plugin jar and the Hudi bundle to ``spark.jars`` and set what Hudi needs on Spark 3.5.

    Returns the builder, so it chains::

        spark = configure_spark(SparkSession.builder.master("local[2]")).getOrCreate()
    """
    builder = builder.config("spark.jars", _append(_current(builder, "spark.jars"),
                                                   list(_plugin_jars()) + list(extra_jars)))
    builder = builder.config("spark.serializer", KRYO)
    builder = builder.config("spark.kryo.registrator", HUDI_KRYO_REGISTRATOR)
    builder = builder.config("spark.sql.extensions",
                             _append(_current(builder, "spark.sql.extensions"), [HUDI_EXTENSION]))
    builder = builder.config("spark.sql.catalog.spark_catalog", HUDI_CATALOG)
    return builder
