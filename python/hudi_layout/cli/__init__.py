"""The ``hudi-layout`` command's verbs, one module each, each with ``main(argv) -> int`` (the exit
status): ``jars`` (the jar paths), ``demo`` (a table clustered before your eyes), ``report`` (the
layout report of a table), ``sql`` (spark-sql with our jars), ``clustering`` (hudi-cli's
clustering verbs as our spark-submit job) and ``advise`` (sort columns and weights from a log of
query predicates). :mod:`hudi_layout.__main__` only dispatches to them; the logic they call is the
library's."""
