"""Rating reads (leaderboards, lists, changes, within), one module each. Callers import the module they use."""
