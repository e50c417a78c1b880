"""Where the plugin jar and the Hudi Spark bundle are, for ``spark.jars`` and ``spark-submit --jars``.

Looked up, in order: the folder named by ``HUDI_LAYOUT_JARS_DIR``; the ``jars/`` folder inside the
installed package (a wheel carries them there); a source checkout's ``target/`` and ``target/deps/``
(what ``make build`` leaves).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import List

PLUGIN_JAR = "hudi-layout.jar"
HUDI_VERSION = "1.2.0"
SPARK_BUNDLE_JAR = f"hudi-spark3.5-bundle_2.12-{HUDI_VERSION}.jar"
ENV_DIR = "HUDI_LAYOUT_JARS_DIR"
BUILD_HINT = "Build it with `make build` (or `mvn -B package -DskipTests`) in the hudi-layout repository root"


class JarNotFoundError(FileNotFoundError):
    """A jar the plugin needs is not where it should be; the message says which command builds it."""


def _repo_root() -> Path:
    return Path(__file__).resolve().parents[2]


def search_dirs() -> List[Path]:
    dirs: List[Path] = []
    env = os.environ.get(ENV_DIR)
    if env:
        dirs.append(Path(env))
    dirs.append(Path(__file__).resolve().parent / "jars")
    root = _repo_root()
    dirs += [root / "target", root / "target" / "deps"]
    return dirs


def _find(name: str, what: str) -> str:
    dirs = search_dirs()
    for d in dirs:
        candidate = d / name
        if candidate.is_file():
            return str(candidate.resolve())
    looked = ", ".join(str(d) for d in dirs)
    raise JarNotFoundError(f"{what} '{name}' not found (looked in: {looked}). {BUILD_HINT}, "
                           f"or point {ENV_DIR} at a folder that holds it.")


def jar_path() -> str:
    """Absolute path of the hudi-layout plugin jar."""
    return _find(PLUGIN_JAR, "hudi-layout plugin jar")


def hudi_bundle_path() -> str:
    """Absolute path of the Hudi Spark bundle the plugin is built against."""
    return _find(SPARK_BUNDLE_JAR, "Hudi Spark bundle")


def jars() -> List[str]:
    """Both jars, plugin first: what ``spark.jars`` needs."""
    return [jar_path(), hudi_bundle_path()]
