"""What the models share: the games' choices and the state machines' `row.can.X`."""

from typing import ClassVar

from games import GAMES
from tournaments import states


def game_choices() -> list[tuple[str, str]]:
    """The games known now (games.GAMES), read whenever Django asks: a new game needs no migration."""
    return [(game.id, game.name) for game in GAMES.values()]


GAME_CHOICES = game_choices()  # the games at start-up, for the API schema's enum


class HasStates:
    """A model whose status moves by its machine (tournaments/states.py): `row.can.start` says whether the
    status opens an action, for pages and templates."""

    machine: ClassVar[states.Machine]
    status: str

    @property
    def can(self) -> states.Actions:
        return states.Actions(self.machine, self.status)
