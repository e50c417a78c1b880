"""hudi-layout's clustering execution strategy and the Hudi key that selects it.

Kept apart so that :mod:`hudi_layout.options` and :mod:`hudi_layout.clustering` can both use
them without importing each other; this module imports nothing of the package.
"""

STRATEGY_CLASS = "dev.hudilayout.SpaceCurveExecutionStrategy"
STRATEGY_KEY = "hoodie.clustering.execution.strategy.class"
