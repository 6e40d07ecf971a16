"""The Red Dragon Inn: state, announcements and the rules engine."""
