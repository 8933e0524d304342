"""JSON inputs whose shape the rules engines check (naming the field at fault), declared in the schema as what
they must be, an object or a list, so a client is not told that any value, null included, will do."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers


@extend_schema_field({"type": "object", "additionalProperties": True})
class JsonObjectField(serializers.JSONField):
    pass


@extend_schema_field({"type": "array", "items": {"type": "object", "additionalProperties": True}})
class JsonObjectListField(serializers.JSONField):
    pass


@extend_schema_field({"type": "string", "pattern": "^([A-Z]{2})?$", "maxLength": 2})
class CountryCodeField(serializers.CharField):
    """Checked by the service (invalid_country, naming the field); declared in the schema as what it takes."""
