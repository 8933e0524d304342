"""Rating writes (pools, lists, quality), one module each. Every write locks the pool row first, so updates
of one pool are serialised and never start from a stale rating. Callers import the module they use."""
