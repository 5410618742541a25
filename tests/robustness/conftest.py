"""The robustness tests import their shared mutators (``fuzzing.py``, also used by
``bench/fuzz_loaders.py``) from this folder; the Hypothesis profile is in fuzzing.py."""
