"""The ``hudilayout.*`` keys a clustering of ours records on its replacecommit, as the Python side
reads them.

The jar declares every such key once, with what it holds (``dev.hudilayout.layout.LayoutMetadata``)
and exports the list with the options (:func:`hudi_layout.options.declared`); ``tests/test_options.py``
checks that each key named here is declared there, as a commit key, so a renamed key fails a test
instead of reading as absent.
"""
from __future__ import annotations

PREFIX = "hudilayout."
STRATEGY = PREFIX + "strategy"
CURVE = PREFIX + "curve"
MAPPING = PREFIX + "mapping"
COLUMNS = PREFIX + "columns"
LAYOUT = PREFIX + "layout"
COLUMN_WEIGHTS = PREFIX + "column.weights"
#: with the layout option auto: how the columns were chosen from the query log, or why the given stayed
AUTO = PREFIX + "auto"
PAYS = PREFIX + "pays"
BUCKETS = PREFIX + "buckets"
DROPPED_COLUMNS = PREFIX + "dropped.columns"
DEPENDENT_COLUMNS = PREFIX + "dependent.columns"
ESTIMATED_FILES = PREFIX + "estimated.files"
GROUPS = PREFIX + "groups"
PARTITIONS = PREFIX + "partitions"
FILES = PREFIX + "files"
CONTINUOUS = PREFIX + "continuous"
#: followed by a partition path: the grid the continuous layout keeps for that partition
CONTINUOUS_GRID = PREFIX + "continuous.grid."
#: followed by a partition path: the columns of the layout the partition is still moving from
CONTINUOUS_MOVING = PREFIX + "continuous.moving."

#: every key above, for the test that compares them with the jar's declarations
READ_KEYS = (STRATEGY, CURVE, MAPPING, COLUMNS, LAYOUT, COLUMN_WEIGHTS, AUTO, PAYS, BUCKETS, DROPPED_COLUMNS,
             DEPENDENT_COLUMNS, ESTIMATED_FILES, GROUPS, PARTITIONS, FILES, CONTINUOUS, CONTINUOUS_GRID,
             CONTINUOUS_MOVING)
