"""The API's serializers, one module per context. Callers import the module they use."""
