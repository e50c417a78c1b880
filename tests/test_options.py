"""The typed Python options: what they emit, the error each bad value raises, and their agreement
with the declarations in the plugin jar.

Every bad value must raise LayoutOptionError naming the option, its Hudi key and the value; the
emitted keys are checked against the jar in test_ingest.py. The declarations are read from the built
jar (``dev/hudilayout/config/options.json``, written by the Maven build); the last test (marked
spark) gives every declared option its boundary values on both sides, the Python dataclass and the
jar's own parser (``LayoutSpecParser`` through the shared session's JVM), and expects the same values
accepted, the same refused, and both errors ending with the same declared "accepted" text.
"""
from __future__ import annotations

import dataclasses
import json
import math
import zipfile

import pytest
from pyspark.sql.types import (ArrayType, DateType, DecimalType, IntegerType, LongType, MapType, StringType,
                               StructField, StructType, TimestampType)

from hudi_layout import LayoutOptionError, LayoutOptions
from hudi_layout import metadata as md
from hudi_layout.ingest import table_options
from hudi_layout.jarpaths import jar_path
from hudi_layout.options import DECLARATIONS, declared

SCHEMA = StructType([
    StructField("id", IntegerType()), StructField("city", StringType()), StructField("ts", TimestampType()),
    StructField("price", DecimalType(38, 18)), StructField("tags", ArrayType(StringType())),
    StructField("attrs", MapType(StringType(), StringType())),
])


def test_defaults_emit_our_strategy_the_index_and_no_scheduling():
    opts = LayoutOptions(["city", "ts"]).write_options()
    assert opts["hoodie.clustering.execution.strategy.class"] == "dev.hudilayout.SpaceCurveExecutionStrategy"
    assert opts["hoodie.clustering.plan.strategy.sort.columns"] == "city,ts"
    assert opts["hoodie.layout.optimize.strategy"] == "hilbert"
    assert opts["hoodie.layout.optimize.curve.build.method"] == "sample"
    assert opts["hoodie.metadata.enable"] == "true"
    assert opts["hoodie.metadata.index.column.stats.enable"] == "true"
    assert opts["hoodie.metadata.index.column.stats.column.list"] == "city,ts"
    assert opts["hoodie.clustering.inline"] == "false"
    assert opts["hoodie.clustering.async.enabled"] == "false"
    assert "hoodie.clustering.inline.max.commits" not in opts
    assert "hoodie.clustering.plan.strategy.target.file.max.bytes" not in opts
    assert opts["hoodie.parquet.small.file.limit"] == "0"
    assert "hoodie.parquet.small.file.limit" not in LayoutOptions(["city"], write_small_file_bytes=None).write_options()


def test_inline_async_sizes_and_extra_index_columns():
    inline = LayoutOptions("city, ts", curve="ZORDER", mapping="Direct", inline=True, every_n_commits=3,
                           target_file_bytes=1 << 27, small_file_bytes=1 << 26, max_bytes_per_group=1 << 33,
                           max_groups=5, stats_columns=["id", "city"]).write_options()
    assert inline["hoodie.layout.optimize.strategy"] == "z-order"
    assert inline["hoodie.layout.optimize.curve.build.method"] == "direct"
    assert inline["hoodie.clustering.inline"] == "true"
    assert inline["hoodie.clustering.inline.max.commits"] == "3"
    assert inline["hoodie.clustering.plan.strategy.target.file.max.bytes"] == str(1 << 27)
    assert inline["hoodie.clustering.plan.strategy.small.file.limit"] == str(1 << 26)
    assert inline["hoodie.clustering.plan.strategy.max.bytes.per.group"] == str(1 << 33)
    assert inline["hoodie.clustering.plan.strategy.max.num.groups"] == "5"
    assert inline["hoodie.metadata.index.column.stats.column.list"] == "city,ts,id"
    assert inline["hoodie.hudilayout.aligned"] == "true"  # the default
    assert "hoodie.hudilayout.grid.buckets" not in inline
    curve_cut = LayoutOptions("city", aligned=False, aligned_tolerance=0.1).write_options()
    assert curve_cut["hoodie.hudilayout.aligned"] == "false"
    assert curve_cut["hoodie.hudilayout.aligned.tolerance"] == "0.1"  # cuts along the curve use it too
    assert "hoodie.hudilayout.aligned" not in LayoutOptions("city", curve="linear").write_options()
    fixed = LayoutOptions(["city", "ts"], grid_buckets={"city": 8, "ts": 1}).write_options()
    assert fixed["hoodie.hudilayout.grid.buckets"] == "8,1"
    aligned = LayoutOptions(["city", "ts"], aligned=True, aligned_tolerance=0.1).write_options()
    assert aligned["hoodie.hudilayout.aligned"] == "true"
    assert aligned["hoodie.hudilayout.aligned.tolerance"] == "0.1"
    async_ = LayoutOptions(["city"], async_clustering=True, every_n_commits=2).write_options()
    assert async_["hoodie.clustering.async.enabled"] == "true"
    assert async_["hoodie.clustering.async.max.commits"] == "2"
    assert async_["hoodie.clustering.inline"] == "false"


def test_weights_in_any_form_emit_one_number_per_sort_column():
    expected = "0.6,0.3,0.1"
    for weights in ([0.6, 0.3, 0.1], (6, 3, 1), {"p_brand": 0.1, "s_city": 0.6, "c_city": 0.3}, "0.6, 0.3 ,0.1"):
        layout = LayoutOptions(["s_city", "c_city", "p_brand"], weights=weights)
        emitted = layout.clustering_options()["hoodie.hudilayout.column.weights"]
        shares = [float(w) / sum(map(float, emitted.split(","))) for w in emitted.split(",")]
        assert [round(x, 9) for x in shares] == [0.6, 0.3, 0.1], (weights, emitted)
    assert LayoutOptions(["s_city", "c_city", "p_brand"], weights={"p_brand": 0.1, "s_city": 0.6, "c_city": 0.3}) \
        .clustering_options()["hoodie.hudilayout.column.weights"] == expected
    assert "hoodie.hudilayout.column.weights" not in LayoutOptions(["a"]).clustering_options()


def test_options_are_immutable_and_replace_checks_again():
    layout = LayoutOptions(["city"])
    with pytest.raises(AttributeError):
        layout.curve = "z-order"
    assert layout.replace(curve="z-order").curve == "z-order"
    with pytest.raises(LayoutOptionError, match="hoodie.layout.optimize.strategy"):
        layout.replace(curve="peano")


@pytest.mark.parametrize("kwargs,key,words", [
    (dict(sort_columns=[]), "hoodie.clustering.plan.strategy.sort.columns", "one or more column names"),
    (dict(sort_columns=["city", "city"]), "hoodie.clustering.plan.strategy.sort.columns", "listed twice"),
    (dict(sort_columns=["city", ""]), "hoodie.clustering.plan.strategy.sort.columns", "non-empty"),
    (dict(sort_columns=["city"], stats_columns=["id", "id"]), "hoodie.metadata.index.column.stats.column.list",
     "listed twice"),
    (dict(sort_columns=["city"], curve="peano"), "hoodie.layout.optimize.strategy",
     "one of linear, z-order (or zorder), hilbert"),
    (dict(sort_columns=["city"], mapping="histogram"), "hoodie.layout.optimize.curve.build.method",
     "direct, sample"),
    (dict(sort_columns=["city"], sample_size=0), "hoodie.layout.optimize.build.curve.sample.size", "from 1 to 2147483647"),
    (dict(sort_columns=["city"], sample_size=-5), "hoodie.layout.optimize.build.curve.sample.size", "from 1 to"),
    (dict(sort_columns=["city"], bits_per_column=64), "hoodie.hudilayout.bits.per.column", "0 to 63"),
    (dict(sort_columns=["city"], writer_size_factor=0.5), "hoodie.hudilayout.writer.max.file.size.factor",
     "1.0 or more"),
    (dict(sort_columns=["city"], target_file_bytes=0), "hoodie.clustering.plan.strategy.target.file.max.bytes",
     "of 1 or more"),
    (dict(sort_columns=["city"], small_file_bytes=-1), "hoodie.clustering.plan.strategy.small.file.limit", "of 1 or more"),
    (dict(sort_columns=["city"], max_bytes_per_group=0), "hoodie.clustering.plan.strategy.max.bytes.per.group",
     "of 1 or more"),
    (dict(sort_columns=["city"], write_small_file_bytes=-1), "hoodie.parquet.small.file.limit", "of 0 or more"),
    (dict(sort_columns=["city"], aligned=True, aligned_tolerance=1.0), "hoodie.hudilayout.aligned.tolerance",
     "above 0 and below 1"),
    (dict(sort_columns=["city"], grid_buckets=[4], curve="linear"), "hoodie.hudilayout.grid.buckets",
     "z-order or hilbert"),
    (dict(sort_columns=["city"], grid_buckets=[4], aligned=False), "hoodie.hudilayout.grid.buckets",
     "unless aligned is True"),
    (dict(sort_columns=["a", "b"], grid_buckets=[4]), "hoodie.hudilayout.grid.buckets", "(2: a, b)"),
    (dict(sort_columns=["a", "b"], grid_buckets="4,0"), "hoodie.hudilayout.grid.buckets", "from 1 to 1000000"),
    (dict(sort_columns=["a", "b"], grid_buckets=[4, 2.5]), "hoodie.hudilayout.grid.buckets", "whole number"),
    (dict(sort_columns=["city"], max_groups=0), "hoodie.clustering.plan.strategy.max.num.groups", "of 1 or more"),
    (dict(sort_columns=["city"], inline=True, every_n_commits=0), "hoodie.clustering.inline.max.commits", "of 1 or more"),
    (dict(sort_columns=["city"], async_clustering=True, every_n_commits=-2), "hoodie.clustering.async.max.commits",
     "of 1 or more"),
    (dict(sort_columns=["city"], inline=True, async_clustering=True), "hoodie.clustering.async.enabled",
     "choose one"),
    (dict(sort_columns=["city"], inline="yes"), "hoodie.clustering.inline", "true or false"),
    (dict(sort_columns=["city"], sample_size=True), "hoodie.layout.optimize.build.curve.sample.size", "whole number"),
    (dict(sort_columns=["a", "b"], weights=[1]), "hoodie.hudilayout.column.weights", "(2: a, b)"),
    (dict(sort_columns=["a", "b"], weights=[1, -1]), "hoodie.hudilayout.column.weights",
     "one non-negative number per sort column"),
    (dict(sort_columns=["a", "b"], weights=[0, 0]), "hoodie.hudilayout.column.weights", "at least one above 0"),
    (dict(sort_columns=["a", "b"], weights=[1, float("inf")]), "hoodie.hudilayout.column.weights", "non-negative"),
    (dict(sort_columns=["a", "b"], weights="1,x"), "hoodie.hudilayout.column.weights", "'2,1'"),
    (dict(sort_columns=["a", "b"], weights={"a": 1, "c": 2}), "hoodie.hudilayout.column.weights",
     "unknown column(s) c"),
    (dict(sort_columns=["a", "b"], weights={"a": 1}), "hoodie.hudilayout.column.weights", "no weight for b"),
    (dict(sort_columns=["a", "b"], weights=[1, 2], curve="linear"), "hoodie.hudilayout.column.weights",
     "z-order or hilbert"),
])
def test_bad_values_name_the_key_the_value_and_what_is_accepted(kwargs, key, words):
    with pytest.raises(LayoutOptionError) as err:
        LayoutOptions(**kwargs)
    message = str(err.value)
    assert key in message and words in message, message


@pytest.mark.parametrize("columns,value,words", [
    (["town"], "'town'", "its columns are: id, city, ts, price, tags, attrs"),
    (["city", "tags"], "'tags'", "type array<string>"),
    (["attrs"], "'attrs'", "type map<string,string>"),
])
def test_schema_check_names_missing_and_unsortable_columns(columns, value, words):
    with pytest.raises(LayoutOptionError) as err:
        LayoutOptions(columns).validate(SCHEMA)
    message = str(err.value)
    assert "hoodie.clustering.plan.strategy.sort.columns" in message and value in message and words in message


def test_schema_check_accepts_every_orderable_type_and_checks_stats_columns():
    assert LayoutOptions(["id", "city", "ts", "price"]).validate(SCHEMA)
    with pytest.raises(LayoutOptionError, match="hoodie.metadata.index.column.stats.column.list.*'nope'"):
        LayoutOptions(["city"], stats_columns=["nope"]).validate(SCHEMA)


def test_table_options_pick_the_key_generator_and_refuse_bad_table_settings():
    layout = LayoutOptions(["city"])
    plain = table_options(SCHEMA, layout, table="t", record_key="id")
    assert plain["hoodie.datasource.write.keygenerator.class"].endswith("NonpartitionedKeyGenerator")
    assert plain["hoodie.datasource.write.operation"] == "upsert"
    parted = table_options(SCHEMA, layout, table="t", record_key="id", partition_by="city", ordering="ts")
    assert parted["hoodie.datasource.write.keygenerator.class"].endswith(".SimpleKeyGenerator")
    assert parted["hoodie.table.ordering.fields"] == "ts"
    composite = table_options(SCHEMA, layout, table="t", record_key=["id", "city"])
    assert composite["hoodie.datasource.write.keygenerator.class"].endswith("ComplexKeyGenerator")
    assert table_options(SCHEMA, layout, table="t", record_key="id",
                         extra={"hoodie.clustering.inline": "true"})["hoodie.clustering.inline"] == "true"
    for kwargs, key in [(dict(record_key="nope"), "hoodie.datasource.write.recordkey.field"),
                        (dict(record_key=""), "hoodie.datasource.write.recordkey.field"),
                        (dict(record_key="id", ordering="nope"), "hoodie.table.ordering.fields"),
                        (dict(record_key="id", partition_by="nope"), "hoodie.datasource.write.partitionpath.field"),
                        (dict(record_key="id", operation="merge"), "hoodie.datasource.write.operation"),
                        (dict(record_key="id", table_type="COW"), "hoodie.datasource.write.table.type"),
                        (dict(record_key="id", table=""), "hoodie.table.name")]:
        kwargs.setdefault("table", "t")
        with pytest.raises(LayoutOptionError, match=key.replace(".", r"\.")):
            table_options(SCHEMA, layout, **kwargs)


def test_a_date_or_decimal_ordering_field_is_refused_on_copy_on_write_only():
    schema = StructType([StructField("id", IntegerType()), StructField("city", StringType()),
                         StructField("day", DateType()), StructField("price", DecimalType(10, 2)),
                         StructField("ts", TimestampType()), StructField("n", LongType())])
    layout = LayoutOptions(["city"])
    for column, kind in (("day", "date"), ("price", "decimal(10,2)")):
        for operation in ("upsert", "insert", "bulk_insert"):
            with pytest.raises(LayoutOptionError) as err:
                table_options(schema, layout, table="t", record_key="id", ordering=["ts", column], operation=operation)
            message = str(err.value)
            assert f"ordering (hoodie.table.ordering.fields) = '{column}'" in message, message
            assert f"type {kind}" in message and "use a timestamp, long (bigint) or int field" in message, message
        # Hudi 1.2.0's merge-on-read upserts, compaction and clustering pass with such a field
        assert table_options(schema, layout, table="t", record_key="id", ordering=column,
                             table_type="MERGE_ON_READ")["hoodie.table.ordering.fields"] == column
    for column in ("id", "n", "ts", "city"):
        assert table_options(schema, layout, table="t", record_key="id",
                             ordering=column)["hoodie.table.ordering.fields"] == column


def test_a_key_under_our_prefix_that_is_none_of_ours_is_refused_with_the_nearest():
    from hudi_layout.options import refuse_unknown_keys
    with pytest.raises(LayoutOptionError, match=r"unknown option hoodie.hudilayout.sample.sed = '7': hudi-layout has "
                                                r"no such key. Did you mean hoodie.hudilayout.sample.seed\?"):
        refuse_unknown_keys({"hoodie.hudilayout.sample.sed": "7", "hoodie.clustering.inline": "true"})
    refuse_unknown_keys({"hoodie.hudilayout.aligned": "true", "hoodie.anything.else": "x"})  # Hudi's keys are Hudi's


def _fields_by_key():
    """Each LayoutOptions field that stands for an option the jar declares, by that option's key."""
    keys = {d.key for d in declared().options}
    return {f.metadata["key"]: f for f in dataclasses.fields(LayoutOptions) if f.metadata["key"] in keys}


def test_the_jar_carries_its_declarations_and_every_one_has_a_field():
    with zipfile.ZipFile(jar_path()) as jar:
        data = json.loads(jar.read(DECLARATIONS))
    assert data["prefix"] == "hoodie.hudilayout." and data["metadata_prefix"] == md.PREFIX
    owners = {d["key"]: d["owner"] for d in data["options"]}
    assert owners["hoodie.hudilayout.aligned"] == "hudi-layout" and owners["hoodie.layout.optimize.strategy"] == "hudi"
    assert all(d["doc"].endswith(f"Accepted: {d['accepted']}.") for d in data["options"]), data["options"]
    # every option the jar's parser reads is a field of LayoutOptions
    assert sorted(_fields_by_key()) == sorted(owners)


def test_python_defaults_are_the_declared_ones():
    fields = _fields_by_key()
    for d in declared().options:
        f = fields[d.key]
        if f.name in ("curve", "mapping"):
            # Hudi's defaults (LINEAR, DIRECT) are what the jar reads when the key is unset; Python
            # always emits its own choice, the layout this project recommends
            assert d.default in ("LINEAR", "DIRECT") and d.rule.check(f.name, d.key, f.default) == f.default
        elif f.name == "sort_columns":
            assert d.default is None and f.default is dataclasses.MISSING
        elif d.default == "":
            assert f.default is None, f.name  # the per-column lists: empty in the jar, None here
        elif d.rule.type == "choice":
            assert f.default == d.default, f.name
        else:
            assert f.default == (int(d.default) if isinstance(d.default, str) else d.default), f.name
            assert type(f.default) is type(int(d.default) if isinstance(d.default, str) else d.default), f.name


def test_every_commit_key_python_reads_is_declared_by_the_jar():
    recorded = declared().metadata
    for key in md.READ_KEYS:
        assert key in recorded and recorded[key]["scope"] == "commit", key
        assert recorded[key]["prefix"] == (key in (md.CONTINUOUS_GRID, md.CONTINUOUS_MOVING)), key
    assert {k for k, v in recorded.items() if v["scope"] == "commit"} >= set(md.READ_KEYS)


def _boundaries(rule):
    """(Python value, the same value as the jar reads it) at and around a rule's bounds."""
    if rule.type == "choice":
        words = list(rule.choices) + list(rule.aliases) + [rule.choices[-1].upper(), " " + rule.choices[0], "peano"]
        return [(w, w) for w in words]
    if rule.type == "boolean":
        return [(True, "true"), (False, "false"), ("yes", "yes")]
    if rule.type in ("int", "long"):
        values = [int(rule.min) - 1, int(rule.min), int(rule.max), int(rule.max) + 1, 7]
        return [(v, str(v)) for v in values] + [(1.5, "1.5"), ("abc", "abc")]
    if rule.type == "double":
        low = float(rule.min)
        values = [low, math.nextafter(low, -math.inf), math.nextafter(low, math.inf), math.inf, math.nan]
        if rule.max is not None:
            high = float(rule.max)
            values += [high, math.nextafter(high, -math.inf), math.nextafter(high, math.inf)]
        else:
            values += [1e300]
        return [(v, repr(v)) for v in values] + [(int(low) + 1, str(int(low) + 1)), ("abc", "abc")]
    raise AssertionError(rule.type)


# the per-column lists and the sort columns, on sort columns a, b
LIST_CASES = {
    "hoodie.clustering.plan.strategy.sort.columns": [("a,b", "a,b"), ("a,,b", "a,,b"), ("a,b,a", "a,b,a"),
                                                     ("", "")],
    "hoodie.hudilayout.grid.buckets": [((1, 1), "1,1"), ((1_000_000, 3), "1000000,3"), ((0, 1), "0,1"),
                                       ((1_000_001, 1), "1000001,1"), ((2, 1.5), "2,1.5"), ((2,), "2"),
                                       ("x,1", "x,1")],
    "hoodie.hudilayout.column.weights": [((0, 1), "0,1"), ((0.6, 0.4), "0.6,0.4"), ((-1, 1), "-1,1"),
                                         ((0, 0), "0,0"), ((math.inf, 1), "Infinity,1"), ((1, 2, 3), "1,2,3"),
                                         ("1,x", "1,x")],
}


@pytest.mark.spark
def test_python_and_the_jar_accept_and_refuse_the_same_values_with_the_same_accepted_text(spark):
    from pyspark.errors import IllegalArgumentException
    jvm = spark.sparkContext._jvm
    fields = _fields_by_key()
    sort_key = "hoodie.clustering.plan.strategy.sort.columns"

    def java(key, raw):
        props = jvm.java.util.Properties()
        props.setProperty(sort_key, "a,b")
        props.setProperty("hoodie.layout.optimize.strategy", "hilbert")
        props.setProperty(key, raw)
        try:
            jvm.dev.hudilayout.config.LayoutSpecParser.parse(jvm.java.util.HashMap(), props)
            return None
        except IllegalArgumentException as e:  # PySpark's form of the JVM's IllegalArgumentException
            return str(e)

    def python(name, value):
        kwargs = {"sort_columns": ["a", "b"], name: value}
        try:
            LayoutOptions(**kwargs)
            return None
        except LayoutOptionError as e:
            return str(e)

    checked = set()
    for d in declared().options:
        name = fields[d.key].name
        cases = LIST_CASES[d.key] if d.rule.type == "list" else _boundaries(d.rule)
        for value, raw in cases:
            ours, theirs = python(name, value), java(d.key, raw)
            assert (ours is None) == (theirs is None), (d.key, value, raw, ours, theirs)
            if ours is not None:
                assert d.key in ours and d.rule.accepted in ours, (value, ours)
                assert d.key in theirs and f"'{raw}'" in theirs and d.rule.accepted in theirs, (raw, theirs)
            checked.add(d.key)
    assert checked == set(fields) and len(checked) == 19, checked
