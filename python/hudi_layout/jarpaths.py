"""Where the plugin jar and the Hudi Spark bundle are, for ``spark.jars`` and ``spark-submit --jars``.

The plugin is built once per Hudi line (:data:`LINES`: 0.15, 1.0 and 1.2), each jar compiled against
its own line's bundle: ``hudi-layout.jar`` for 1.2, ``hudi-layout-hudi1.0.jar`` and
``hudi-layout-hudi0.15.jar`` for the older lines. Which line is in use comes, in order, from: the
``hudi_version`` a caller passes; a Hudi Spark bundle already on ``spark.jars`` or
``spark.jars.packages`` (a platform's own Hudi); the ``HUDI_LAYOUT_HUDI_VERSION`` environment
variable; else Hudi :data:`HUDI_VERSION`. A version of any other line is refused
(:class:`UnsupportedHudiVersion`) before Spark starts.

The plugin jar is looked up, in order, in: the folder named by ``HUDI_LAYOUT_JARS_DIR``; a source
checkout's ``target/`` (what ``make build`` leaves) when the package runs from one; the ``jars/``
folder inside the installed package (a wheel built by ``make dist`` carries it there). The Hudi bundle is looked up in the
same folders (a checkout's ``target/deps/``); where none holds it, Spark fetches it by its Maven
coordinates (``spark.jars.packages`` / ``--packages``, :data:`HUDI_BUNDLE_PACKAGE`), from the local
Maven repository or Maven Central.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, List, Optional

#: Hudi line -> the bundle version the plugin for that line is built and tested against
LINES = {"0.15": "0.15.0", "1.0": "1.0.2", "1.2": "1.2.0"}
#: the Hudi version used where nothing names one
HUDI_VERSION = LINES["1.2"]
PLUGIN_JAR = "hudi-layout.jar"
BUNDLE_ARTIFACT = "hudi-spark3.5-bundle_2.12"
SPARK_BUNDLE_JAR = f"{BUNDLE_ARTIFACT}-{HUDI_VERSION}.jar"
#: the Hudi Spark bundle's Maven coordinates, for spark.jars.packages where no folder holds the jar
HUDI_BUNDLE_PACKAGE = f"org.apache.hudi:{BUNDLE_ARTIFACT}:{HUDI_VERSION}"
ENV_DIR = "HUDI_LAYOUT_JARS_DIR"
#: names the Hudi version to add where no bundle is on spark.jars already
ENV_VERSION = "HUDI_LAYOUT_HUDI_VERSION"
_BUNDLE_FILE = re.compile(r"hudi-spark[\d.]*-bundle_[\d.]+-(\d+\.\d+[\w.\-]*?)\.jar$")
_BUNDLE_PACKAGE = re.compile(r"^org\.apache\.hudi:hudi-spark[\d.]*-bundle_[\d.]+:(.+)$")


class UnsupportedHudiVersion(ValueError):
    """A Hudi version the plugin has no build for; the message names it and the supported lines."""


def supported() -> str:
    """The supported lines, as a user reads them: "0.15.x, 1.0.x, 1.2.x"."""
    return ", ".join(f"{line}.x" for line in LINES)


def hudi_line(version: str, found_in: str = "") -> str:
    """The line ("1.0") of a Hudi ``version`` ("1.0.2", "1.0.3-rc1"); UnsupportedHudiVersion for any
    other line, naming where the version was found."""
    match = re.match(r"^(\d+)\.(\d+)(?:[.\-].*)?$", version.strip())
    line = f"{match.group(1)}.{match.group(2)}" if match else None
    if line not in LINES:
        where = f" ({found_in})" if found_in else ""
        raise UnsupportedHudiVersion(f"Hudi {version}{where} is not supported by hudi-layout; supported Hudi "
                                     f"lines: {supported()} (set {ENV_VERSION} or hudi_version= to one of "
                                     f"{', '.join(LINES.values())})")
    return line


def plugin_jar_name(line: str) -> str:
    """The plugin jar's file name for a Hudi line: the newest line keeps the plain name."""
    return PLUGIN_JAR if line == "1.2" else f"hudi-layout-hudi{line}.jar"


def bundle_version_in(jars: Iterable[str] = (), packages: Iterable[str] = ()) -> Optional[str]:
    """The version of a Hudi Spark bundle named among ``jars`` (paths) or ``packages`` (Maven
    coordinates), or None."""
    for jar in jars:
        match = _BUNDLE_FILE.search(jar.strip())
        if match:
            return match.group(1)
    for package in packages:
        match = _BUNDLE_PACKAGE.match(package.strip())
        if match:
            return match.group(1)
    return None


def resolve_version(requested: Optional[str] = None) -> str:
    """The Hudi version to add: ``requested``, else :data:`ENV_VERSION`, else :data:`HUDI_VERSION`;
    refused (UnsupportedHudiVersion) unless its line is supported. A bare line ("1.0") means the
    version that line is built against."""
    where = "hudi_version" if requested else ENV_VERSION
    version = requested or os.environ.get(ENV_VERSION) or HUDI_VERSION
    line = hudi_line(version, where if version != HUDI_VERSION else "")
    return LINES[line] if version.strip() == line else version.strip()
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


def jar_path(hudi_version: Optional[str] = None) -> str:
    """Absolute path of the hudi-layout plugin jar for the Hudi version in use (:func:`resolve_version`)."""
    name = plugin_jar_name(hudi_line(resolve_version(hudi_version)))
    found = _find(name)
    if found is None:
        raise _not_found(name, "hudi-layout plugin jar")
    return found


def bundle_jar_name(version: str) -> str:
    return f"{BUNDLE_ARTIFACT}-{version}.jar"


def bundle_package(version: str) -> str:
    return f"org.apache.hudi:{BUNDLE_ARTIFACT}:{version}"


def hudi_bundle_path(hudi_version: Optional[str] = None) -> str:
    """Absolute path of the Hudi Spark bundle of the version in use, where a folder holds it
    (JarNotFoundError otherwise: :func:`spark_jars` then names it by Maven coordinates)."""
    name = bundle_jar_name(resolve_version(hudi_version))
    found = _find(name)
    if found is None:
        raise _not_found(name, "Hudi Spark bundle")
    return found


def jars(hudi_version: Optional[str] = None) -> List[str]:
    """Both jars as local paths, plugin first (JarNotFoundError when the bundle is not on this
    machine: use :func:`spark_jars`, which falls back to its Maven coordinates)."""
    return [jar_path(hudi_version), hudi_bundle_path(hudi_version)]


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


def spark_jars(with_plugin: bool = True, hudi_version: Optional[str] = None,
               present: Optional[str] = None) -> SparkJars:
    """The plugin jar for the Hudi version in use (unless ``with_plugin`` is false) and that
    version's Hudi bundle: a local path where a folder holds it, else its Maven coordinates for
    Spark to fetch. ``present``, the version of a bundle already on the session's classpath, picks
    the plugin and adds no second bundle."""
    if present is not None:
        version = present
        hudi_line(present, "the Hudi bundle on spark.jars")
        if hudi_version and hudi_line(hudi_version, "hudi_version") != hudi_line(present):
            raise UnsupportedHudiVersion(f"hudi_version={hudi_version} asks for another Hudi line than the bundle "
                                         f"already on spark.jars (Hudi {present}); name one of them")
    else:
        version = resolve_version(hudi_version)
    local = [jar_path(version)] if with_plugin else []
    if present is not None:
        return SparkJars(local, [])
    bundle = _find(bundle_jar_name(version))
    if bundle is not None:
        return SparkJars(local + [bundle], [])
    return SparkJars(local, [bundle_package(version)])
