"""Existing events move to one organisation, "Boomerang community", and keep their ratings: they were rated
before sanctions existed, so they count as sanctioned (a decision recorded as such). Every person who
organised one becomes an organiser of that organisation; the first event's first organiser its owner."""

from django.db import migrations

REASON = "rated before sanctions existed (migration 0018)"


def move(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    if not Event.objects.exists():
        return
    Organisation = apps.get_model("tournaments", "Organisation")
    Staff = apps.get_model("tournaments", "Staff")
    SanctionDecision = apps.get_model("tournaments", "SanctionDecision")
    community = Organisation.objects.create(slug="community", name="Boomerang community", kind="club")
    organisers = []
    for event in Event.objects.order_by("created_at", "id"):
        for user_id in event.organisers.order_by("id").values_list("id", flat=True):
            if user_id not in organisers:
                organisers.append(user_id)
    Staff.objects.bulk_create(
        Staff(organisation=community, user_id=user_id, role="owner" if i == 0 else "organiser")
        for i, user_id in enumerate(organisers)
    )
    Event.objects.update(organisation=community, sanction="sanctioned")
    SanctionDecision.objects.bulk_create(
        SanctionDecision(event_id=event_id, decision="sanctioned", reason=REASON)
        for event_id in Event.objects.values_list("id", flat=True)
    )


def back(apps, schema_editor):
    apps.get_model("tournaments", "Event").objects.update(organisation=None)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0017_organisations_and_sanctions")]
    operations = [migrations.RunPython(move, back)]
