"""Three-Dragon Ante: Giants War (its engine comes with its own issue)."""
