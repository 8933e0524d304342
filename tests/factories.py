import factory
from django.contrib.auth import get_user_model


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.django.Password("a-long-test-password")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "tournaments.Player"

    user = factory.SubFactory(UserFactory)
    handle = factory.LazyAttribute(lambda p: p.user.username)


class OrganisationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "tournaments.Organisation"

    slug = factory.Sequence(lambda n: f"club-{n}")
    name = factory.Sequence(lambda n: f"Club {n}")
    kind = "club"


def _practice(game: str) -> bool:
    from tournaments.catalogue.selectors import edition_is_practice

    return edition_is_practice(game=game)


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "tournaments.Event"
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Club night {n}")
    game = "boomerang-australia"
    status = "registration"
    capacity = 16
    seed = 7
    organisation = factory.SubFactory(OrganisationFactory)
    # As a trusted club's event is (the sanction tests start from "waiting"); an event of a game played on
    # practice data is never sanctioned (tournaments/catalogue/selectors.edition_is_practice).
    sanction = factory.LazyAttribute(lambda event: "waiting" if _practice(event.game) else "sanctioned")

    @factory.post_generation
    def organisers(self, create, extracted, **kwargs):
        if create:
            self.organisers.add(*(extracted or [UserFactory()]))
