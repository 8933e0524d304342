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


@extend_schema_field({
    "type": "object", "additionalProperties": {"type": "array", "items": {"type": "integer"}},
    "description": 'Points by place for each table size: {"4": [4, 2, 1, 0], "3": [3, 1, 0]}.',
})  # fmt: skip
class PointsBySizeField(serializers.JSONField):
    pass


@extend_schema_field({"type": "array", "items": {"type": "string"}})
class StringListField(serializers.JSONField):
    """A list of names (tie-breaks, handles, scopes), checked by the service naming the field."""


@extend_schema_field({
    "type": "array", "items": {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 2},
})  # fmt: skip
class HandlePairsField(serializers.JSONField):
    pass


@extend_schema_field({"type": "object", "additionalProperties": {"type": "integer"}})
class HandleNumbersField(serializers.JSONField):
    pass


@extend_schema_field({"type": "array", "items": {"type": "number"}, "nullable": True})
class NumberListField(serializers.JSONField):
    pass


@extend_schema_field({
    "nullable": True,
    "oneOf": [
        {"type": "string"}, {"type": "number"}, {"type": "boolean"},
        {"type": "array", "items": {}}, {"type": "object", "additionalProperties": True},
    ],
})  # fmt: skip
class JsonValueField(serializers.JSONField):
    """A value as a sheet or an edition file holds it (a number, a name, a list of cards...): typed as one of
    JSON's kinds rather than left unknown."""


@extend_schema_field({
    "type": "array",
    "items": {"type": "array", "items": {"oneOf": [{"type": "string"}, {"type": "integer"}]}, "minItems": 2,
              "maxItems": 2},
    "description": "[[handle, place], ...]",
})  # fmt: skip
class HandlePlacesField(serializers.ListField):
    pass
