"""The five games behind one contract: a table sheet in, a verdict out (docs/score-sheet.md)."""

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache, partial
from typing import Any

from games import australia, drafting, drafting_sheet, europe, flip, hunt, usa
from games.deal import Deal, deal_problems
from games.decks import load_deck
from games.drafting import DraftingRules
from games.pads import EndPad
from games.parsing import MalformedInput, expect_list, expect_object, expect_str
from games.verdict import Verdict


@dataclass(frozen=True)
class Game:
    id: str
    name: str
    player_counts: range
    table_sizes_by_preference: tuple[int, ...]
    parse_seat: Callable[[Any, str], Any]
    verify: Callable[..., Verdict]  # (edition data, seats, dealt=None) -> verdict
    load_edition: Callable[[Any], Any]
    default_edition: Callable[[], Any]
    practice_edition: Callable[[], Any] | None = None
    # The score pad: a drafting edition's rules give the card pad (each round's cards and activity, scored
    # live in the browser); any other game describes its end-of-game form (games/pads.py).
    drafting: DraftingRules | None = None
    end_pad: EndPad | None = None
    # A legal table's seats, dealt and played at random (games/simulate.py): (edition, players, rng) -> seats.
    simulate: Callable[[Any, int, random.Random], list[dict[str, Any]]] | None = None
    # What an edition typed from a box must hold beyond what a file may leave out (edition -> faults).
    box_faults: Callable[[Any], list[str]] | None = None

    @property
    def rounds_on_paper(self) -> int:
        """The columns of the paper score grid: a drafting edition's rounds, none for a game scored at the end."""
        return drafting_sheet.ROUNDS if self.drafting else 0


def _drafting_game(rules: drafting.DraftingRules, shipped: Callable[[], Any], practice: bool) -> Game:
    return Game(
        id=rules.game,
        name=rules.name,
        player_counts=rules.player_counts,
        table_sizes_by_preference=(4, 3, 2),
        parse_seat=partial(drafting_sheet.parse_seat, rules),
        verify=partial(drafting.verify, rules),
        load_edition=partial(_load_drafting_deck, rules),
        default_edition=cache(shipped),
        practice_edition=cache(shipped) if practice else None,
        drafting=rules,
    )


def _load_drafting_deck(rules: drafting.DraftingRules, raw: Any) -> Any:
    return load_deck(raw, rules.game, rules.facts)


GAMES: dict[str, Game] = {
    game.id: game
    for game in (
        _drafting_game(australia.RULES, australia.shipped_deck, practice=False),
        _drafting_game(europe.RULES, europe.shipped_deck, practice=True),
        _drafting_game(usa.RULES, usa.shipped_deck, practice=True),
        Game(
            id=hunt.GAME,
            name=hunt.NAME,
            player_counts=hunt.PLAYER_COUNTS,
            table_sizes_by_preference=(5, 4, 3),
            parse_seat=hunt.parse_seat,
            verify=hunt.verify,
            load_edition=hunt.load_edition,
            default_edition=lambda: hunt.UNCONFIGURED,
            practice_edition=cache(hunt.practice_edition),
            end_pad=hunt.END_PAD,
            simulate=hunt.simulated_seats,
            box_faults=hunt.box_faults,
        ),
        Game(
            id=flip.GAME,
            name=flip.NAME,
            player_counts=range(2, 3),
            table_sizes_by_preference=(2,),
            parse_seat=flip.parse_seat,
            verify=flip.verify,
            load_edition=flip.load_edition,
            default_edition=lambda: flip.UNCONFIGURED,
            practice_edition=cache(flip.practice_edition),
            end_pad=flip.END_PAD,
            simulate=flip.simulated_seats,
        ),
    )
}


def game_of(game_id: Any, where: str = "game") -> Game:
    name = expect_str(game_id, where)
    if name not in GAMES:
        raise MalformedInput(where, f"unknown game {name!r}; known games: {', '.join(GAMES)}")
    return GAMES[name]


def parse_table(sheet: Any) -> tuple[Game, list[Any]]:
    """Read a table sheet `{"game": ..., "seats": [...]}`; raise MalformedInput naming the field."""
    table = expect_object(sheet, "", frozenset({"game", "seats"}))
    game = game_of(table["game"])
    seats = [game.parse_seat(raw, f"seats[{i}]") for i, raw in enumerate(expect_list(table["seats"], "seats"))]
    refuse_player_twice(seats)
    return game, seats


def refuse_player_twice(seats: list[Any]) -> None:
    """Raise MalformedInput naming the second seat of a player who has two at the table."""
    seen: set[str] = set()
    for i, seat in enumerate(seats):
        if seat.player in seen:
            raise MalformedInput(f"seats[{i}].player", f"{seat.player!r} appears twice at the table")
        seen.add(seat.player)


def verify_table(sheet: Any, edition: Any = None, dealt: int | None = None, deal: Deal | None = None) -> Verdict:
    """Verify a whole table sheet with the given edition data, or the game's default.

    `dealt`: the players the game was dealt for, when some seats forfeited and are not in the sheet.
    `deal`: the hands a drafting table was dealt (duplicate deals): rows that do not come from it are refused.
    The check needs every row, so a table with a forfeit skips it, as it skips the set-aside check.
    """
    game, seats = parse_table(sheet)
    edition = edition if edition is not None else game.default_edition()
    verdict = game.verify(edition, seats, dealt)
    if (
        deal is not None
        and game.drafting is not None
        and dealt is None
        and not CARD_PROBLEMS & set(verdict.problem_codes())
    ):
        rows = [[seat.rounds[r].cards for seat in seats] for r in range(drafting_sheet.ROUNDS)]
        mismatches = deal_problems(edition, [seat.player for seat in seats], rows, deal)
        verdict = replace(verdict, problems=(*verdict.problems, *mismatches))
    return replace(verdict, edition=edition.name)


CARD_PROBLEMS = frozenset({"wrong_card_count", "unknown_card", "duplicate_card", "player_count"})


def load_edition(raw: Any) -> tuple[Game, Any]:
    """Read any game's edition file; the `edition` key names the game."""
    game = game_of(raw.get("edition") if isinstance(raw, dict) else None, "edition")
    return game, game.load_edition(raw)
