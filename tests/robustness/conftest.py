"""The robustness tests import their shared mutators (``fuzzing.py``, also used by
``tests/robustness/fuzz_at_scale.py``) from this folder; the Hypothesis profile is in fuzzing.py."""
