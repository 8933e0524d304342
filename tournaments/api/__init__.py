"""The tournaments API: thin views that validate input, call one service or selector, and serialise.

Every operation's error answers ({code, detail, field, errors}) are declared once, by the schema hook in
config/openapi.py, not per view. Callers import the module they use."""
