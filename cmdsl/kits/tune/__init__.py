"""`cmdsl tune`: the tuner (docs/tune.md)."""
