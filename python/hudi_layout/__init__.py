"""hudi-layout: multi-column layout optimisation for Apache Hudi clustering, from PySpark."""
from .jarpaths import JarNotFoundError, hudi_bundle_path, jar_path, jars
from .spark import configure_spark

__version__ = "0.1.0"
__all__ = ["JarNotFoundError", "configure_spark", "hudi_bundle_path", "jar_path", "jars", "__version__"]
