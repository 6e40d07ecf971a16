"""referee: a table-side rules referee for The Red Dragon Inn and Three-Dragon Ante: Giants War."""

__version__ = "0.1.0"
