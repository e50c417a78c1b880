"""Configure a SparkSession builder for Hudi and hudi-layout without taking it over.

``configure_spark`` only appends: jars already on ``spark.jars`` and extensions already set stay,
and memory, master and every other setting remain the caller's.
"""
from __future__ import annotations

from pathlib import Path
from typing import Dict, Iterable, List, Optional

from .jarpaths import bundle_version_in, spark_jars

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


QUIET_PLUGIN = "dev.hudilayout.QuietPlugin"


def quiet_conf(verbose: bool = False) -> Dict[str, str]:
    """Spark settings for our commands, unless ``verbose``: Spark's and Hudi's logging at error level
    (a log4j2 file in the package) and ``dev.hudilayout.QuietPlugin``, which mutes Hudi's object-sizing
    warnings when the driver starts. Set before the driver JVM starts."""
    if verbose:
        return {}
    from importlib.resources import files
    config = Path(str(files("hudi_layout") / "log4j2-quiet.properties")).resolve()
    return {"spark.driver.extraJavaOptions": f"-Dlog4j2.configurationFile={config.as_uri()}",
            "spark.plugins": QUIET_PLUGIN}


def command_session(builder, verbose: bool = False):
    """The session of one of our commands (demo, report): ``builder`` with our jars and Hudi's
    settings and, unless ``verbose``, :func:`quiet_conf`, error-level logging and the driver JVM's
    own output (spark-submit's report of resolving ``--packages``, lines the JVM prints) kept out
    of the command's: in a temporary file, printed only if the session fails to start."""
    for key, value in quiet_conf(verbose).items():
        builder = builder.config(key, value)
    builder = configure_spark(builder)
    if verbose:
        return builder.getOrCreate()
    spark = _started_quietly(builder)
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def _started_quietly(builder):
    """``builder.getOrCreate()`` with the file descriptors of stdout and stderr pointed at a
    temporary file while the driver JVM starts (it inherits them and keeps them); the file's tail
    goes to stderr if it fails."""
    import atexit
    import os
    import sys
    import tempfile
    log = tempfile.NamedTemporaryFile(prefix="hudi-layout-jvm-", suffix=".log", delete=False)
    atexit.register(lambda: os.path.exists(log.name) and os.unlink(log.name))
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    try:
        os.dup2(log.fileno(), 1)
        os.dup2(log.fileno(), 2)
        spark = builder.getOrCreate()
    except BaseException:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        with open(log.name, errors="replace") as said:
            sys.stderr.write(said.read()[-4000:])
        raise
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in saved:
            os.close(fd)
        log.close()
    return spark


def spark_sql_command(args: Iterable[str] = ()) -> List[str]:
    """The installed pyspark's ``spark-sql`` launcher with the plugin jar, the Hudi bundle,
    :data:`SPARK_CONF` and, unless ``--verbose`` is among ``args``, :func:`quiet_conf` and spark-sql's
    silent mode (``-S``), followed by
    ``args`` (e.g. ``-e "CALL show_clustering(path => '...')"`` or ``-f script.sql``)."""
    import os
    from pyspark.find_spark_home import _find_spark_home
    args = list(args)
    command = [os.path.join(_find_spark_home(), "bin", "spark-sql")] + spark_jars().submit_args()
    verbose = "--verbose" in args
    for key, value in {**SPARK_CONF, **quiet_conf(verbose)}.items():
        command += ["--conf", f"{key}={value}"]
    silent = [] if verbose or "-S" in args or "--silent" in args else ["-S"]  # no "Time taken" lines
    return command + silent + list(args)


def platform_jars() -> List[str]:
    """The jars a Spark installation puts on every classpath (``$SPARK_HOME/jars``, the installed
    pyspark's ``jars``): where a platform keeps its own Hudi bundle."""
    import os
    folders = [os.path.join(os.environ["SPARK_HOME"], "jars")] if os.environ.get("SPARK_HOME") else []
    try:
        import pyspark
        folders.append(os.path.join(os.path.dirname(pyspark.__file__), "jars"))
    except ImportError:  # pragma: no cover - pyspark is a dependency
        pass
    return [os.path.join(d, name) for d in folders if os.path.isdir(d) for name in sorted(os.listdir(d))]


def configure_spark(builder, extra_jars: Iterable[str] = (), hudi_version: Optional[str] = None,
                    record_queries=None):
    """Add the plugin jar and the Hudi bundle to ``spark.jars`` (the bundle by its Maven coordinates
    on ``spark.jars.packages`` where no folder holds it, see :mod:`hudi_layout.jarpaths`) and set
    what Hudi needs on Spark 3.5.

    The plugin jar is the one for the Hudi line in use: a Hudi Spark bundle already on
    ``spark.jars`` or ``spark.jars.packages`` (or among ``extra_jars``, or in the Spark
    installation's own ``jars`` folder, :func:`platform_jars`) picks it, and no second bundle is
    added; else ``hudi_version`` (e.g. "1.0.2" or "0.15"), else the
    ``HUDI_LAYOUT_HUDI_VERSION`` environment variable, else Hudi 1.2.0, whose bundle is added. An
    unsupported version is refused (``UnsupportedHudiVersion``) before Spark starts.

    ``record_queries`` (True, or a folder's path) turns the query log on: every scan of a Hudi
    table is noted beside the table, or in that folder (:mod:`hudi_layout.queries`).

    Returns the builder, so it chains::

        spark = configure_spark(SparkSession.builder.master("local[2]")).getOrCreate()
    """
    extra_jars = list(extra_jars)
    present = bundle_version_in(_current(builder, "spark.jars").split(",") + extra_jars + platform_jars(),
                                _current(builder, "spark.jars.packages").split(","))
    needed = spark_jars(hudi_version=hudi_version, present=present)
    builder = builder.config("spark.jars", _append(_current(builder, "spark.jars"),
                                                   needed.jars + list(extra_jars)))
    if needed.packages:
        builder = builder.config("spark.jars.packages",
                                 _append(_current(builder, "spark.jars.packages"), needed.packages))
    for key, value in SPARK_CONF.items():
        if key == "spark.sql.extensions":  # others' extensions stay
            value = _append(_current(builder, key), [value])
        builder = builder.config(key, value)
    if record_queries is not None and record_queries is not False:
        from .queries import recording_conf
        for key, value in recording_conf(record_queries, _current(builder, "spark.sql.queryExecutionListeners")).items():
            builder = builder.config(key, value)
    return builder
