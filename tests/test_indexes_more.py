"""The metadata-table indexes after our clustering, on each Hudi line that has them: the
record-level index, a secondary index, partition stats, an expression index and the bloom filters
stay right, and lookups, filters and upserts through them find the model's rows.

Which line has which index (each test of an index the line lacks is skipped, naming it):
- Hudi 1.2 and 1.0: all five, and column stats;
- Hudi 0.15: the record-level index, the bloom filters and column stats; no partition stats,
  secondary or expression index (its metadata table has no partition for them, and its
  ``CREATE INDEX`` is another, older feature).

Tables: 2,000 rows (key ``k``; ``a`` bigint, ``b`` double, ``s`` string, ``ts`` epoch seconds an
hour apart, ``c`` string of 500 values, 4 rows each), partitioned by ``p`` (the first 1,000 keys in
``p0``, the rest in ``p1``), bulk-inserted as 4 files a partition with the record-level index
(``hoodie.index.type=RECORD_INDEX``), partition stats and the metadata table's bloom filters on;
then, on the 1.x lines, a secondary index on ``c`` and an expression index on
``from_unixtime(ts, 'yyyy-MM-dd')`` by ``CREATE INDEX`` on the table registered in the catalog (Hudi
1.2.0 takes no path there). One copy-on-write and one merge-on-read table; each case clusters a copy
of one (sort columns ``a, b, s``, into about 9 files).

Expected, on copy-on-write with our default layout and on merge-on-read with the continuous one,
the clustering given the two index keys a write leaves off by default (``KEEP``, in ``extra``):
- after the clustering, the table lists the same index partitions and holds the model's rows, and
  every filter (a lookup by key, one on ``c``, one on the day of ``ts``, one on ``b``, the partition
  stats' column) returns the model's rows;
- the record-level index maps every key to the partition and file group holding it (read from the
  metadata table), and a lookup by key returns one row and reads one file;
- the secondary index holds exactly the table's ``(c, k)`` pairs, and a filter on ``c`` reads no
  more files than it returns rows; a filter on the day of ``ts`` reads fewer files than the table
  has (the expression index);
- an upsert of 200 stored keys (``b`` moved outside their partition's range, new ``c`` and day) and
  50 new ones, the stored keys found by the record-level index (copy-on-write) or by the bloom
  filters in the files' footers (merge-on-read), leaves exactly the model's rows;
- a second clustering (continuous on both: the default layout on a table laid out before is)
  leaves them too, and the facts after the first hold with the upsert's values (the key looked up
  is one the upsert changed).

The model's rows, before and after the upsert, are collected once for the module; each stage reads
the table once for its rows and the record-level and secondary index checks.

A clustering given only the layout (copy-on-write, default layout): column stats and, where the line
has them, partition stats, the secondary and the expression index stay, and every filter returns the
model's rows. The record-level index and the bloom filters stay too: Hudi 1.x drops an index a
commit's write config leaves off, so the clustering's config keeps on every index the table has
(``KeptIndexes``); without that, the lookup by key and the filter on ``c`` read every file.
"""
from __future__ import annotations

import datetime
import shutil
import uuid

import pytest
from pyspark.sql import functions as F

import hudi_layout as hl
from hudi_layout import jarpaths, jvm, scan, tables

pytestmark = [pytest.mark.spark, pytest.mark.slow]

LINE = jarpaths.hudi_line(jarpaths.resolve_version())
#: The indexes each line's metadata table has beside the files, column stats, the record-level
#: index and the bloom filters, which every line has.
NEWER = {"partition_stats": "partition stats", "secondary_index": "secondary index",
         "expression_index": "expression index"}
HAS = {"record_index", "bloom_filters", "column_stats"} | (set(NEWER) if LINE != "0.15" else set())


def needs(index):
    """Skips a test of ``index`` on a line without it."""
    return pytest.mark.skipif(index not in HAS, reason=f"Hudi {LINE} has no {NEWER.get(index, index)}")


SORT = ["a", "b", "s"]
ROWS = 2000
COLUMNS = ["k", "a", "b", "s", "ts", "c", "p"]
#: What a clustering must be told to keep the indexes a write config does not turn on by default.
KEEP = {"hoodie.metadata.record.index.enable": "true", "hoodie.metadata.index.bloom.filter.enable": "true"}
#: Every write's index options.
INDEXES = {**KEEP, "hoodie.index.type": "RECORD_INDEX", "hoodie.metadata.index.partition.stats.enable": "true"}
#: One file group per index partition (Hudi sizes them for large tables: 10 for the record-level
#: index here) and 2 tasks for the stats, as the table's creation and its index builds set them.
SMALL = {"hoodie.metadata.record.index.min.filegroup.count": "1",
         "hoodie.metadata.record.index.max.filegroup.count": "1",
         "hoodie.metadata.index.column.stats.file.group.count": "1",
         "hoodie.metadata.index.bloom.filter.file.group.count": "1",
         "hoodie.metadata.index.partition.stats.file.group.count": "1",
         "hoodie.metadata.index.expression.file.group.count": "1",
         "hoodie.metadata.index.column.stats.parallelism": "2",
         "hoodie.metadata.index.partition.stats.parallelism": "2"}
LOCKS = "hoodie.write.lock.provider"
DAY = "2023-11-20"
#: The index partitions each built table lists, on this line.
BUILT = {"record_index", "bloom_filters", "column_stats"} | (
    {"partition_stats", "secondary_index_idx_c", "expr_index_idx_day"} if "secondary_index" in HAS else set())


def _rows(spark, start, n, salt=0):
    """Keys ``start``..; ``salt`` moves ``b`` by 1,500 (outside ``p0``'s range), ``ts`` by 3 days
    and ``c`` by 7 values."""
    i = F.col("id")
    return spark.range(start, start + n).select(
        F.format_string("k%06d", i).alias("k"), ((i * 7 + salt) % 101).alias("a"),
        ((i + 1000 * salt) * 1.5).alias("b"), F.format_string("s%03d", (i + salt) % 53).alias("s"),
        (F.lit(1_700_000_000) + i * 3600 + salt * 3 * 86400).alias("ts"),
        F.format_string("c%03d", (i + 7 * salt) % 500).alias("c"),
        F.when(i < ROWS // 2, "p0").otherwise("p1").alias("p"))


def _write(df, path, table_type, operation, extra):
    hl.write(df, path, hl.LayoutOptions(SORT), table="t_indexes_more", record_key="k", partition_by="p",
             operation=operation, table_type=table_type, extra=extra)


def _upsert(spark):
    """200 stored keys of p0 changed (salt 1) and 50 new keys of p1."""
    return _rows(spark, 0, 200, salt=1).unionByName(_rows(spark, ROWS, 50, salt=1))


def _model(spark, upserted):
    """The rows the table holds, before the upsert or after it."""
    return _rows(spark, 200, ROWS - 200).unionByName(_upsert(spark)) if upserted else _rows(spark, 0, ROWS)


def _build(spark, path, table_type):
    """The table of ``table_type`` with every index the line has built; tests cluster copies of it."""
    _write(_rows(spark, 0, ROWS).repartition(4), path, table_type, "bulk_insert",
           {**INDEXES, **SMALL, "hoodie.bulkinsert.shuffle.parallelism": "4", "hoodie.bulkinsert.sort.mode": "NONE"})
    if "secondary_index" in HAS:
        name = f"t_indexes_more_{table_type.lower()}"
        spark.sql(f"CREATE TABLE {name} USING hudi LOCATION '{path}'")
        try:
            # Hudi 1.2.0 builds these indexes with a client that needs a lock provider, even alone
            spark.sql(f"SET {LOCKS}=org.apache.hudi.client.transaction.lock.InProcessLockProvider")
            for k, v in SMALL.items():
                spark.sql(f"SET {k}={v}")
            spark.sql(f"CREATE INDEX idx_c ON {name} (c)").collect()
            spark.sql(f"CREATE INDEX idx_day ON {name} USING column_stats(ts) "
                      "OPTIONS(expr='from_unixtime', format='yyyy-MM-dd')").collect()
        finally:
            for k in (LOCKS, *SMALL):
                spark.sql(f"RESET {k}")
            spark.sql(f"DROP TABLE IF EXISTS {name}")
    assert BUILT <= set(_index_partitions(path)), _index_partitions(path)
    return {"path": path, "table_type": table_type, "bytes": tables.table_bytes(path)}


@pytest.fixture(scope="module")
def indexed_bases(spark, tmp_path_factory):
    """``indexed_bases(table_type)``: that type's table, built on first use."""
    built = {}

    def get(table_type):
        if table_type not in built:
            built[table_type] = _build(spark, str(tmp_path_factory.mktemp("indexes_more") / "t"), table_type)
        return built[table_type]
    return get


def _index_partitions(path):
    """The metadata-table partitions the table's properties list as built."""
    with open(f"{path}/.hoodie/hoodie.properties") as f:
        for line in f:
            if line.startswith("hoodie.table.metadata.partitions="):
                return line.strip().split("=", 1)[1].split(",")
    return []


def _file_group(file_name):
    return file_name.split("_", 1)[0]  # a base file's name begins with its group; a log row names the group


def _read(spark, path):
    """The table's rows, each with the file holding it: one read for every check of a stage."""
    return spark.read.format("hudi").load(path).select(*COLUMNS, "_hoodie_file_name").collect()


def _metadata_indexes(spark, path, held):
    """What the metadata table's indexes hold against ``held`` (:func:`_read`): the keys the
    record-level index does not map to the partition and file group holding them (the first 5 and
    their number), and on a line with a secondary index, whether it holds exactly the table's
    (c, k) pairs."""
    secondary = "secondary_index" in HAS
    entries = spark.read.format("hudi").load(f"{path}/.hoodie/metadata").where(F.col("type").isin(5, 7)) \
        .select("type", "key", "recordIndexMetadata", *(["SecondaryIndexMetadata"] if secondary else [])).collect()
    record_index = {}
    for e in (e for e in entries if e["type"] == 5):
        r = e["recordIndexMetadata"]
        group = r["fileId"] if r["fileIdEncoding"] != 0 else "%s-%d" % (uuid.UUID(
            int=((r["fileIdHighBits"] % 2 ** 64) << 64) | (r["fileIdLowBits"] % 2 ** 64)), r["fileIndex"])
        record_index[e["key"]] = (r["partitionName"], group)
    expected = {r["k"]: (r["p"], _file_group(r["_hoodie_file_name"])) for r in held}
    wrong = sorted(k for k in expected.keys() | record_index.keys() if record_index.get(k) != expected.get(k))
    out = {"record_index_wrong": [(k, record_index.get(k), expected.get(k)) for k in wrong[:5]] + [len(wrong)]}
    if secondary:
        pairs = sorted(e["key"] for e in entries if e["type"] == 7 and not e["SecondaryIndexMetadata"]["isDeleted"])
        out["secondary_right"] = pairs == sorted(f"{r['c']}${r['k']}" for r in held)
    return out


def _day(ts):
    return datetime.datetime.fromtimestamp(ts, datetime.timezone.utc).strftime("%Y-%m-%d")


def _data(rows):
    """``rows`` as sorted tuples of :data:`COLUMNS`, to compare a read with the model."""
    return sorted(tuple(r[c] for c in COLUMNS) for r in rows)


def _queries(spark, path, model):
    """``{filter: (rows, files read)}`` for a lookup by key and a filter on each index's column or
    expression, the filters that did not return the model's rows (``model``: :func:`_data` of
    them), and the table's file slices."""
    rows = [dict(zip(COLUMNS, t)) for t in model]
    slices = len(jvm.latest_file_slices(spark, path))
    assert slices >= 8, slices
    filters = {
        "k": (F.col("k") == "k000123", lambda r: r["k"] == "k000123"),
        "c": (F.col("c") == "c040", lambda r: r["c"] == "c040"),
        "day": (F.from_unixtime("ts", "yyyy-MM-dd") == DAY, lambda r: _day(r["ts"]) == DAY),
        "b": (F.col("b").between(1500.0, 1799.0), lambda r: 1500.0 <= r["b"] <= 1799.0),
    }
    read, wrong = {}, []
    for name, (condition, holds) in filters.items():
        got, files = scan.files_read(scan.read(spark, path).where(condition).select(*COLUMNS))
        got = sorted(tuple(r) for r in got)
        if not got or got != _data(r for r in rows if holds(r)):
            wrong.append(name)
        read[name] = (len(got), files)
    return {"read": read, "wrong": wrong, "slices": slices}


def _look(spark, path, model):
    """What the table and its indexes hold after a clustering, against ``model`` (:func:`_data`):
    whether the table holds exactly its rows, from the same read as the record-level and
    secondary index checks."""
    held = _read(spark, path)
    return {"partitions": set(_index_partitions(path)), "rows": _data(held) == model,
            **_metadata_indexes(spark, path, held), **_queries(spark, path, model)}


@pytest.fixture(scope="module")
def models(spark):
    """``{upserted: rows}``: :func:`_model`'s rows before and after the upsert, collected once."""
    return {upserted: _data(_model(spark, upserted).collect()) for upserted in (False, True)}


#: (table type, layout, the index that finds the upsert's stored keys). Each table's second clustering
#: is continuous (the default layout on a table laid out before is); two of the four pairs, for time.
CASES = [("COPY_ON_WRITE", "default", "RECORD_INDEX"), ("MERGE_ON_READ", "continuous", "BLOOM")]
LAYOUTS = {"default": {}, "continuous": {"continuous": True}}
#: The bloom index reads the filters in the files' footers: with ``hoodie.bloom.index.use.metadata``
#: Hudi 1.2.0, 1.0.2 and 0.15.0 fail any upsert on JDK 17 (Kryo cannot serialize
#: HoodieTableFileSystemView's lock), clustered or not.
UPSERT = {"RECORD_INDEX": INDEXES,
          "BLOOM": {**INDEXES, "hoodie.index.type": "BLOOM", "hoodie.bloom.index.use.metadata": "false"}}


def _layout(base, layout):
    return hl.LayoutOptions(SORT, target_file_bytes=base["bytes"] // 8 + 1, small_file_bytes=1 << 40,
                            max_bytes_per_group=1 << 40, **LAYOUTS[layout])


@pytest.fixture(scope="module", params=CASES, ids=["-".join(c).lower() for c in CASES])
def clustered(request, spark, indexed_bases, models, tmp_path_factory):
    """A copy of one case's table clustered, upserted through the case's index and clustered again,
    and what it held: ``before`` (the base's index partitions), ``first`` and ``second`` (each
    clustering's :func:`_look`), ``upserted`` (whether the upsert left the model's rows)."""
    table_type, layout, index = request.param
    base = indexed_bases(table_type)
    path = str(tmp_path_factory.mktemp("clustered") / "t")
    shutil.copytree(base["path"], path)
    out = {"before": set(_index_partitions(base["path"]))}
    first = hl.cluster(spark, path, _layout(base, layout), extra=KEEP)
    assert first.executed and int(first.layout["hudilayout.files"]) >= 8, first
    out["first"] = _look(spark, path, models[False])

    _write(_upsert(spark), path, base["table_type"], "upsert", UPSERT[index])
    out["upserted"] = _data(_read(spark, path)) == models[True]

    second = hl.cluster(spark, path, _layout(base, layout), extra=KEEP)
    assert second.executed and second.layout["hudilayout.continuous"], second
    out["second"] = _look(spark, path, models[True])
    return out


def test_indexes_answer_lookups_and_upserts_after_clustering(clustered):
    """Every line: the index partitions stay, the table and every filter return the model's rows
    after each clustering, and the upsert finds its stored keys (through the record-level index or
    the bloom filters)."""
    for stage in ("first", "second"):
        assert clustered[stage]["partitions"] == clustered["before"], (stage, clustered)
        assert clustered[stage]["rows"] and not clustered[stage]["wrong"], (stage, clustered[stage])
    assert clustered["upserted"], clustered


def test_the_record_level_index_maps_every_key_to_its_file_group_after_clustering(clustered):
    for stage in ("first", "second"):
        look = clustered[stage]
        assert look["record_index_wrong"] == [0], (stage, look["record_index_wrong"])
        # one row, in the one file the record-level index names
        assert look["read"]["k"] == (1, 1) and "k" not in look["wrong"], (stage, look)


@needs("secondary_index")
def test_the_secondary_index_holds_the_tables_pairs_after_clustering(clustered):
    for stage in ("first", "second"):
        look = clustered[stage]
        assert look["secondary_right"], (stage, look)
        # the files the secondary index names
        assert look["read"]["c"][1] <= look["read"]["c"][0] < look["slices"] and "c" not in look["wrong"], \
            (stage, look)


@needs("expression_index")
def test_the_expression_index_skips_files_after_clustering(clustered):
    for stage in ("first", "second"):
        look = clustered[stage]
        assert "expr_index_idx_day" in look["partitions"], (stage, look)
        # files pruned by the expression index's day ranges
        assert look["read"]["day"][1] < look["slices"] and "day" not in look["wrong"], (stage, look)


@needs("partition_stats")
def test_partition_stats_stay_right_after_clustering(clustered):
    """The filter on ``b`` returns every row, also after the upsert moved ``b`` outside ``p0``'s
    former range (stale partition stats would prune ``p0``)."""
    for stage in ("first", "second"):
        look = clustered[stage]
        assert "partition_stats" in look["partitions"] and "b" not in look["wrong"], (stage, look)


@pytest.fixture(scope="module")
def layout_only(spark, indexed_bases, models, tmp_path_factory):
    """A copy of the copy-on-write table clustered with the layout alone (no index key in ``extra``),
    and what :func:`_queries` found there."""
    base = indexed_bases("COPY_ON_WRITE")
    path = str(tmp_path_factory.mktemp("layout_only") / "t")
    shutil.copytree(base["path"], path)
    assert hl.cluster(spark, path, _layout(base, "default")).executed
    return {"before": _index_partitions(base["path"]), "after": _index_partitions(path),
            **_queries(spark, path, models[False])}


#: index -> the metadata-table partition a clustering given only the layout must keep
OTHER_INDEXES = {"column_stats": "column_stats", "partition_stats": "partition_stats",
                 "secondary_index": "secondary_index_idx_c", "expression_index": "expr_index_idx_day"}


@pytest.mark.parametrize("index", [pytest.param(i, marks=needs(i)) for i in OTHER_INDEXES])
def test_a_clustering_given_only_the_layout_keeps_the_other_indexes_and_every_query_right(layout_only, index):
    assert OTHER_INDEXES[index] in layout_only["after"] and not layout_only["wrong"], layout_only
    if index == "expression_index":
        assert layout_only["read"]["day"][1] < layout_only["slices"], layout_only


def test_a_clustering_given_only_the_layout_keeps_the_record_and_bloom_indexes(layout_only):
    """On a line without a secondary index (0.15) the filter on ``c`` reads what column stats leave,
    so only the index partitions and the lookup by key are held there."""
    read = layout_only["read"]
    got = {"index partitions": sorted(layout_only["after"]), "files read by key": read["k"][1]}
    want = {"index partitions": sorted(layout_only["before"]), "files read by key": 1}
    if "secondary_index" in HAS:
        got["files read by c"], want["files read by c"] = read["c"][1], read["c"][0]
    assert got == want and not layout_only["wrong"], layout_only
