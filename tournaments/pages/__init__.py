"""Server-rendered pages for players, visitors and the room (English and French); reads in `selectors`,
writes through `tournaments.services`, never a model write of their own."""

from django.contrib.auth.models import User
from django.http import HttpRequest


class SignedInRequest(HttpRequest):
    """The request a `login_required` view receives: its user is signed in (for the type checker)."""

    user: User
