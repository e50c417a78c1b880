"""Configure a SparkSession builder for Hudi and hudi-layout without taking it over.

``configure_spark`` only appends: jars already on ``spark.jars`` and extensions already set stay,
and memory, master and every other setting remain the caller's.
"""
from __future__ import annotations

from pathlib import Path
from typing import Dict, Iterable, List

from . import jvm
from .jarpaths import spark_jars

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


def quiet_conf(verbose: bool = False) -> Dict[str, str]:
    """Spark settings for our commands: Spark's and Hudi's logging at error level (a log4j2 file in
    the package), unless ``verbose``. Set before the driver JVM starts."""
    if verbose:
        return {}
    from importlib.resources import files
    config = Path(str(files("hudi_layout") / "log4j2-quiet.properties")).resolve()
    return {"spark.driver.extraJavaOptions": f"-Dlog4j2.configurationFile={config.as_uri()}"}


def mute_jvm(spark) -> None:
    """Keep warnings a user cannot act on (Hudi's object sizing on a stock JDK) off the console."""
    jvm.mute_object_size_warnings(spark)


def command_session(builder, verbose: bool = False):
    """The session of one of our commands (demo, report): ``builder`` with our jars and Hudi's
    settings and, unless ``verbose``, :func:`quiet_conf`, error-level logging and :func:`mute_jvm`."""
    for key, value in quiet_conf(verbose).items():
        builder = builder.config(key, value)
    spark = configure_spark(builder).getOrCreate()
    if not verbose:
        spark.sparkContext.setLogLevel("ERROR")
        mute_jvm(spark)
    return spark


def spark_sql_command(args: Iterable[str] = ()) -> List[str]:
    """The installed pyspark's ``spark-sql`` launcher with the plugin jar, the Hudi bundle,
    :data:`SPARK_CONF` and :func:`quiet_conf` (unless ``--verbose`` is among ``args``), followed by
    ``args`` (e.g. ``-e "CALL show_clustering(path => '...')"`` or ``-f script.sql``)."""
    import os
    from pyspark.find_spark_home import _find_spark_home
    args = list(args)
    command = [os.path.join(_find_spark_home(), "bin", "spark-sql")] + spark_jars().submit_args()
    for key, value in {**SPARK_CONF, **quiet_conf("--verbose" in args)}.items():
        command += ["--conf", f"{key}={value}"]
    return command + list(args)


def configure_spark(builder, extra_jars: Iterable[str] = ()):
    """Add the plugin jar and the Hudi bundle to ``spark.jars`` (the bundle by its Maven coordinates
    on ``spark.jars.packages`` where no folder holds it, see :mod:`hudi_layout.jarpaths`) and set
    what Hudi needs on Spark 3.5.

    Returns the builder, so it chains::

        spark = configure_spark(SparkSession.builder.master("local[2]")).getOrCreate()
    """
    needed = spark_jars()
    builder = builder.config("spark.jars", _append(_current(builder, "spark.jars"),
                                                   needed.jars + list(extra_jars)))
    if needed.packages:
        builder = builder.config("spark.jars.packages",
                                 _append(_current(builder, "spark.jars.packages"), needed.packages))
    for key, value in SPARK_CONF.items():
        if key == "spark.sql.extensions":  # others' extensions stay
            value = _append(_current(builder, key), [value])
        builder = builder.config(key, value)
    return builder
