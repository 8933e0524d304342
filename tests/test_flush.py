"""The flush after a transactional test keeps the content types and permissions (tests/conftest.py,
`_flush_keeps_what_post_migrate_makes`): every model still has them, and the content types' cache names rows
that exist, whatever ran before (the migrations' walk drops every table and makes them again)."""

import pytest
from django.apps import apps
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType


@pytest.mark.django_db(transaction=True)
def test_every_model_has_its_content_type_and_permissions_whatever_was_flushed_before() -> None:
    for model in apps.get_models():
        content_type = ContentType.objects.get_for_model(model, for_concrete_model=False)  # cached, once asked
        meta = model._meta
        assert ContentType.objects.filter(pk=content_type.pk, app_label=meta.app_label, model=meta.model_name).exists()
        codenames = {f"{action}_{meta.model_name}" for action in meta.default_permissions}
        stored = set(Permission.objects.filter(content_type=content_type).values_list("codename", flat=True))
        assert codenames <= stored, (meta.label, codenames - stored)
