"""hudi-layout's tools, apart from the library: the demo, the benchmarks (``bench``, ``rounds``, and
``every_query``, which averages each query class over every query on the tables a bench kept),
the SSB-shaped data generator they share (``ssb``) and the README generator (``docs``, a
module per page).

The benchmarks are a small library with a thin command line (``bench_cli``) on top: a run is a
typed spec (``bench.BenchSpec``, ``rounds.RoundsSpec``) given to its runner (``bench.run``,
``rounds.run``, ``concurrent.run`` for ``--rounds --concurrent``, whose clustering driver is
``cluster_loop``); what the runners share is in ``layouts`` (layouts as typed values), ``queries``,
``sessions`` (the session, conf set and restored, stages), ``writes`` and ``rounds_data``; their
reports in ``bench_report`` and ``rounds_report``.

They need the ``tools`` extra (numpy, pyarrow, matplotlib: ``pip install 'hudi-layout[tools]'``);
the library (``hudi_layout`` and its other modules) imports none of this package.
"""
