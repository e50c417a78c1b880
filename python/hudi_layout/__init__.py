"""hudi-layout: multi-column layout optimisation for Apache Hudi clustering, from PySpark.

The typed API for ingestion jobs::

    from hudi_layout import LayoutOptions, write, write_stream, cluster, read, files_read
"""
from .clustering import ClusteringResult, cluster, execute, pending
from .index import build_column_stats, indexed_columns
from .ingest import table_options, write, write_stream
from .jarpaths import JarNotFoundError, hudi_bundle_path, jar_path, jars
from .options import LayoutOptionError, LayoutOptions, READ_OPTIONS
from .scan import files_read, read
from .spark import configure_spark
from .timeline import clustering_commits

__version__ = "0.1.0"
__all__ = [
    "ClusteringResult", "JarNotFoundError", "LayoutOptionError", "LayoutOptions", "READ_OPTIONS",
    "build_column_stats", "cluster", "clustering_commits", "configure_spark", "execute", "files_read",
    "hudi_bundle_path", "indexed_columns", "jar_path", "jars", "pending", "read", "table_options",
    "write", "write_stream", "__version__",
]
