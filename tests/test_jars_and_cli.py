"""Fast tests of the Python package's plumbing: finding jars, the ``jars`` command, and
``configure_spark`` appending to (never replacing) a builder's settings. No Spark is started."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

import hudi_layout
from hudi_layout import jarpaths as jarmod
from hudi_layout.__main__ import main
from hudi_layout.spark import HUDI_EXTENSION, configure_spark


def test_jar_paths_are_absolute_and_exist():
    plugin, bundle = hudi_layout.jars()
    assert os.path.isabs(plugin) and os.path.isfile(plugin) and plugin.endswith("hudi-layout.jar")
    assert os.path.isfile(bundle) and os.path.basename(bundle) == "hudi-spark3.5-bundle_2.12-1.2.0.jar"


def test_jars_command_prints_both_paths_with_separator():
    out = subprocess.run([sys.executable, "-m", "hudi_layout", "jars", "--sep", ","],
                         check=True, capture_output=True, text=True).stdout.strip()
    assert out.split(",") == hudi_layout.jars()


def test_missing_jar_error_names_the_build_command(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(jarmod, "search_dirs", lambda: [tmp_path])
    with pytest.raises(hudi_layout.JarNotFoundError) as err:
        hudi_layout.jar_path()
    assert "hudi-layout.jar" in str(err.value) and "make build" in str(err.value)
    assert str(tmp_path) in str(err.value)
    assert main(["jars"]) == 2
    assert "make build" in capsys.readouterr().err


def test_env_folder_is_searched_first(monkeypatch, tmp_path):
    (tmp_path / jarmod.PLUGIN_JAR).write_bytes(b"")
    monkeypatch.setenv(jarmod.ENV_DIR, str(tmp_path))
    assert hudi_layout.jar_path() == str((tmp_path / jarmod.PLUGIN_JAR).resolve())


def test_configure_spark_appends_to_existing_settings():
    from pyspark.sql import SparkSession
    builder = (SparkSession.builder.config("spark.jars", "/opt/other.jar")
               .config("spark.sql.extensions", "com.example.Ext"))
    configure_spark(builder)
    opts = builder._options
    assert opts["spark.jars"].split(",") == ["/opt/other.jar"] + hudi_layout.jars()
    assert opts["spark.sql.extensions"] == "com.example.Ext," + HUDI_EXTENSION
    assert opts["spark.serializer"] == "org.apache.spark.serializer.KryoSerializer"
    assert opts["spark.kryo.registrator"] == "org.apache.spark.HoodieSparkKryoRegistrar"
    assert opts["spark.sql.catalog.spark_catalog"] == "org.apache.spark.sql.hudi.catalog.HoodieCatalog"
    configure_spark(builder)  # idempotent: nothing is added twice
    assert opts["spark.jars"].split(",") == ["/opt/other.jar"] + hudi_layout.jars()
    assert opts["spark.sql.extensions"] == "com.example.Ext," + HUDI_EXTENSION


def test_without_a_local_bundle_spark_gets_its_maven_coordinates(monkeypatch, tmp_path):
    from pyspark.sql import SparkSession
    (tmp_path / jarmod.PLUGIN_JAR).write_bytes(b"")
    monkeypatch.setattr(jarmod, "search_dirs", lambda: [tmp_path])
    plugin = str((tmp_path / jarmod.PLUGIN_JAR).resolve())
    found = jarmod.spark_jars()
    assert (found.jars, found.packages) == ([plugin], [jarmod.HUDI_BUNDLE_PACKAGE])
    assert found.submit_args() == ["--jars", plugin, "--packages", jarmod.HUDI_BUNDLE_PACKAGE]
    builder = configure_spark(SparkSession.builder.config("spark.jars.packages", "org.example:x:1"))
    assert builder._options["spark.jars"] == plugin
    assert builder._options["spark.jars.packages"] == "org.example:x:1," + jarmod.HUDI_BUNDLE_PACKAGE
    from hudi_layout.cli import clustering as clustering_cli
    command = clustering_cli.job_command("show", str(tmp_path), table="t")
    assert "--jars" not in command and command[command.index("--packages") + 1] == jarmod.HUDI_BUNDLE_PACKAGE
    assert command[command.index(plugin) + 1:command.index(plugin) + 3] == ["--base-path", str(tmp_path)]


def test_table_paths_are_taken_as_typed():
    from hudi_layout.paths import qualified
    assert qualified("t") == os.path.join(os.getcwd(), "t")
    assert qualified("~/t") == os.path.join(os.path.expanduser("~"), "t")
    for uri in ("file:/data/t", "file:///data/t", "s3a://bucket/t", "hdfs://nn:8020/t"):
        assert qualified(uri) == uri


def test_a_local_path_without_a_table_is_refused_before_any_jvm(tmp_path):
    """report and advise on a local path that holds no table: one line naming the path, exit status
    2, and no JVM started (none can be: ``java`` is off the PATH and JAVA_HOME points
    nowhere, so a Spark start would fail with another message). A table's folder, as a path or a
    ``file:`` URI, and a URI of another scheme are let through to Spark's check."""
    from hudi_layout.paths import local_table_error
    (tmp_path / "log.csv").write_text("column,operator,frequency\ncity,=,1\n")
    env = {**os.environ, "JAVA_HOME": str(tmp_path / "no-java"), "PATH": os.path.dirname(sys.executable)}
    env.pop("SPARK_HOME", None)
    said = f"error: no Hudi table at {tmp_path / 'nowhere'} (no .hoodie/hoodie.properties there)"
    for argv, stream in ((["report", "nowhere"], "stderr"), (["advise", "nowhere", "--log", "log.csv"], "stdout")):
        run = subprocess.run([sys.executable, "-m", "hudi_layout", *argv], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 2 and getattr(run, stream).splitlines() == [said], (argv, run.stdout, run.stderr)
    # the clustering verbs read the table's name from its properties first (--tableName for a path
    # only the cluster can read), with their own line
    run = subprocess.run([sys.executable, "-m", "hudi_layout", "clustering", "show", "--path", "nowhere"],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and run.stderr.startswith(f"error: --path {tmp_path / 'nowhere'}: no Hudi table there"), \
        run.stderr
    table = tmp_path / "t"
    (table / ".hoodie").mkdir(parents=True)
    assert local_table_error(table) == _missing(table)
    (table / ".hoodie" / "hoodie.properties").write_text("hoodie.table.name=t\n")
    assert local_table_error(table) is None and local_table_error(f"file://{table}") is None
    # the clustering verbs read the table's name from the same file, for a path or a file: URI
    from hudi_layout.cli.clustering import table_name
    assert table_name(str(table)) == table_name(f"file://{table}") == table_name(f"file:{table}") == "t"
    assert local_table_error(f"file:{tmp_path / 'nowhere'}") == _missing(f"file:{tmp_path / 'nowhere'}")
    assert local_table_error("s3a://bucket/nowhere") is None


def _missing(path) -> str:
    return f"no Hudi table at {path} (no .hoodie/hoodie.properties there)"


def test_the_jackson_the_jar_compiles_against_is_the_one_spark_ships():
    """config/Json writes with Jackson and the jar does not bundle it: the version the pom declares
    (provided) must be the one on Spark's classpath, or a method we call may not be there."""
    import re
    from pathlib import Path

    import pyspark

    declared = re.search(r"<jackson\.version>([^<]+)</jackson\.version>",
                         (Path(__file__).resolve().parents[1] / "pom.xml").read_text())
    assert declared, "pom.xml declares no jackson.version"
    shipped = sorted(p.name for p in (Path(pyspark.__file__).parent / "jars").glob("jackson-databind-*.jar"))
    assert shipped == [f"jackson-databind-{declared.group(1)}.jar"], shipped


# --- the Hudi line: which plugin jar and which bundle -------------------------------------------

def _line_jars(tmp_path):
    for line in jarmod.LINES:
        (tmp_path / jarmod.plugin_jar_name(line)).write_bytes(b"")
    return tmp_path


@pytest.mark.parametrize("version,line", [("1.2.0", "1.2"), ("1.0.2", "1.0"), ("1.0.3-rc1", "1.0"),
                                          ("0.15.0", "0.15"), ("0.15.1", "0.15"), ("1.0", "1.0")])
def test_a_supported_version_names_its_line(version, line):
    assert jarmod.hudi_line(version) == line


@pytest.mark.parametrize("version", ["0.14.1", "1.1.0", "2.0.0", "latest", ""])
def test_an_unsupported_version_is_refused_in_one_line_naming_it_and_the_supported_lines(version):
    with pytest.raises(jarmod.UnsupportedHudiVersion) as err:
        jarmod.hudi_line(version, "spark.jars")
    text = str(err.value)
    assert "\n" not in text and f"Hudi {version} (spark.jars) is not supported" in text, text
    assert "0.15.x, 1.0.x, 1.2.x" in text, text


def test_each_line_gets_its_own_plugin_jar_and_bundle(monkeypatch, tmp_path):
    from pyspark.sql import SparkSession
    monkeypatch.setattr(jarmod, "search_dirs", lambda: [_line_jars(tmp_path)])
    monkeypatch.delenv(jarmod.ENV_VERSION, raising=False)
    assert jarmod.jar_path().endswith("/hudi-layout.jar")
    assert jarmod.jar_path("1.0.2").endswith("/hudi-layout-hudi1.0.jar")
    found = jarmod.spark_jars(hudi_version="0.15")
    assert [os.path.basename(j) for j in found.jars] == ["hudi-layout-hudi0.15.jar"]
    assert found.packages == ["org.apache.hudi:hudi-spark3.5-bundle_2.12:0.15.0"]
    monkeypatch.setenv(jarmod.ENV_VERSION, "1.0.2")
    builder = configure_spark(SparkSession.builder)
    assert builder._options["spark.jars"].endswith("/hudi-layout-hudi1.0.jar")
    assert builder._options["spark.jars.packages"] == "org.apache.hudi:hudi-spark3.5-bundle_2.12:1.0.2"
    builder = configure_spark(SparkSession.builder, hudi_version="1.2.0")  # the argument wins over the variable
    assert builder._options["spark.jars"].endswith("/hudi-layout.jar")


def test_a_bundle_already_on_spark_jars_picks_the_plugin_and_no_second_bundle_is_added(monkeypatch, tmp_path):
    from pyspark.sql import SparkSession
    monkeypatch.setattr(jarmod, "search_dirs", lambda: [_line_jars(tmp_path)])
    platform = "/usr/lib/hudi/hudi-spark3.5-bundle_2.12-0.15.0.jar"
    builder = configure_spark(SparkSession.builder.config("spark.jars", platform))
    jars = builder._options["spark.jars"].split(",")
    assert jars[0] == platform and [os.path.basename(j) for j in jars[1:]] == ["hudi-layout-hudi0.15.jar"]
    assert "spark.jars.packages" not in builder._options
    builder = configure_spark(SparkSession.builder.config(
        "spark.jars.packages", "org.apache.hudi:hudi-spark3.5-bundle_2.12:1.0.2"))
    assert builder._options["spark.jars"].endswith("/hudi-layout-hudi1.0.jar")
    assert builder._options["spark.jars.packages"] == "org.apache.hudi:hudi-spark3.5-bundle_2.12:1.0.2"
    with pytest.raises(jarmod.UnsupportedHudiVersion) as err:
        configure_spark(SparkSession.builder.config("spark.jars", platform), hudi_version="1.2.0")
    assert "Hudi 0.15.0" in str(err.value)


def test_an_unsupported_version_is_refused_before_spark_starts(monkeypatch, tmp_path):
    from pyspark.sql import SparkSession
    monkeypatch.setattr(jarmod, "search_dirs", lambda: [_line_jars(tmp_path)])
    with pytest.raises(jarmod.UnsupportedHudiVersion, match=r"Hudi 1\.1\.0 \(hudi_version\) is not supported"):
        configure_spark(SparkSession.builder, hudi_version="1.1.0")
    with pytest.raises(jarmod.UnsupportedHudiVersion, match=r"Hudi 0\.14\.1 \(the Hudi bundle on spark.jars\) is not supported"):
        configure_spark(SparkSession.builder.config("spark.jars", "/x/hudi-spark3.5-bundle_2.12-0.14.1.jar"))
    monkeypatch.setenv(jarmod.ENV_VERSION, "0.14.0")
    env = dict(os.environ, JAVA_HOME="/nowhere", PATH="/usr/bin:/bin")
    done = subprocess.run([sys.executable, "-m", "hudi_layout", "demo", "--rows", "100"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done
    assert done.stderr.strip().splitlines()[-1].startswith("error: Hudi 0.14.0 (HUDI_LAYOUT_HUDI_VERSION) is not supported"), done.stderr


def test_a_platform_bundle_in_spark_home_picks_the_plugin(monkeypatch, tmp_path):
    from pyspark.sql import SparkSession
    monkeypatch.setattr(jarmod, "search_dirs", lambda: [_line_jars(tmp_path)])
    home = tmp_path / "spark"
    (home / "jars").mkdir(parents=True)
    (home / "jars" / "hudi-spark3.5-bundle_2.12-1.0.2.jar").write_bytes(b"")
    monkeypatch.setenv("SPARK_HOME", str(home))
    builder = configure_spark(SparkSession.builder)
    assert [os.path.basename(j) for j in builder._options["spark.jars"].split(",")] == ["hudi-layout-hudi1.0.jar"]
    assert "spark.jars.packages" not in builder._options
