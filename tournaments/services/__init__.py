"""Write paths: one module per context, one function per use case, keyword-only, each in one transaction.
Callers import the module they use."""
