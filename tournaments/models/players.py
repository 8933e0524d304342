"""Players: their handles, accounts and guests."""

from typing import Any

from django.conf import settings
from django.db import models

from tournaments.validators import (
    handle_key,
    validate_display_name,
    validate_handle,
)


class Player(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player")
    handle = models.CharField(
        max_length=40, unique=True, validators=[validate_handle], help_text="The name on score sheets and standings."
    )
    handle_key = models.CharField(
        max_length=80, unique=True, editable=False, help_text="The handle with case and accents folded: unique."
    )
    display_name = models.CharField(
        max_length=80, blank=True, validators=[validate_display_name],
        help_text="The player's name as they like it written (spaces allowed), shown beside the handle.",
    )  # fmt: skip
    country = models.CharField(max_length=2, blank=True, help_text="ISO 3166-1 alpha-2 code (FR, DE, ...).")
    language = models.CharField(max_length=8, blank=True, help_text="The e-mails' language; empty: the site's.")
    notify_seated = models.BooleanField(default=True, help_text="E-mail my table and seat when a round is seated.")
    notify_rejected = models.BooleanField(default=True, help_text="E-mail me when my table's sheets are refused.")
    notify_finished = models.BooleanField(default=True, help_text="E-mail my place when an event ends.")
    notify_changes = models.BooleanField(
        default=True, help_text="E-mail me when an event I registered for moves (its time or its venue)."
    )
    guest = models.BooleanField(
        default=False, help_text="Entered by an organiser for someone without an account (a walk-in, an import)."
    )
    demo = models.BooleanField(
        default=False, help_text="Made by the demo (bootstrap): marked as such, never in an official list or a season."
    )
    claim_code = models.CharField(
        max_length=64, blank=True, db_index=True,
        help_text="A guest's secret: its person signs in and claims the guest's results with it (used once).",
    )  # fmt: skip
    claimed_by = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="claimed_guests",
        help_text="The account's player that claimed this guest: its history moved there.",
    )  # fmt: skip
    claimed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["handle"]

    def __str__(self) -> str:
        return self.handle

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.handle_key = handle_key(self.handle)
        if kwargs.get("update_fields") is not None and "handle" in kwargs["update_fields"]:
            kwargs["update_fields"] = {*kwargs["update_fields"], "handle_key"}
        super().save(*args, **kwargs)
