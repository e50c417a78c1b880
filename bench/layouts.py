"""Layouts as typed values: :class:`Layout`, what ``--layouts`` names (``random``, ``floor``,
``floor-overwrite``, a peer's, or ``(builtin|ours)-curve[-mapping][-flags]``), parsed from its name
(:meth:`Layout.parse`) or built by its constructors (:meth:`Layout.ours`, :meth:`Layout.builtin`,
:meth:`Layout.floor`, :meth:`Layout.random`, :meth:`Layout.peer`), and its clustering options.

The name is the layout's key everywhere (results.json, results.md, the docs): a constructed
layout's name is the one :meth:`Layout.parse` reads back to the same value.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, ClassVar, Dict, List, Optional, Sequence, Tuple, Union

from hudi_layout import clustering, tables
from hudi_layout.options import ALIGNED_KEY
from . import peers

BUILTIN_CLASS = "org.apache.hudi.client.clustering.run.strategy.SparkSortAndSizeExecutionStrategy"
CURVES = {"linear": "linear", "zorder": "z-order", "hilbert": "hilbert"}
DEFAULT_LAYOUTS = ["random", "floor", "builtin-linear",
                   "builtin-zorder-direct", "builtin-zorder-sample",
                   "builtin-hilbert-direct", "builtin-hilbert-sample",
                   "ours-linear",
                   "ours-zorder-direct", "ours-zorder-sample",
                   "ours-hilbert-direct", "ours-hilbert-sample"]
FLAGS = ("aligned", "curve", "weighted", "whole", "continuous", "grouped", "auto")
OURS_ONLY_FLAGS = ("aligned", "curve", "weighted", "continuous", "grouped", "auto")
COMPRESSION_RATIO_KEY = "hoodie.parquet.compression.ratio"
#: the compression ratio every Hudi layout is written with: headroom for Hudi's writer (Layout.options)
WRITER_HEADROOM = "30"
#: ``floor-overwrite``: the floor written over a copy of the random table (see
#: :func:`bench.writes.write_floor`)
OVERWRITE_FLOOR = "floor-overwrite"


@dataclass(frozen=True)
class Layout:
    """A layout named on ``--layouts``: ``random`` (the table as written), ``floor`` (a plain
    bulk insert of its rows into a new table), ``floor-overwrite`` (the same bulk insert over a
    copy of the random table, replacing the partitions it writes, as a clustering does) or
    ``(builtin|ours)-curve[-mapping][-flags]``.

    ``aligned`` is None unless the name asks: ``ours-hilbert-sample`` is our *default* layout,
    whatever :class:`~hudi_layout.options.LayoutOptions` defaults to; ``-aligned`` asks for the
    aligned grid, ``-curve`` for files cut along the curve (aligned off)."""
    name: str
    impl: str = ""      # builtin | ours | floor ("" for random)
    curve: str = ""     # linear | z-order | hilbert
    mapping: str = ""   # direct | sample
    aligned: Optional[bool] = None  # ours only: True -aligned, False -curve, None our default
    weighted: bool = False  # ours only: column weights from --weights
    whole: bool = False     # the whole-partition plan instead of Hudi's size-based groups
    continuous: bool = False  # the continuous plan (a recorded grid, region merges)
    grouped: bool = False   # -continuous-grouped, --rounds only: groups of at most a quarter of the table
    auto: bool = False      # ours only: columns and weights from the table's query log (--workload)

    @property
    def clusters(self) -> bool:
        """Whether this layout is a clustering of the random table (built-in or ours)."""
        return self.impl in ("builtin", "ours")

    @property
    def rewrites(self) -> bool:
        """Whether this layout rewrites a copy of the random table (a clustering, or the floor
        that overwrites it) rather than writing a new table."""
        return self.clusters or self.name == OVERWRITE_FLOOR

    #: the table as written (:meth:`random`)
    RANDOM: ClassVar["Layout"]

    @staticmethod
    def random() -> "Layout":
        """``random``: the table as written, in random order."""
        return Layout("random")

    @staticmethod
    def floor(overwrite: bool = False) -> "Layout":
        """``floor`` (a plain bulk insert of the random table's rows into a new table), or with
        ``overwrite``, ``floor-overwrite`` (the same over a copy of the random table)."""
        return Layout(OVERWRITE_FLOOR if overwrite else "floor", "floor")

    @staticmethod
    def peer(name: str) -> "Layout":
        """A peer's layout (:mod:`bench.peers`), e.g. ``delta-liquid``."""
        if not peers.is_peer(name):
            raise ValueError(f"unknown peer layout '{name}': expected one of {', '.join(peers.LAYOUTS)}")
        return Layout(name, "peer")

    @staticmethod
    def builtin(curve: str, mapping: Optional[str] = None, whole: bool = False) -> "Layout":
        """Hudi's built-in layout of ``curve`` (linear, zorder or hilbert; z-order as well) with
        ``mapping`` (direct or sample; None: not named, direct), e.g. ``Layout.builtin("zorder",
        "sample")`` is ``builtin-zorder-sample``; ``whole``: the whole-partition plan."""
        return Layout.parse(_name("builtin", curve, mapping, ["whole"] if whole else []))

    @staticmethod
    def ours(curve: str, mapping: Optional[str] = None, aligned: Optional[bool] = None, weighted: bool = False,
             whole: bool = False, continuous: bool = False, grouped: bool = False, auto: bool = False) -> "Layout":
        """Our layout of ``curve`` with ``mapping`` (None: not named, direct), e.g.
        ``Layout.ours("hilbert", "sample", continuous=True)`` is ``ours-hilbert-sample-continuous``;
        ``aligned`` True adds ``-aligned``, False ``-curve``, None neither (our default). The
        flags' checks are :meth:`parse`'s (ValueError naming the layout)."""
        flags = ([] if aligned is None else ["aligned" if aligned else "curve"]) + [
            f for f, on in (("weighted", weighted), ("whole", whole), ("continuous", continuous),
                            ("grouped", grouped), ("auto", auto)) if on]
        return Layout.parse(_name("ours", curve, mapping, flags))

    @staticmethod
    def parse(name: str) -> "Layout":
        if name == "random":
            return Layout(name)
        if name in ("floor", OVERWRITE_FLOOR):
            return Layout(name, "floor")
        if peers.is_peer(name):
            return Layout(name, "peer")
        parts = name.split("-")
        flags: List[str] = []
        while len(parts) > 2 and parts[-1] in FLAGS and parts[-1] not in flags:
            flags.insert(0, parts.pop())
        usage = (f"unknown layout '{name}': expected random, floor, floor-overwrite, a peer ({', '.join(peers.LAYOUTS)}), "
                 f"or (builtin|ours)-(linear|zorder|hilbert)"
                 f"[-(direct|sample)][-aligned|-curve][-weighted][-whole|-continuous[-grouped]][-auto], e.g. "
                 f"ours-hilbert-sample (our "
                 f"default), ours-hilbert-sample-curve (files cut along the curve), "
                 f"ours-hilbert-sample-aligned-weighted, builtin-zorder-sample-whole, ours-hilbert-sample-continuous; "
                 f"aligned, curve, weighted and continuous are ours only and not with linear, aligned and curve "
                 f"not together, whole and continuous not together, grouped only after continuous "
                 f"(and only with --rounds)")
        if len(parts) not in (2, 3) or parts[0] not in ("builtin", "ours") or parts[1] not in CURVES:
            raise ValueError(usage)
        if any(f in flags for f in OURS_ONLY_FLAGS) and (parts[0] != "ours" or parts[1] == "linear"):
            raise ValueError(usage)
        if "aligned" in flags and "curve" in flags:
            raise ValueError(usage)
        mapping = parts[2] if len(parts) == 3 else "direct"
        if mapping not in ("direct", "sample"):
            raise ValueError(f"unknown mapping in layout '{name}': expected direct or sample")
        aligned = True if "aligned" in flags else False if "curve" in flags else None
        if "continuous" in flags and "whole" in flags:
            raise ValueError(usage)
        if "grouped" in flags and "continuous" not in flags:
            raise ValueError(usage)
        return Layout(name, parts[0], CURVES[parts[1]], mapping, aligned, "weighted" in flags, "whole" in flags,
                      "continuous" in flags, "grouped" in flags, "auto" in flags)

    def options(self, columns, total_bytes: Union[int, tables.FileBytes], files: int, sample_size: int,
                weights: Optional[Sequence[float]] = None, groups: int = 1,
                target_file_bytes: Optional[int] = None, small_file_bytes: Optional[int] = None) -> Dict[str, str]:
        """Clustering options: ``files`` files from ``total_bytes``, in one group, or in about
        ``groups`` groups under Hudi's size-based plan (the whole-partition plan ignores it).
        ``target_file_bytes`` and ``small_file_bytes``, if given, replace the target size that
        follows from ``total_bytes / files`` and the small-file limit that takes every file (the
        rounds mode sets both, see :mod:`bench.rounds`)."""
        if self.weighted and not weights:
            raise ValueError(f"layout {self.name} needs --weights (the query shares of the filter columns)")
        if not self.clusters:
            raise ValueError(f"layout {self.name} is not a clustering")
        whole = total_bytes.total if isinstance(total_bytes, tables.FileBytes) else total_bytes
        group_bytes = max(whole, 1) * 4 if groups <= 1 else math.ceil(whole * 1.01 / groups)
        # Only a name that says -aligned or -curve sets aligned: the plain name measures our default.
        extra: Dict[str, Any] = {} if self.aligned is None else {"aligned": self.aligned}
        extra.update({k: v for k, v in (("target_file_bytes", target_file_bytes),
                                        ("small_file_bytes", small_file_bytes)) if v is not None})
        if self.auto:
            extra["auto_columns"] = True
        opts = tables.layout_options(columns, self.curve, self.mapping, total_bytes, files,
                                     sample_size=sample_size,
                                     weights=tuple(weights) if self.weighted and weights else None,
                                     whole_partition=self.whole, continuous=self.continuous,
                                     max_bytes_per_group=group_bytes, **extra)
        if self.aligned is False:
            # Said in so many words, so -curve means the same whatever the key's default is.
            opts.setdefault(ALIGNED_KEY, "false")
        # Hudi's writer rolls a file over at target * (1 + compression.ratio), judged by a size
        # estimate that counts the open row group before compression (about 10x the compressed
        # bytes of these small files once their bloom filter is sized, see write_options); with the
        # default ratio (0.1) the built-in strategy splits every planned file in two or three. The
        # same headroom for every layout keeps the file count N equal, as the comparison needs.
        opts[COMPRESSION_RATIO_KEY] = WRITER_HEADROOM
        if self.impl == "builtin":
            opts[clustering.STRATEGY_KEY] = BUILTIN_CLASS
        return opts


Layout.RANDOM = Layout.random()


def _name(impl: str, curve: str, mapping: Optional[str], flags: Sequence[str]) -> str:
    """The name of a builtin or ours layout: ``impl-curve[-mapping][-flags]``."""
    token = {v: k for k, v in CURVES.items()}.get(curve, curve)
    return "-".join([impl, token] + ([mapping] if mapping else []) + list(flags))


def layouts(*names: str) -> Tuple[Layout, ...]:
    """Layouts from their names, each argument one name or several separated by commas (as
    ``--layouts`` gives them): ``layouts("random", "floor")`` or ``layouts("random,floor")``."""
    return tuple(Layout.parse(n) for arg in names for n in arg.split(","))


def builtin_twin(name: str, names: Sequence[str]) -> Optional[str]:
    """The built-in layout among ``names`` an ``ours-*`` layout is compared with: same curve,
    mapping and plan (-whole or not); our own flags (aligned, curve, weighted) have no built-in
    counterpart and are left out, so ours-hilbert-sample-curve is set against builtin-hilbert-sample."""
    if not name.startswith("ours-"):
        return None
    ours = Layout.parse(name)
    for other in names:
        theirs = Layout.parse(other)
        if theirs.impl == "builtin" and (theirs.curve, theirs.mapping, theirs.whole) == (ours.curve, ours.mapping, ours.whole):
            return other
    return None
