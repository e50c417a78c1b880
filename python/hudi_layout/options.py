"""Typed, validated layout options for PySpark jobs, and the ``hoodie.*`` keys they stand for.

``LayoutOptions`` is immutable and checks itself when it is made: a bad value raises
:class:`LayoutOptionError` naming the option, its Hudi key, the value and what is accepted. With
a DataFrame schema, :meth:`LayoutOptions.validate` also checks the columns exist and have types a
curve can order. Nothing is written before these checks pass.

Every key emitted here is checked by the tests against the ``ConfigProperty`` keys declared in
the built jar and Hudi's bundle (``dev.hudilayout.config.KnownKeys``), so the two cannot drift.
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

from .strategy import STRATEGY_CLASS, STRATEGY_KEY

CURVES = ("linear", "z-order", "hilbert")
CURVE_ALIASES = {"linear": "linear", "z-order": "z-order", "zorder": "z-order", "hilbert": "hilbert"}
MAPPINGS = ("direct", "sample")

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
PLAN_CLASS_KEY = "hoodie.clustering.plan.strategy.class"
WHOLE_PARTITION_PLAN = "dev.hudilayout.WholePartitionPlanStrategy"
CONTINUOUS_PLAN = "dev.hudilayout.continuous.ContinuousPlanStrategy"
MERGE_FRACTION_KEY = "hoodie.hudilayout.continuous.merge.fraction"
INLINE_KEY = "hoodie.clustering.inline"
INLINE_COMMITS_KEY = "hoodie.clustering.inline.max.commits"
ASYNC_KEY = "hoodie.clustering.async.enabled"
ASYNC_COMMITS_KEY = "hoodie.clustering.async.max.commits"
METADATA_KEY = "hoodie.metadata.enable"
STATS_ENABLE_KEY = "hoodie.metadata.index.column.stats.enable"
STATS_COLUMNS_KEY = "hoodie.metadata.index.column.stats.column.list"
DATA_SKIPPING_KEY = "hoodie.enable.data.skipping"
WRITE_SMALL_FILE_KEY = "hoodie.parquet.small.file.limit"

#: hudi-layout's own keys (the jar declares the same set, see ``LayoutOptions.all()``).
OUR_PREFIX = "hoodie.hudilayout."
OUR_KEYS = (BITS_KEY, SEED_KEY, WRITER_FACTOR_KEY, ALIGNED_KEY, ALIGNED_TOLERANCE_KEY, GRID_BUCKETS_KEY, WEIGHTS_KEY,
            MERGE_FRACTION_KEY)

#: Options a reader needs for the column-stats index to skip files.
READ_OPTIONS = {METADATA_KEY: "true", DATA_SKIPPING_KEY: "true"}


class LayoutOptionError(ValueError):
    """A layout option has a value that cannot work; raised before anything is written."""


def _error(name: str, key: str, value, accepted: str) -> LayoutOptionError:
    return LayoutOptionError(f"{name} ({key}) = {value!r} is not accepted: {accepted}")


def refuse_unknown_keys(options: Mapping[str, object]) -> None:
    """A key under ``hoodie.hudilayout.`` that is none of ours (a typo Hudi would ignore) raises
    :class:`LayoutOptionError` naming the key, its value and the nearest key we have; Hudi's keys
    are left to Hudi."""
    import difflib
    for key in sorted(str(k) for k in options):
        if key.startswith(OUR_PREFIX) and key not in OUR_KEYS:
            nearest = difflib.get_close_matches(key, OUR_KEYS, n=1, cutoff=0.0)[0]
            raise LayoutOptionError(f"unknown option {key} = {options[key]!r}: hudi-layout has no such key. "
                                    f"Did you mean {nearest}? Accepted keys under {OUR_PREFIX}: {', '.join(OUR_KEYS)}")


def _doc(key: str, text: str, default: str = "") -> Dict[str, str]:
    return {"key": key, "doc": text, "default": default}


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
        SORT_COLUMNS_KEY, "Columns the files are laid out by, most selective filters first. Required."))
    curve: str = field(default="hilbert", metadata=_doc(
        CURVE_KEY, "`linear`, `z-order` (or `zorder`) or `hilbert`.", "`hilbert`"))
    mapping: str = field(default="sample", metadata=_doc(
        MAPPING_KEY, "How values become curve coordinates: `sample` (quantiles of a sample, robust to "
        "skew) or `direct` (min/max from the column-stats index, no data pass).", "`sample`"))
    sample_size: int = field(default=200_000, metadata=_doc(
        SAMPLE_SIZE_KEY, "Rows sampled per clustering for quantiles and file boundaries; > 0.", "200000"))
    bits_per_column: int = field(default=0, metadata=_doc(
        BITS_KEY, "Bits per column in the curve key, 0 to 63; 0 picks max(8, min(20, 63 / columns)).", "0"))
    sample_seed: int = field(default=42, metadata=_doc(
        SEED_KEY, "Seed of the sample; a fixed seed makes a re-run write the same files.", "42"))
    writer_size_factor: float = field(default=4.0, metadata=_doc(
        WRITER_FACTOR_KEY, "Hudi's writer cap as a multiple of the target file size, >= 1.0, so it "
        "does not split a laid-out file.", "4.0"))
    aligned: bool = field(default=True, metadata=_doc(
        ALIGNED_KEY, "Aligned layout: k_i equal-count buckets per column (a value never split), chosen "
        "from the sample to make the estimated files per point query smallest (a column that depends "
        "on another is not cut), cells visited along the curve, files cut on cell boundaries. False: "
        "files cut at equal counts along the curve. For `z-order` and `hilbert` (`linear` ignores it).", "True"))
    aligned_tolerance: float = field(default=0.25, metadata=_doc(
        ALIGNED_TOLERANCE_KEY, "With `aligned`, the share of the target size a file may stray before its "
        "cell is split or merged; above 0 and below 1.", "0.25"))
    grid_buckets: Optional[Tuple[int, ...]] = field(default=None, metadata=_doc(
        GRID_BUCKETS_KEY, "With `aligned`, buckets per sort column to use instead of the chosen ones, in "
        "`sort_columns` order (1: not cut), each from 1 to 1000000; for reproducing or comparing a grid.",
        "None (chosen from the sample)"))
    weights: Optional[Tuple[float, ...]] = field(default=None, metadata=_doc(
        WEIGHTS_KEY, "Each sort column's share of the queries: a sequence in `sort_columns` order, a "
        "`{column: weight}` dict or `'0.6,0.3,0.1'`, non-negative, not all 0. Columns get buckets (aligned) or curve splits in "
        "proportion; one that earns less than one bucket is dropped and named in the commit "
        "(`ClusteringResult.dropped_columns`). For `z-order` and `hilbert`. `python -m hudi_layout advise` "
        "suggests them.", "None (columns alike)"))
    target_file_bytes: Optional[int] = field(default=None, metadata=_doc(
        TARGET_FILE_KEY, "Target size of an output file; > 0. A group of B bytes becomes "
        "ceil(B / target) files.", "Hudi's (1 GiB)"))
    small_file_bytes: Optional[int] = field(default=None, metadata=_doc(
        SMALL_FILE_KEY, "Files below this size are picked for clustering; > 0.", "Hudi's (300 MiB)"))
    max_bytes_per_group: Optional[int] = field(default=None, metadata=_doc(
        GROUP_BYTES_KEY, "Most bytes in one clustering group (one curve); > 0.", "Hudi's (2 GiB)"))
    max_groups: Optional[int] = field(default=None, metadata=_doc(
        MAX_GROUPS_KEY, "Most groups in one clustering plan; > 0.", "Hudi's (30)"))
    whole_partition: bool = field(default=False, metadata=_doc(
        PLAN_CLASS_KEY, "Lay each partition out as one curve (`dev.hudilayout.WholePartitionPlanStrategy`) "
        "instead of Hudi's groups of at most `max_bytes_per_group`.", "False (Hudi's size-based plan)"))
    continuous: bool = field(default=False, metadata=_doc(
        PLAN_CLASS_KEY, "Keep skipping while the table grows (`dev.hudilayout.continuous.ContinuousPlanStrategy`): "
        "a partition's first clustering records a grid on its commit; later ones lay new rows on that grid, "
        "each file inside one region, and lay a region out again when its new bytes reach "
        "`merge_fraction` of its laid-out bytes. Every file size is taken (`small_file_bytes` is not "
        "used). For `z-order` and `hilbert`; not with `whole_partition`.", "False"))
    merge_fraction: float = field(default=0.5, metadata=_doc(
        MERGE_FRACTION_KEY, "With `continuous`, when a region is laid out again: its files written after "
        "its oldest ones reach this fraction of the oldest ones' bytes; above 0. Lower reads fewer files "
        "and rewrites more bytes.", "0.5"))
    inline: bool = field(default=False, metadata=_doc(
        INLINE_KEY, "Cluster inside the write, every `every_n_commits` commits.", "False"))
    async_clustering: bool = field(default=False, metadata=_doc(
        ASYNC_KEY, "Schedule clustering every `every_n_commits` commits and run it beside a "
        "streaming write. Not together with `inline`.", "False"))
    every_n_commits: int = field(default=4, metadata=_doc(
        f"{INLINE_COMMITS_KEY} / {ASYNC_COMMITS_KEY}", "Commits between clusterings; >= 1.", "4"))
    write_small_file_bytes: Optional[int] = field(default=0, metadata=_doc(
        WRITE_SMALL_FILE_KEY, "Writes add new rows to existing files below this size. 0 sends them to new "
        "files, so laid-out files keep their order until the next clustering; None keeps Hudi's packing.",
        "0"))
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

        curve = self.curve.strip().lower() if isinstance(self.curve, str) else self.curve
        if curve not in CURVE_ALIASES:
            raise _error("curve", CURVE_KEY, self.curve, "one of " + ", ".join(CURVES) + " (or zorder)")
        object.__setattr__(self, "curve", CURVE_ALIASES[curve])
        mapping = self.mapping.strip().lower() if isinstance(self.mapping, str) else self.mapping
        if mapping not in MAPPINGS:
            raise _error("mapping", MAPPING_KEY, self.mapping, "one of " + ", ".join(MAPPINGS))
        object.__setattr__(self, "mapping", mapping)

        _check_int("sample_size", SAMPLE_SIZE_KEY, self.sample_size, low=1)
        _check_int("bits_per_column", BITS_KEY, self.bits_per_column, low=0, high=63)
        _check_int("sample_seed", SEED_KEY, self.sample_seed)
        factor = self.writer_size_factor
        if isinstance(factor, bool) or not isinstance(factor, (int, float)) or not math.isfinite(factor) \
                or factor < 1.0:
            raise _error("writer_size_factor", WRITER_FACTOR_KEY, factor, "a number >= 1.0")
        tol = self.aligned_tolerance
        if isinstance(tol, bool) or not isinstance(tol, (int, float)) or not (0 < tol < 1):
            raise _error("aligned_tolerance", ALIGNED_TOLERANCE_KEY, tol, "a number above 0 and below 1")
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
        for name, key in (("target_file_bytes", TARGET_FILE_KEY), ("small_file_bytes", SMALL_FILE_KEY),
                          ("max_bytes_per_group", GROUP_BYTES_KEY), ("max_groups", MAX_GROUPS_KEY)):
            value = getattr(self, name)
            if value is not None:
                _check_int(name, key, value, low=1)
        if self.write_small_file_bytes is not None:
            _check_int("write_small_file_bytes", WRITE_SMALL_FILE_KEY, self.write_small_file_bytes, low=0)
        for name, key in (("inline", INLINE_KEY), ("async_clustering", ASYNC_KEY),
                          ("whole_partition", PLAN_CLASS_KEY), ("aligned", ALIGNED_KEY),
                          ("continuous", PLAN_CLASS_KEY)):
            if not isinstance(getattr(self, name), bool):
                raise _error(name, key, getattr(self, name), "True or False")
        fraction = self.merge_fraction
        if isinstance(fraction, bool) or not isinstance(fraction, (int, float)) or not math.isfinite(fraction) \
                or fraction <= 0:
            raise _error("merge_fraction", MERGE_FRACTION_KEY, fraction, "a number above 0")
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
        commits_key = ASYNC_COMMITS_KEY if self.async_clustering else INLINE_COMMITS_KEY
        _check_int("every_n_commits", commits_key, self.every_n_commits, low=1)

    # ----------------------------------------------------------------------------------------
    def replace(self, **changes) -> "LayoutOptions":
        """A copy with some fields changed (and checked again)."""
        return dataclasses.replace(self, **changes)

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
            if self.aligned:
                opts[ALIGNED_TOLERANCE_KEY] = repr(float(self.aligned_tolerance))
            if self.grid_buckets is not None:
                opts[GRID_BUCKETS_KEY] = ",".join(str(k) for k in self.grid_buckets)
        for name, key in (("target_file_bytes", TARGET_FILE_KEY), ("small_file_bytes", SMALL_FILE_KEY),
                          ("max_bytes_per_group", GROUP_BYTES_KEY), ("max_groups", MAX_GROUPS_KEY)):
            value = getattr(self, name)
            if value is not None:
                opts[key] = str(value)
        if self.whole_partition:
            opts[PLAN_CLASS_KEY] = WHOLE_PARTITION_PLAN
        if self.continuous:
            opts[PLAN_CLASS_KEY] = CONTINUOUS_PLAN
            opts[MERGE_FRACTION_KEY] = repr(float(self.merge_fraction))
        opts.update(self.index_options())
        return opts

    def index_options(self) -> Dict[str, str]:
        """Metadata table and column-stats index on, for :attr:`indexed_columns`."""
        return {METADATA_KEY: "true", STATS_ENABLE_KEY: "true",
                STATS_COLUMNS_KEY: ",".join(self.indexed_columns)}

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
        return opts


def _check_names(name: str, key: str, columns: Sequence[str], required: bool) -> None:
    if required and not columns:
        raise _error(name, key, columns, "at least one column name")
    seen = set()
    for c in columns:
        if not isinstance(c, str) or not c.strip() or c != c.strip() or "," in c:
            raise _error(name, key, c, "non-empty column names without commas or surrounding spaces")
        if c in seen:
            raise _error(name, key, c, "each column once; it is listed twice")
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


def _weights(value, columns: Sequence[str]) -> Tuple[float, ...]:
    """Weights in ``columns`` order from a sequence or a ``{column: weight}`` mapping, checked."""
    accepted = (f"one number >= 0 per sort column ({len(columns)}: {', '.join(columns)}), not all 0, "
                "as a sequence in that order, a {column: weight} dict or a string like '3,2,1'")
    weights = _per_column("weights", WEIGHTS_KEY, value, columns, accepted, float, "weight")
    for w in weights:
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not math.isfinite(w) or w < 0:
            raise _error("weights", WEIGHTS_KEY, weights, accepted)
    if sum(weights) <= 0:
        raise _error("weights", WEIGHTS_KEY, weights, accepted)
    return tuple(float(w) for w in weights)


def _grid_buckets(value, columns: Sequence[str]) -> Tuple[int, ...]:
    """Buckets in ``columns`` order from a sequence, a ``{column: k}`` mapping or ``'10,1,10'``, checked."""
    accepted = (f"one whole number from 1 to 1000000 per sort column ({len(columns)}: {', '.join(columns)}), "
                "as a sequence in that order, a {column: buckets} dict or a string like '10,1,10'")
    buckets = _per_column("grid_buckets", GRID_BUCKETS_KEY, value, columns, accepted, int, "buckets")
    if any(isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= 1_000_000 for k in buckets):
        raise _error("grid_buckets", GRID_BUCKETS_KEY, buckets, accepted)
    return buckets


def _check_int(name: str, key: str, value, low: Optional[int] = None, high: Optional[int] = None) -> None:
    ok = isinstance(value, int) and not isinstance(value, bool)
    if ok and low is not None and value < low:
        ok = False
    if ok and high is not None and value > high:
        ok = False
    if not ok:
        if low is not None and high is not None:
            accepted = f"an integer from {low} to {high}"
        elif low is not None:
            accepted = f"an integer >= {low}"
        else:
            accepted = "an integer"
        raise _error(name, key, value, accepted)


def _type_name(data_type) -> str:
    name = data_type.typeName()
    if name == "decimal" or name.startswith("decimal("):
        return "decimal"
    aliases = {"byte": "tinyint", "short": "smallint", "integer": "int", "long": "bigint"}
    return aliases.get(name, name)


def options_table() -> List[Tuple[str, str, str, str]]:
    """(Python field, Hudi key, default, meaning) for every field, for the README."""
    rows = []
    for f in dataclasses.fields(LayoutOptions):
        rows.append((f.name, f.metadata["key"], f.metadata["default"] or "required", f.metadata["doc"]))
    return rows


def markdown_table(rows: Iterable[Tuple[str, str, str, str]]) -> str:
    lines = ["| `LayoutOptions` field | Hudi key | default | meaning |", "| --- | --- | --- | --- |"]
    for name, key, default, doc in rows:
        keys = " / ".join(f"`{k.strip()}`" for k in key.split("/"))
        lines.append(f"| `{name}` | {keys} | {default} | {doc} |")
    return "\n".join(lines)
