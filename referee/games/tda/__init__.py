"""Three-Dragon Ante: Giants War: the rules engine (see docs/tda.md; the adapter is game.py)."""
