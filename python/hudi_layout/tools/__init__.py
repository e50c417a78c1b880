"""hudi-layout's tools, apart from the library: the demo, the benchmarks (``bench``, ``rounds``, and
``every_query``, which averages each query class over every query on the tables a bench kept),
the SSB-shaped data generator they share (``ssb``) and the README generator (``docs``).

They need the ``tools`` extra (numpy, pyarrow, matplotlib: ``pip install 'hudi-layout[tools]'``);
the library (``hudi_layout`` and its other modules) imports none of this package.
"""
