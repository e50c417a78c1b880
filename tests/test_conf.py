"""The templates in conf/ are current (generated from LayoutOptions and configure_spark) and work:
a table clusters with exactly the keys of conf/hudi-layout.properties, and again with its optional
layout modes (weights, whole-partition plan) switched on (inline clustering stays off: a
clustering job of its own).

Fixture: 3000 order lines (seed 5) bulk-inserted in random order as 8 files; the template's sizes
are overridden so the table becomes 6 files instead of one 1 GiB file.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hudi_layout import clustering, report, tables
from data import lineorder
from docs import gen as docs
from hudi_layout.spark import HUDI_CATALOG, HUDI_EXTENSION, HUDI_KRYO_REGISTRATOR, KRYO
from tablecheck import fingerprint

CONF = Path(__file__).resolve().parents[1] / "conf"


@pytest.mark.parametrize("name", sorted(docs.CONF))
def test_template_is_current(name):
    path = Path(__file__).resolve().parents[1] / name
    assert path.read_text() == docs.CONF[name](), f"{name} is stale: run `make readme`"


def _properties(optional: bool):
    props = {}
    for line in (CONF / "hudi-layout.properties").read_text().splitlines():
        if optional and line.startswith("# hoodie.") and "inline" not in line:
            line = line[2:]
        if line and not line.startswith("#"):
            key, value = line.split("=", 1)
            props[key] = value
    return props


def test_spark_defaults_set_what_configure_spark_sets():
    conf = dict(line.split(None, 1) for line in (CONF / "spark-defaults.conf").read_text().splitlines()
                if line and not line.startswith("#"))
    assert conf["spark.serializer"] == KRYO and conf["spark.kryo.registrator"] == HUDI_KRYO_REGISTRATOR
    assert conf["spark.sql.extensions"] == HUDI_EXTENSION and conf["spark.sql.catalog.spark_catalog"] == HUDI_CATALOG


@pytest.mark.spark
def test_a_table_clusters_with_the_templates_keys(spark, tmp_path):
    df = lineorder.frame(spark, 3000, 5).repartition(8)
    base = str(tmp_path / "base")
    df.write.format("hudi").options(**tables.table_options("t_conf", "lo_key", lineorder.FILTER_COLUMNS, 8)) \
        .mode("overwrite").save(base)
    sizes = {"hoodie.clustering.plan.strategy.target.file.max.bytes": str(tables.table_bytes(base) // 6 + 1),
             "hoodie.clustering.plan.strategy.small.file.limit": str(1 << 40)}
    for optional in (False, True):
        props = _properties(optional)
        assert ("hoodie.hudilayout.column.weights" in props) == optional
        path = str(tmp_path / f"optional-{optional}")
        shutil.copytree(base, path)
        instant = clustering.schedule_and_execute(spark, path, {**props, **sizes})
        layout = clustering.recorded(spark, path, instant)
        assert layout["hudilayout.curve"] == "hilbert" and layout["hudilayout.columns"] == "s_city,c_city,p_brand"
        assert layout["hudilayout.layout"] == "aligned"  # the default, with or without the optional keys
        assert layout.get("hudilayout.column.weights") == ("0.6000,0.3000,0.1000" if optional else None)
        assert layout["hudilayout.groups"] == "1"
        assert fingerprint(spark.read.format("hudi").load(path)) == fingerprint(df)
        assert all(r.avg_files < 6 for r in report.report(spark, path, ["s_city"]))
