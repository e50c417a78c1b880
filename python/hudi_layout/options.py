"""Typed, validated layout options for PySpark jobs, and the ``hoodie.*`` keys they stand for.

``LayoutOptions`` is immutable and checks itself when it is made: a bad value raises
:class:`LayoutOptionError` naming the option, its Hudi key, the value and what is accepted. With
a DataFrame schema, :meth:`LayoutOptions.validate` also checks the columns exist and have types a
curve can order. Nothing is written before these checks pass.

Each option the jar's parser reads (ours, and Hudi's sort columns, curve, build method and sample
size) is declared once, in the jar (``dev.hudilayout.config.LayoutOptions`` / ``HudiOptions``): key,
default, accepted values and documentation. The jar carries those declarations as data
(``dev/hudilayout/config/options.json``), and this module builds from them its own key list, the
check of every field that stands for a declared option (same bounds, same choices, same "accepted"
text as the jar's error) and the documentation of the options table; the jar is read once, when a
first option is checked, never at import. The options only Python emits (when clustering runs, file
sizes, the index's extra columns) are declared here. Every key emitted is checked by the tests
against the keys declared in the jar and Hudi's bundle (``dev.hudilayout.config.KnownKeys``).
"""
from __future__ import annotations

import dataclasses
import functools
import json
import math
import zipfile
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

from .strategy import STRATEGY_CLASS, STRATEGY_KEY

SORTABLE_TYPES = ("boolean", "tinyint", "smallint", "int", "bigint", "float", "double", "decimal",
                  "date", "timestamp", "timestamp_ntz", "string", "binary")

SORT_COLUMNS_KEY = "hoodie.clustering.plan.strategy.sort.columns"
CURVE_KEY = "hoodie.layout.optimize.strategy"
MAPPING_KEY = "hoodie.layout.optimize.curve.build.method"
SAMPLE_SIZE_KEY = "hoodie.layout.optimize.build.curve.sample.size"
BITS_KEY = "hoodie.hudilayout.bits.per.column"
SEED_KEY = "hoodie.hudilayout.sample.seed"
WRITER_FACTOR_KEY = "hoodie.hudilayout.writer.max.file.size.factor"
ALIGNED_KEY = "hoodie.hudilayout.aligned"
ALIGNED_TOLERANCE_KEY = "hoodie.hudilayout.aligned.tolerance"
GRID_BUCKETS_KEY = "hoodie.hudilayout.grid.buckets"
WEIGHTS_KEY = "hoodie.hudilayout.column.weights"
TARGET_FILE_KEY = "hoodie.clustering.plan.strategy.target.file.max.bytes"
SMALL_FILE_KEY = "hoodie.clustering.plan.strategy.small.file.limit"
GROUP_BYTES_KEY = "hoodie.clustering.plan.strategy.max.bytes.per.group"
MAX_GROUPS_KEY = "hoodie.clustering.plan.strategy.max.num.groups"
#: The groups one plan of ours may take when ``max_groups`` is not set: enough for every partition
#: of a table that needs laying out (Hudi's own default, 30, leaves a table of 83 partitions with 53
#: not laid out, and says nothing); the plan's groups run as one Spark job (see docs/scale.md).
DEFAULT_MAX_GROUPS = 100_000
PLAN_CLASS_KEY = "hoodie.clustering.plan.strategy.class"
WHOLE_PARTITION_PLAN = "dev.hudilayout.WholePartitionPlanStrategy"
CONTINUOUS_PLAN = "dev.hudilayout.continuous.ContinuousPlanStrategy"
SIZE_BASED_PLAN = "dev.hudilayout.SizeBasedPlanStrategy"
MERGE_FRACTION_KEY = "hoodie.hudilayout.continuous.merge.fraction"
MERGE_TIERS_KEY = "hoodie.hudilayout.continuous.merge.tiers"
REGION_FILES_KEY = "hoodie.hudilayout.continuous.region.files"
BULK_INSERT_PARTITIONER_KEY = "hoodie.bulkinsert.user.defined.partitioner.class"
REGION_WRITE_PARTITIONER = "dev.hudilayout.continuous.RegionWritePartitioner"
INLINE_KEY = "hoodie.clustering.inline"
INLINE_COMMITS_KEY = "hoodie.clustering.inline.max.commits"
ASYNC_KEY = "hoodie.clustering.async.enabled"
ASYNC_COMMITS_KEY = "hoodie.clustering.async.max.commits"
METADATA_KEY = "hoodie.metadata.enable"
STATS_ENABLE_KEY = "hoodie.metadata.index.column.stats.enable"
STATS_COLUMNS_KEY = "hoodie.metadata.index.column.stats.column.list"
DATA_SKIPPING_KEY = "hoodie.enable.data.skipping"
WRITE_SMALL_FILE_KEY = "hoodie.parquet.small.file.limit"
WRITERS_FIRST_KEY = "hoodie.hudilayout.writers.first"
AUTO_KEY = "hoodie.hudilayout.auto"
AUTO_MAX_COLUMNS_KEY = "hoodie.hudilayout.auto.max.columns"
WHEN_KEY = "hoodie.hudilayout.when"
PAYS_RATIO_KEY = "hoodie.hudilayout.when.pays.ratio"

OUR_PREFIX = "hoodie.hudilayout."
#: where the jar keeps its declarations
DECLARATIONS = "dev/hudilayout/config/options.json"
DECLARATIONS_FORMAT = 1

#: Options a reader needs for the column-stats index to skip files.
READ_OPTIONS = {METADATA_KEY: "true", DATA_SKIPPING_KEY: "true"}


class LayoutOptionError(ValueError):
    """A layout option has a value that cannot work; raised before anything is written."""


def _error(name: str, key: str, value, accepted: str) -> LayoutOptionError:
    return LayoutOptionError(f"{name} ({key}) = {value!r} is not accepted: {accepted}")


@dataclass(frozen=True)
class Rule:
    """The values one option accepts, as the jar declares them (``dev.hudilayout.config.Rule``):
    ``type`` int, long, double, boolean, choice or list (with ``element`` int, double or None for
    names), bounds (None: unbounded), choices and aliases, and ``accepted``, the text every error
    about the option ends with."""
    type: str
    accepted: str
    element: Optional[str] = None
    min: Optional[float] = None
    min_inclusive: bool = True
    max: Optional[float] = None
    max_inclusive: bool = True
    choices: Tuple[str, ...] = ()
    aliases: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_declaration(cls, d: Mapping[str, Any]) -> "Rule":
        return cls(type=d["type"], accepted=d["accepted"], element=d["element"], min=d["min"],
                   min_inclusive=d["min_inclusive"], max=d["max"], max_inclusive=d["max_inclusive"],
                   choices=tuple(d["choices"]), aliases=dict(d["aliases"]))

    def within(self, v: float) -> bool:
        """Finite and within the bounds."""
        if not math.isfinite(v):
            return False
        if self.min is not None and (v < self.min if self.min_inclusive else v <= self.min):
            return False
        return self.max is None or (v <= self.max if self.max_inclusive else v < self.max)

    def accepts(self, value, kind: Optional[str] = None) -> bool:
        """Whether a Python value of this rule's type (or of ``kind``, a list's element) is accepted."""
        kind = kind or self.type
        if kind in ("int", "long"):
            return isinstance(value, int) and not isinstance(value, bool) and self.within(value)
        if kind == "double":
            return isinstance(value, (int, float)) and not isinstance(value, bool) and self.within(value)
        if kind == "boolean":
            return isinstance(value, bool)
        raise TypeError(f"no single-value check for a {kind}")

    def check(self, name: str, key: str, value):
        """``value`` as the option keeps it (a choice in its canonical spelling), or
        :class:`LayoutOptionError` naming the field, the key, the value and :attr:`accepted`."""
        if self.type == "choice":
            word = value.strip().lower() if isinstance(value, str) else value
            if word in self.choices:
                return word
            if word in self.aliases:
                return self.aliases[word]
        elif self.accepts(value):
            return value
        raise _error(name, key, value, self.accepted)


#: Python's own declarations, for options the jar does not read (Hudi reads them, or only Python does).
TRUE_OR_FALSE = Rule("boolean", "true or false")
AT_LEAST_ONE = Rule("long", "a whole number of 1 or more", min=1)
AT_LEAST_ZERO = Rule("long", "a whole number of 0 or more", min=0)


@dataclass(frozen=True)
class Declaration:
    """One option the jar declares: key, owner (``hudi-layout`` or ``hudi``), default as the jar's
    parser reads it when the key is unset (None: no default), documentation, since version, rule."""
    key: str
    owner: str
    default: Any
    doc: str
    since: str
    rule: Rule


@dataclass(frozen=True)
class Declarations:
    """What the plugin jar declares: its options (Hudi's keys it reads, then ours) and the
    ``hudilayout.*`` keys it records in Hudi's metadata (key to scope, ``commit`` or ``group``)."""
    options: Tuple[Declaration, ...]
    metadata: Mapping[str, Mapping[str, Any]]

    def option(self, key: str) -> Declaration:
        for d in self.options:
            if d.key == key:
                return d
        raise KeyError(f"the hudi-layout jar declares no option {key}")

    @property
    def our_keys(self) -> Tuple[str, ...]:
        return tuple(d.key for d in self.options if d.owner == "hudi-layout")


@functools.lru_cache(maxsize=None)
def declared() -> Declarations:
    """The declarations of the plugin jar :func:`hudi_layout.jarpaths.jar_path` finds, read once."""
    from .jarpaths import jar_path
    path = jar_path()
    with zipfile.ZipFile(path) as jar:
        try:
            data = json.loads(jar.read(DECLARATIONS).decode("utf-8"))
        except KeyError:
            raise RuntimeError(f"{path} has no {DECLARATIONS}: it was built before options were exported; "
                               "rebuild it (`make build`)") from None
    if data.get("format") != DECLARATIONS_FORMAT:
        raise RuntimeError(f"{path}: {DECLARATIONS} has format {data.get('format')}, this package reads "
                           f"{DECLARATIONS_FORMAT}; use the jar of the same hudi-layout version")
    options = tuple(Declaration(d["key"], d["owner"], d["default"], d["doc"], d["since"], Rule.from_declaration(d))
                    for d in data["options"])
    return Declarations(options, {m["key"]: m for m in data["metadata"]})


def __getattr__(name: str):
    # OUR_KEYS is the jar's list, read when first used (never at import)
    if name == "OUR_KEYS":
        return declared().our_keys
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def refuse_unknown_keys(options: Mapping[str, object]) -> None:
    """A key under ``hoodie.hudilayout.`` that is none of ours (a typo Hudi would ignore) raises
    :class:`LayoutOptionError` naming the key, its value and the nearest key we have; Hudi's keys
    are left to Hudi."""
    import difflib
    for key in sorted(str(k) for k in options):
        if key.startswith(OUR_PREFIX):
            ours = declared().our_keys
            if key not in ours:
                nearest = difflib.get_close_matches(key, ours, n=1, cutoff=0.0)[0]
                raise LayoutOptionError(f"unknown option {key} = {options[key]!r}: hudi-layout has no such key. "
                                        f"Did you mean {nearest}? Accepted keys under {OUR_PREFIX}: "
                                        f"{', '.join(ours)}")


def _doc(key: str, text: str = "", default: str = "", rule: Optional[Rule] = None) -> Dict[str, Any]:
    """A field's metadata: the key it sets, and, for a key the jar declares, only a note on the
    Python form (the meaning and the rule are the jar's); otherwise its meaning and ``rule``."""
    return {"key": key, "doc": text, "default": default, "rule": rule}


def _columns(value) -> Tuple[str, ...]:
    if isinstance(value, str):
        return tuple(c.strip() for c in value.split(","))
    return tuple(value)


@dataclass(frozen=True)
class LayoutOptions:
    """How clustering lays out a table, when it runs, and which columns the index covers.

    Example::

        layout = LayoutOptions(["s_city", "c_city", "p_brand"], inline=True, every_n_commits=4)
        df.write.format("hudi").options(**table_opts, **layout.write_options()).save(path)
    """

    sort_columns: Tuple[str, ...] = field(metadata=_doc(
        SORT_COLUMNS_KEY, "A sequence of names or one string like `'a,b,c'`."))
    curve: str = field(default="hilbert", metadata=_doc(CURVE_KEY, default="`hilbert`"))
    mapping: str = field(default="sample", metadata=_doc(MAPPING_KEY, default="`sample`"))
    sample_size: int = field(default=200_000, metadata=_doc(SAMPLE_SIZE_KEY, default="200000"))
    bits_per_column: int = field(default=0, metadata=_doc(BITS_KEY, default="0"))
    sample_seed: int = field(default=42, metadata=_doc(SEED_KEY, default="42"))
    writer_size_factor: float = field(default=4.0, metadata=_doc(WRITER_FACTOR_KEY, default="4.0"))
    aligned: bool = field(default=True, metadata=_doc(ALIGNED_KEY, default="True"))
    aligned_tolerance: float = field(default=0.25, metadata=_doc(ALIGNED_TOLERANCE_KEY, default="0.25"))
    grid_buckets: Optional[Tuple[int, ...]] = field(default=None, metadata=_doc(
        GRID_BUCKETS_KEY, "A sequence in `sort_columns` order, a `{column: buckets}` dict or `'10,1,10'`.",
        "None (chosen from the sample)"))
    weights: Optional[Tuple[float, ...]] = field(default=None, metadata=_doc(
        WEIGHTS_KEY, "A sequence in `sort_columns` order, a `{column: weight}` dict or `'0.6,0.3,0.1'`; a "
        "dropped column is named in `ClusteringResult.dropped_columns`; `python -m hudi_layout advise` "
        "suggests weights.", "None (columns alike)"))
    target_file_bytes: Optional[int] = field(default=None, metadata=_doc(
        TARGET_FILE_KEY, "Target size of an output file, footer included. Hudi's size-based plan (the default "
        "layout) makes ceil(B / target) files of a group of B bytes. The continuous and whole-partition plans "
        "put in a file the rows that fit beside the footer the clustering's bloom settings make, a row costing its "
        "bytes in the table's files without their footers. A target with no room for one row beside the footer "
        "is refused before anything is written.",
        "Hudi's (1 GiB)", AT_LEAST_ONE))
    small_file_bytes: Optional[int] = field(default=None, metadata=_doc(
        SMALL_FILE_KEY, "Files below this size are picked for clustering.", "Hudi's (300 MiB)", AT_LEAST_ONE))
    max_bytes_per_group: Optional[int] = field(default=None, metadata=_doc(
        GROUP_BYTES_KEY, "Most bytes in one clustering group (one curve).", "Hudi's (2 GiB)", AT_LEAST_ONE))
    max_groups: Optional[int] = field(default=None, metadata=_doc(
        MAX_GROUPS_KEY, "Most groups in one clustering plan: a plan takes every partition that needs "
        "laying out, up to this many groups (a partition is one group or more); a plan that reached it "
        "says so (`ClusteringResult.capped`).", f"{DEFAULT_MAX_GROUPS:,} (Hudi's is 30)", AT_LEAST_ONE))
    whole_partition: bool = field(default=False, metadata=_doc(
        PLAN_CLASS_KEY, "Lay each partition out as one curve (`dev.hudilayout.WholePartitionPlanStrategy`) "
        "instead of Hudi's groups of at most `max_bytes_per_group`.", "False (Hudi's size-based plan)",
        TRUE_OR_FALSE))
    continuous: Optional[bool] = field(default=None, metadata=_doc(
        PLAN_CLASS_KEY, "Keep skipping while the table grows (`dev.hudilayout.continuous.ContinuousPlanStrategy`): "
        "a partition's first clustering records a grid on its commit, the root of a tree of regions; later "
        "ones lay new rows on the tree, each file inside one region, and lay a region out again when its new "
        "rows reach `merge_fraction` of its laid-out rows, splitting it into regions of its own when it has "
        "grown to twice `region_files`; in between, a region's new files merge by size tiers "
        "(`merge_tiers`). Every file size is taken (`small_file_bytes` is not used). The write options "
        "also make a `bulk_insert` put each new row in its region (`dev.hudilayout.continuous.RegionWritePartitioner` "
        "as `hoodie.bulkinsert.user.defined.partitioner.class`). For `z-order` and "
        "`hilbert`; not with `whole_partition`.",
        "None: on where the layout is clustered repeatedly (`inline`, `async_clustering`, and `cluster()` on "
        "a table a clustering of ours laid out before), unless the curve is `linear` or `whole_partition` is "
        "set; off for a table's first `cluster()` (see docs/layouts.md, Default)", TRUE_OR_FALSE))
    merge_fraction: float = field(default=0.5, metadata=_doc(MERGE_FRACTION_KEY, default="0.5"))
    merge_tiers: int = field(default=3, metadata=_doc(MERGE_TIERS_KEY, default="3"))
    region_files: int = field(default=0, metadata=_doc(REGION_FILES_KEY, default="0"))
    writers_first: bool = field(default=True, metadata=_doc(
        WRITERS_FIRST_KEY, "See docs/operators.md, Clustering beside an upsert stream.", "True"))
    auto_columns: bool = field(default=False, metadata=_doc(
        AUTO_KEY, "Choose the sort columns and their weights from the table's query log (queries recorded with "
        "`configure_spark(record_queries=True)`); `sort_columns` apply while the log has nothing a cut narrows. "
        "The column-stats index then covers every column. With `continuous`, a table moves to new columns region "
        "by region. "
        "`LayoutOptions.auto(columns)` sets it.", "False"))
    auto_max_columns: int = field(default=4, metadata=_doc(AUTO_MAX_COLUMNS_KEY, default="4"))
    when: str = field(default="always", metadata=_doc(
        WHEN_KEY, "`pays`: plan a clustering only when the queries recorded since the last one would save more "
        "reads than it rewrites (see docs/layouts.md, Clustering when it pays). With neither `whole_partition` "
        "nor `continuous`, Hudi's size-based plan runs as `dev.hudilayout.SizeBasedPlanStrategy`.", "always"))
    pays_ratio: float = field(default=1.0, metadata=_doc(PAYS_RATIO_KEY, default="1.0"))
    inline: bool = field(default=False, metadata=_doc(
        INLINE_KEY, "Cluster inside the write, every `every_n_commits` commits.", "False", TRUE_OR_FALSE))
    async_clustering: bool = field(default=False, metadata=_doc(
        ASYNC_KEY, "Schedule clustering every `every_n_commits` commits and run it beside a "
        "streaming write. Not together with `inline`.", "False", TRUE_OR_FALSE))
    every_n_commits: int = field(default=4, metadata=_doc(
        f"{INLINE_COMMITS_KEY} / {ASYNC_COMMITS_KEY}", "Commits between clusterings.", "4", AT_LEAST_ONE))
    write_small_file_bytes: Optional[int] = field(default=0, metadata=_doc(
        WRITE_SMALL_FILE_KEY, "Writes add new rows to existing files below this size. 0 sends them to new "
        "files, so laid-out files keep their order until the next clustering; None keeps Hudi's packing.",
        "0", AT_LEAST_ZERO))
    stats_columns: Tuple[str, ...] = field(default=(), metadata=_doc(
        STATS_COLUMNS_KEY, "Further columns for the column-stats index; the sort columns are always "
        "indexed (with `hoodie.metadata.enable` and `hoodie.metadata.index.column.stats.enable` on).",
        "the sort columns"))

    def __post_init__(self):
        sort = _columns(self.sort_columns)
        object.__setattr__(self, "sort_columns", sort)
        _check_names("sort_columns", SORT_COLUMNS_KEY, sort, required=True)
        stats = _columns(self.stats_columns)
        object.__setattr__(self, "stats_columns", stats)
        _check_names("stats_columns", STATS_COLUMNS_KEY, stats, required=False)

        # every single-valued field, by the rule the jar declares for its key or the one declared here
        for f in dataclasses.fields(self):
            rule = _single_value_rule(f)
            value = getattr(self, f.name)
            if rule is not None and not (value is None and str(f.type).startswith("Optional")):
                key = ASYNC_COMMITS_KEY if f.name == "every_n_commits" and self.async_clustering else \
                    f.metadata["key"].split(" / ")[0]
                object.__setattr__(self, f.name, rule.check(f.name, key, value))
        if self.weights is not None:
            object.__setattr__(self, "weights", _weights(self.weights, sort))
            if self.curve == "linear":
                raise _error("weights", WEIGHTS_KEY, self.weights, "None with curve linear (weights share out "
                             "the splits of z-order or hilbert)")
        if self.grid_buckets is not None:
            object.__setattr__(self, "grid_buckets", _grid_buckets(self.grid_buckets, sort))
            if self.curve == "linear" or self.aligned is not True:
                raise _error("grid_buckets", GRID_BUCKETS_KEY, self.grid_buckets, "None unless aligned is True "
                             "and the curve is z-order or hilbert (buckets are the aligned grid's)")
        if self.continuous and self.whole_partition:
            raise _error("continuous", PLAN_CLASS_KEY, True, "False with whole_partition=True (each is a "
                         "plan strategy; continuous lays a partition out whole only the first time)")
        if self.continuous and self.curve == "linear":
            raise _error("continuous", PLAN_CLASS_KEY, True, "False with curve linear (the grid's cells are "
                         "visited along z-order or hilbert)")
        if self.inline and self.async_clustering:
            raise LayoutOptionError(
                f"inline ({INLINE_KEY}) and async_clustering ({ASYNC_KEY}) are both True: choose one; "
                "inline clusters inside the write, async beside a streaming write")

    # ----------------------------------------------------------------------------------------
    @classmethod
    def auto(cls, sort_columns, max_columns: int = 4, **changes) -> "LayoutOptions":
        """A layout whose columns and weights come from the table's query log: at most
        ``max_columns`` of the columns its recorded queries filter, each weighted by the cuts it
        earns. ``sort_columns`` apply while the log is empty."""
        return cls(sort_columns, auto_columns=True, auto_max_columns=max_columns, **changes)

    def replace(self, **changes) -> "LayoutOptions":
        """A copy with some fields changed (and checked again)."""
        return dataclasses.replace(self, **changes)

    @property
    def is_continuous(self) -> bool:
        """Whether the continuous plan lays this layout out: ``continuous`` when set; else (None) when
        the layout is clustered repeatedly, ``inline`` or ``async_clustering``, and the continuous
        plan takes its curve and plan (see :meth:`clustered_again`)."""
        if self.continuous is not None:
            return self.continuous
        return (self.inline or self.async_clustering) and self.continuous_allowed

    @property
    def continuous_allowed(self) -> bool:
        """The continuous plan takes this layout: a z-order or hilbert curve, without ``whole_partition``."""
        return self.curve != "linear" and not self.whole_partition

    def clustered_again(self) -> "LayoutOptions":
        """This layout for a table a clustering of ours laid out before: continuous unless set to
        False or the curve or plan does not allow it (``continuous=None`` resolved)."""
        return self if self.continuous is not None else self.replace(continuous=self.continuous_allowed)

    @property
    def indexed_columns(self) -> Tuple[str, ...]:
        """Columns the column-stats index covers: the sort columns, then ``stats_columns``."""
        return self.sort_columns + tuple(c for c in self.stats_columns if c not in self.sort_columns)

    def validate(self, schema) -> "LayoutOptions":
        """Check the columns against a Spark ``StructType`` (a DataFrame's or a table's schema).

        Returns ``self`` so it chains. Raises :class:`LayoutOptionError` for a missing column or a
        sort column of a type the curve cannot order (maps, arrays, structs, ...)."""
        fields = {f.name: f for f in schema.fields}
        names = ", ".join(n for n in fields if not n.startswith("_hoodie_"))
        for name, key, columns in (("sort_columns", SORT_COLUMNS_KEY, self.sort_columns),
                                   ("stats_columns", STATS_COLUMNS_KEY, self.stats_columns)):
            for c in columns:
                if c not in fields:
                    raise _error(name, key, c, "a column of the data; its columns are: " + names)
                kind = _type_name(fields[c].dataType)
                if kind not in SORTABLE_TYPES:
                    raise _error(name, key, c, f"the column has type {fields[c].dataType.simpleString()}; "
                                 "accepted types: " + ", ".join(SORTABLE_TYPES))
        return self

    def clustering_options(self) -> Dict[str, str]:
        """The keys that make a clustering use this layout: strategy class, columns, curve,
        mapping, our options and the plan sizes that are set."""
        opts = {
            STRATEGY_KEY: STRATEGY_CLASS,
            SORT_COLUMNS_KEY: ",".join(self.sort_columns),
            CURVE_KEY: self.curve,
            MAPPING_KEY: self.mapping,
            SAMPLE_SIZE_KEY: str(self.sample_size),
            BITS_KEY: str(self.bits_per_column),
            SEED_KEY: str(self.sample_seed),
            WRITER_FACTOR_KEY: repr(float(self.writer_size_factor)),
        }
        if self.weights is not None:
            opts[WEIGHTS_KEY] = ",".join(format(w, ".12g") for w in self.weights)
        if self.curve != "linear":
            opts[ALIGNED_KEY] = "true" if self.aligned else "false"
            opts[ALIGNED_TOLERANCE_KEY] = repr(float(self.aligned_tolerance))
            if self.grid_buckets is not None:
                opts[GRID_BUCKETS_KEY] = ",".join(str(k) for k in self.grid_buckets)
        for name, key in (("target_file_bytes", TARGET_FILE_KEY), ("small_file_bytes", SMALL_FILE_KEY),
                          ("max_bytes_per_group", GROUP_BYTES_KEY)):
            value = getattr(self, name)
            if value is not None:
                opts[key] = str(value)
        opts[MAX_GROUPS_KEY] = str(self.max_groups if self.max_groups is not None else DEFAULT_MAX_GROUPS)
        opts[WRITERS_FIRST_KEY] = "true" if self.writers_first else "false"
        if self.auto_columns:
            opts[AUTO_KEY] = "true"
            opts[AUTO_MAX_COLUMNS_KEY] = str(self.auto_max_columns)
        if self.when == "pays":
            opts[WHEN_KEY] = self.when
            opts[PAYS_RATIO_KEY] = repr(float(self.pays_ratio))
            opts[PLAN_CLASS_KEY] = SIZE_BASED_PLAN
        if self.whole_partition:
            opts[PLAN_CLASS_KEY] = WHOLE_PARTITION_PLAN
        if self.is_continuous:
            opts[PLAN_CLASS_KEY] = CONTINUOUS_PLAN
            opts[MERGE_FRACTION_KEY] = repr(float(self.merge_fraction))
            opts[MERGE_TIERS_KEY] = str(self.merge_tiers)
            opts[REGION_FILES_KEY] = str(self.region_files)
        opts.update(self.index_options())
        return opts

    def index_options(self) -> Dict[str, str]:
        """Metadata table and column-stats index on, for :attr:`indexed_columns` (with
        ``auto_columns``, Hudi's default: every column, up to its cap of columns)."""
        opts = {METADATA_KEY: "true", STATS_ENABLE_KEY: "true"}
        if not self.auto_columns:
            opts[STATS_COLUMNS_KEY] = ",".join(self.indexed_columns)
        return opts

    def write_options(self) -> Dict[str, str]:
        """:meth:`clustering_options` plus when clustering runs (inline, async or neither) and
        where a write puts new rows."""
        opts = self.clustering_options()
        if self.write_small_file_bytes is not None:
            opts[WRITE_SMALL_FILE_KEY] = str(self.write_small_file_bytes)
        opts[INLINE_KEY] = "true" if self.inline else "false"
        opts[ASYNC_KEY] = "true" if self.async_clustering else "false"
        if self.inline:
            opts[INLINE_COMMITS_KEY] = str(self.every_n_commits)
        if self.async_clustering:
            opts[ASYNC_COMMITS_KEY] = str(self.every_n_commits)
        if self.is_continuous:
            opts[BULK_INSERT_PARTITIONER_KEY] = REGION_WRITE_PARTITIONER
        return opts


def _check_names(name: str, key: str, columns: Sequence[str], required: bool) -> None:
    """Column names as the jar reads the sort columns (its rule's text), for any column-list key."""
    accepted = declared().option(SORT_COLUMNS_KEY).rule.accepted
    if required and not columns:
        raise _error(name, key, columns, f"{accepted}; there is none")
    seen = set()
    for c in columns:
        if not isinstance(c, str) or not c.strip() or c != c.strip() or "," in c:
            raise _error(name, key, c, f"{accepted}; a name is non-empty, without commas or surrounding spaces")
        if c in seen:
            raise _error(name, key, c, f"{accepted}; it is listed twice")
        seen.add(c)


def parse_shares(raw: str, count: Optional[int] = None) -> List[float]:
    """Weights written as ``'0.6,0.3,0.1'``, as shares summing to 1. Raises ``ValueError`` unless
    they are numbers >= 0, not all 0 (and ``count`` of them, when given)."""
    try:
        w = [float(x) for x in raw.split(",")]
    except ValueError:
        w = []
    if not w or (count is not None and len(w) != count) or any(not math.isfinite(x) or x < 0 for x in w) \
            or sum(w) <= 0:
        many = f"{count} numbers" if count is not None else "numbers"
        raise ValueError(f"{raw!r}: expected {many} >= 0, not all 0, separated by commas")
    return [x / sum(w) for x in w]


def _per_column(name: str, key: str, value, columns: Sequence[str], accepted: str, parse, noun: str) -> tuple:
    """One value per sort column, in ``columns`` order, from a sequence, a ``{column: value}``
    mapping or a comma-separated string (each part read with ``parse``); the count is checked."""
    if isinstance(value, Mapping):
        unknown = [c for c in value if c not in columns]
        missing = [c for c in columns if c not in value]
        if unknown or missing:
            what = (f"unknown column(s) {', '.join(map(str, unknown))}" if unknown
                    else f"no {noun} for {', '.join(missing)}")
            raise _error(name, key, dict(value), f"{accepted}; {what}")
        value = [value[c] for c in columns]
    if isinstance(value, str):
        try:
            value = [parse(part) for part in value.split(",")]
        except ValueError:
            raise _error(name, key, value, accepted) from None
    if isinstance(value, bytes) or not isinstance(value, Iterable):
        raise _error(name, key, value, accepted)
    values = tuple(value)
    if len(values) != len(columns):
        raise _error(name, key, values, f"{accepted}; got {len(values)}")
    return values


def _per_column_accepted(key: str, columns: Sequence[str], example: str) -> str:
    """A per-column option's accepted text: the jar's rule, the columns, and the Python forms."""
    noun = "weight" if key == WEIGHTS_KEY else "buckets"
    return (f"{declared().option(key).rule.accepted} ({len(columns)}: {', '.join(columns)}), as a sequence in "
            f"that order, a {{column: {noun}}} dict or a string like '{example}'")


def _weights(value, columns: Sequence[str]) -> Tuple[float, ...]:
    """Weights in ``columns`` order from a sequence or a ``{column: weight}`` mapping, checked."""
    rule = declared().option(WEIGHTS_KEY).rule
    accepted = _per_column_accepted(WEIGHTS_KEY, columns, ",".join(str(len(columns) - i) for i in range(len(columns))))
    weights = _per_column("weights", WEIGHTS_KEY, value, columns, accepted, float, "weight")
    if not all(rule.accepts(w, rule.element) for w in weights) or sum(weights) <= 0:
        raise _error("weights", WEIGHTS_KEY, weights, accepted)
    return tuple(float(w) for w in weights)


def _grid_buckets(value, columns: Sequence[str]) -> Tuple[int, ...]:
    """Buckets in ``columns`` order from a sequence, a ``{column: k}`` mapping or ``'10,1,10'``, checked."""
    rule = declared().option(GRID_BUCKETS_KEY).rule
    accepted = _per_column_accepted(GRID_BUCKETS_KEY, columns, ",".join("4" for _ in columns))
    buckets = _per_column("grid_buckets", GRID_BUCKETS_KEY, value, columns, accepted, int, "buckets")
    if not all(rule.accepts(k, rule.element) for k in buckets):
        raise _error("grid_buckets", GRID_BUCKETS_KEY, buckets, accepted)
    return buckets


def _single_value_rule(f: dataclasses.Field) -> Optional[Rule]:
    """The rule of a field that holds one value: declared here, or by the jar for its key; None for
    a list (checked against the sort columns) or a field with no rule."""
    if f.metadata["rule"] is not None:
        return f.metadata["rule"]
    key = f.metadata["key"]
    if not any(d.key == key for d in declared().options):
        return None
    rule = declared().option(key).rule
    return None if rule.type == "list" else rule


def _type_name(data_type) -> str:
    name = data_type.typeName()
    if name == "decimal" or name.startswith("decimal("):
        return "decimal"
    aliases = {"byte": "tinyint", "short": "smallint", "integer": "int", "long": "bigint"}
    return aliases.get(name, name)


def field_doc(f: dataclasses.Field) -> str:
    """What a field means: for a key the jar declares, the jar's documentation (which ends with what
    it accepts) and the field's note on its Python form; otherwise the field's own, with its rule."""
    note, rule = f.metadata["doc"], f.metadata["rule"]
    key = f.metadata["key"]
    if any(d.key == key for d in declared().options):
        return declared().option(key).doc + (" " + note if note else "")
    return note + (f" Accepted: {rule.accepted}." if rule is not None else "")


def options_table() -> List[Tuple[str, str, str, str]]:
    """(Python field, Hudi key, default, meaning) for every field, for the README."""
    rows = []
    for f in dataclasses.fields(LayoutOptions):
        rows.append((f.name, f.metadata["key"], f.metadata["default"] or "required", field_doc(f)))
    return rows


def markdown_table(rows: Iterable[Tuple[str, str, str, str]]) -> str:
    lines = ["| `LayoutOptions` field | Hudi key | default | meaning |", "| --- | --- | --- | --- |"]
    for name, key, default, doc in rows:
        keys = " / ".join(f"`{k.strip()}`" for k in key.split("/"))
        lines.append(f"| `{name}` | {keys} | {default} | {doc} |")
    return "\n".join(lines)
