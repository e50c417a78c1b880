"""Where the plugin jar and the Hudi Spark bundle are, for ``spark.jars`` and ``spark-submit --jars``.

The plugin jar is looked up, in order, in: the folder named by ``HUDI_LAYOUT_JARS_DIR``; a source
checkout's ``target/`` (what ``make build`` leaves) when the package runs from one; the ``jars/``
folder inside the installed package (a wheel built by ``make dist`` carries it there). The Hudi bundle is looked up in the
same folders (a checkout's ``target/deps/``); where none holds it, Spark fetches it by its Maven
coordinates (``spark.jars.packages`` / ``--packages``, :data:`HUDI_BUNDLE_PACKAGE`), from the local
Maven repository or Maven Central.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional

PLUGIN_JAR = "hudi-layout.jar"
HUDI_VERSION = "1.2.0"
SPARK_BUNDLE_JAR = f"hudi-spark3.5-bundle_2.12-{HUDI_VERSION}.jar"
#: the Hudi Spark bundle's Maven coordinates, for spark.jars.packages where no folder holds the jar
HUDI_BUNDLE_PACKAGE = f"org.apache.hudi:hudi-spark3.5-bundle_2.12:{HUDI_VERSION}"
ENV_DIR = "HUDI_LAYOUT_JARS_DIR"
BUILD_HINT = ("Install the hudi-layout wheel (`make dist` builds it), or build the jar with `make build` "
              "in the hudi-layout repository root")


class JarNotFoundError(FileNotFoundError):
    """A jar the plugin needs is not where it should be; the message says which command builds it."""


def checkout_root() -> Optional[Path]:
    """The hudi-layout source checkout this package runs from, or None when it is installed."""
    root = Path(__file__).resolve().parents[2]
    return root if (root / "pom.xml").is_file() and (root / "hudi_strategy").is_dir() else None


def _package_jars_dir() -> Path:
    from importlib.resources import files
    return Path(str(files("hudi_layout") / "jars"))


def search_dirs() -> List[Path]:
    dirs: List[Path] = []
    env = os.environ.get(ENV_DIR)
    if env:
        dirs.append(Path(env))
    root = checkout_root()
    if root is not None:
        dirs += [root / "target", root / "target" / "deps"]
    dirs.append(_package_jars_dir())
    return dirs


def _find(name: str) -> Optional[str]:
    for d in search_dirs():
        candidate = d / name
        if candidate.is_file():
            return str(candidate.resolve())
    return None


def _not_found(name: str, what: str) -> JarNotFoundError:
    looked = ", ".join(str(d) for d in search_dirs())
    return JarNotFoundError(f"{what} '{name}' not found (looked in: {looked}). {BUILD_HINT}, "
                            f"or point {ENV_DIR} at a folder that holds it.")


def jar_path() -> str:
    """Absolute path of the hudi-layout plugin jar."""
    found = _find(PLUGIN_JAR)
    if found is None:
        raise _not_found(PLUGIN_JAR, "hudi-layout plugin jar")
    return found


def hudi_bundle_path() -> str:
    """Absolute path of the Hudi Spark bundle the plugin is built against, where a folder holds it
    (JarNotFoundError otherwise: :func:`spark_jars` then names it by Maven coordinates)."""
    found = _find(SPARK_BUNDLE_JAR)
    if found is None:
        raise _not_found(SPARK_BUNDLE_JAR, "Hudi Spark bundle")
    return found


def jars() -> List[str]:
    """Both jars as local paths, plugin first (JarNotFoundError when the bundle is not on this
    machine: use :func:`spark_jars`, which falls back to its Maven coordinates)."""
    return [jar_path(), hudi_bundle_path()]


@dataclass(frozen=True)
class SparkJars:
    """What a Spark session or spark-submit needs: local jars and Maven coordinates."""
    jars: List[str]
    packages: List[str]

    def submit_args(self) -> List[str]:
        """spark-submit's ``--jars`` / ``--packages`` arguments (application jar not included)."""
        args: List[str] = []
        if self.jars:
            args += ["--jars", ",".join(self.jars)]
        if self.packages:
            args += ["--packages", ",".join(self.packages)]
        return args


def spark_jars(with_plugin: bool = True) -> SparkJars:
    """The plugin jar (unless ``with_plugin`` is false) and the Hudi bundle: a local path where a
    folder holds it, else :data:`HUDI_BUNDLE_PACKAGE` for Spark to fetch."""
    local = [jar_path()] if with_plugin else []
    bundle = _find(SPARK_BUNDLE_JAR)
    if bundle is not None:
        return SparkJars(local + [bundle], [])
    return SparkJars(local, [HUDI_BUNDLE_PACKAGE])
