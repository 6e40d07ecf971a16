"""Game-independent parts: card data, fuzzy look-up, citations, the chain, the store, undo."""
