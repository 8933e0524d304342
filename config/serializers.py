"""The API's request bodies refuse what they do not know (issue 56): a misspelt field, or one the endpoint
does not take, is a 400 naming it, not silently dropped (a client that sent `venu` would believe the venue
changed). Every request serializer derives from these (the query parameters' do not: a page's `page` or
`format` passes). The served schema says so (`additionalProperties: false`, config/openapi.py)."""

from collections.abc import Mapping
from typing import Any

from rest_framework import serializers


class RefusesUnknownFields:
    fields: Any

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            unknown = sorted(str(name) for name in set(data) - set(self.fields))
            if unknown:
                known = ", ".join(sorted(name for name, field in self.fields.items() if not field.read_only))
                raise serializers.ValidationError(
                    {unknown[0]: [f"unknown field; this body takes: {known or 'nothing'}"]}, code="unknown_field"
                )
        return super().to_internal_value(data)  # type: ignore[misc]


class StrictSerializer(RefusesUnknownFields, serializers.Serializer):  # type: ignore[misc]
    pass


class StrictModelSerializer(RefusesUnknownFields, serializers.ModelSerializer):  # type: ignore[misc]
    pass
