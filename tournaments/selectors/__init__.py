"""Read paths: one module per context. Callers import the module they use."""
