"""What a run of either benchmark is given, apart from how the table is written: the rows, the
layouts, the queries and the session. :class:`~bench.bench.BenchSpec` (one write, one
clustering per layout) and :class:`~bench.rounds.RoundsSpec` (a table grown in rounds)
add their own fields to :class:`TableSpec` and check them in their own ``validate``."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Mapping, Optional, Tuple

from . import ssb, workload
from .layouts import Layout
from .queries import parse_weights, weights_text
from .writes import parse_hudi_options


@dataclass(frozen=True)
class TableSpec:
    """The fields both benchmarks take, as their flags name them (same defaults): ``rows`` (or
    ``scale``, in SSB scale factors), ``variant``, ``layouts`` (:class:`Layout` values; each
    benchmark has its own default), ``queries`` per class, ``repetitions``, ``sample_size``,
    ``seed``, ``memory``, ``weights`` (the filter columns' query shares, as given), ``partitions``
    (with ``partition_column`` and ``partition_growth``), ``keep_tables``, ``warmup``, ``out``,
    ``hudi_options`` (``--hudi-option`` keys and values: every Hudi table's writes and clusterings)."""
    rows: int = 0
    scale: float = 0.05
    variant: str = "uniform"
    layouts: Tuple[Layout, ...] = ()
    queries: int = 5
    repetitions: int = 1
    sample_size: int = 200_000
    seed: int = 7
    memory: str = "6g"
    weights: Optional[Tuple[float, ...]] = None
    partitions: int = 0
    partition_column: Optional[str] = None
    partition_growth: Optional[float] = None
    keep_tables: bool = False
    warmup: bool = True
    out: str = "bench-output"
    hudi_options: Mapping[str, str] = field(default_factory=dict)
    workload: str = ""

    @property
    def hudi_option(self) -> List[str]:
        """``hudi_options`` as ``--hudi-option`` flags: ``KEY=VALUE`` each."""
        return [f"{k}={v}" for k, v in self.hudi_options.items()]

    @property
    def columns(self) -> Tuple[str, ...]:
        """The filter columns; with ``--workload`` those a user would name (:func:`bench.workload.user_columns`)."""
        return workload.user_columns(self.workload) if self.workload else ssb.filter_columns(self.variant)

    @property
    def index_columns(self) -> Tuple[str, ...]:
        """The columns the column-stats index covers: with ``--workload`` every column its queries
        filter, for every layout alike; else the filter columns."""
        return workload.index_columns(self.workload) if self.workload else self.columns

    @property
    def shares(self) -> Optional[List[float]]:
        """``weights`` normalised (None without weights); ValueError naming ``--weights``."""
        return parse_weights(weights_text(self.weights), self.columns)

    def check_table(self) -> Optional[List[float]]:
        """ValueError naming the flag, the value and what is accepted, for a field of the table
        (variant, layouts, partitioning, weights, Hudi options) that cannot work; else the query
        shares (:attr:`shares`)."""
        parse_hudi_options(self.hudi_option)
        if self.variant not in ssb.VARIANTS:
            raise ValueError(f"--variant {self.variant}: expected one of {', '.join(ssb.VARIANTS)}")
        if not self.layouts or not all(isinstance(lay, Layout) for lay in self.layouts):
            raise ValueError(f"layouts {self.layouts!r}: expected Layout values, e.g. layouts('random', "
                             "'ours-hilbert-sample')")
        if self.partition_column and not self.partitions:
            raise ValueError(f"--partition-column {self.partition_column}: only with --partitions P")
        if self.partition_growth is not None and not self.partitions:
            raise ValueError(f"--partition-growth {self.partition_growth:g}: only with --partitions P")
        if self.partition_growth is not None and not self.partition_growth >= 1:
            raise ValueError(f"--partition-growth {self.partition_growth:g}: expected a number of at least 1 "
                             "(the last partition's rows over the first's)")
        if self.workload not in workload.WORKLOADS:
            raise ValueError(f"--workload {self.workload}: expected ssb (the 13 SSB queries), ssb-q1 (Q1.1-Q1.3) "
                             "or none")
        if self.workload and self.partitions:
            raise ValueError(f"--workload {self.workload}: not with --partitions (the queries name no partition)")
        return self.shares

    def refuse_peers_when_partitioned(self, accepted: str) -> None:
        """With ``partitions``: ValueError naming the first peer layout (Delta, Iceberg), which
        this benchmark does not partition; ``accepted`` says which layouts it does."""
        peer = next((lay.name for lay in self.layouts if lay.impl == "peer"), None)
        if self.partitions and peer:
            raise ValueError(f"--partitions {self.partitions}: not with the peer layout {peer} ({accepted})")
