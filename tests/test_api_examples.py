"""Issue 56, item 9: a domain example for every request body and answer of the schema, each one valid by its own
schema (config/openapi_examples.py), so the examples never promise what the API would not do."""

import copy
from typing import Any

import pytest
from django.test import Client
from jsonschema import Draft7Validator

pytestmark = pytest.mark.django_db


def _json_schema(node: Any) -> Any:
    """OpenAPI 3.0's `nullable` as JSON Schema's null type, everywhere in the document."""
    if isinstance(node, list):
        return [_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    converted = {key: _json_schema(value) for key, value in node.items() if key != "example"}
    if converted.pop("nullable", False):
        return {"anyOf": [converted, {"type": "null"}]}
    return converted


def test_every_request_and_answer_schema_has_an_example_its_schema_accepts() -> None:
    schema = Client().get("/api/schema/", {"format": "json"}).json()
    components = schema["components"]["schemas"]
    root = {"components": _json_schema(copy.deepcopy(schema["components"]))}
    missing, invalid = [], {}
    for name, component in components.items():
        if "example" not in component:
            missing.append(name)
            continue
        errors = list(
            Draft7Validator({**root, "$ref": f"#/components/schemas/{name}"}).iter_errors(component["example"])
        )
        if errors:
            invalid[name] = [f"{list(e.absolute_path)}: {e.message[:120]}" for e in errors[:3]]
    assert missing == []
    assert invalid == {}
    used = {
        content["schema"]["$ref"].rsplit("/", 1)[1]
        for item in schema["paths"].values() for operation in item.values() if isinstance(operation, dict)
        for body in [operation.get("requestBody", {}), *operation.get("responses", {}).values()]
        for content in body.get("content", {}).values() if "$ref" in content.get("schema", {})
    }  # fmt: skip
    assert used <= set(components)  # every body the operations name is one of the examples checked above


def test_the_examples_are_a_clubs_night_and_a_real_sheet() -> None:
    components = Client().get("/api/schema/", {"format": "json"}).json()["components"]["schemas"]
    assert components["PlayerSignupRequest"]["example"]["handle"] == "ann"
    assert components["SheetInputRequest"]["example"]["data"]["rounds"][0]["cards"] == [
        "G",
        "D",
        "Y",
        "L",
        "F",
        "T",
        "O",
    ]
    assert components["Event"]["example"]["game"] == "boomerang-australia"
