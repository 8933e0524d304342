"""Archives: an event exported whole (its players, rounds, sheets, verdicts and the stewards' decisions) and
imported on another instance (docs/archive.md)."""
