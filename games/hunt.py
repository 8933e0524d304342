"""Boomerang by Dominique Ehrhard & Michel Lalet (3-5 players): end-of-game verification.

A seat gives the cards captured per species and the boomerangs held at the end. The species and
their card counts are edition data; the printed list is not public, so the shipped set is practice data.

An edition entered from a box may also list the five hunting territories and each card's animal and two
territories ("Sur chaque carte figurent un animal et deux Territoires de chasse"; "5 planches de 5 jetons
Territoires"). Scoring needs none of it (species majorities and sets of boomerangs), but the list is checked
against the species' counts, so that two boxes entered card by card agree on the whole deck.
"""

import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.decks import InvalidEdition
from games.pads import EndPad, PadField, whole
from games.parsing import MalformedInput, expect_int, expect_list, expect_object, expect_str, expect_str_list
from games.verdict import Problem, SeatResult, Verdict, claim_problem, competition_ranks
from games.words import gettext_noop

GAME = "boomerang-hunt"
NAME = gettext_noop("Boomerang (Ehrhard & Lalet)")
PLAYER_COUNTS = range(3, 6)
BOOMERANGS_PER_PLAYER = 12
BOOMERANGS_PER_POINT = 6
CARDS_IN_GAME = 54
TERRITORIES = 5  # "5 planches de 5 jetons Territoires": each player's five tokens, one a territory
TERRITORIES_A_CARD = 2
PRACTICE_SPECIES = Path(__file__).parent / "data" / "practice-boomerang-hunt.json"


@dataclass(frozen=True, slots=True)
class HuntSeat:
    player: str
    captured: Mapping[str, int]
    boomerangs: int
    claimed_total: int | None = None


@dataclass(frozen=True, slots=True)
class HuntCard:
    species: str
    territories: tuple[str, str]


@dataclass(frozen=True)
class HuntEdition:
    """Species and cards per species; `None` when not configured (then only public facts are checked). The
    territories and the cards are `None` for an edition that lists species counts only."""

    name: str
    cards_per_species: Mapping[str, int] | None = None
    territories: tuple[str, ...] | None = None
    cards: tuple[HuntCard, ...] | None = None

    @property
    def is_practice(self) -> bool:
        return "practice" in self.name.lower()


def parse_seat(raw: Any, where: str) -> HuntSeat:
    seat = expect_object(raw, where, frozenset({"player", "captured", "boomerangs"}), frozenset({"claimed_total"}))
    captured = expect_object(seat["captured"], f"{where}.captured", frozenset(), frozenset(seat["captured"] or ()))
    return HuntSeat(
        player=expect_str(seat["player"], f"{where}.player"),
        captured={
            expect_str(k, f"{where}.captured"): expect_int(v, f"{where}.captured.{k}") for k, v in captured.items()
        },
        boomerangs=expect_int(seat["boomerangs"], f"{where}.boomerangs"),
        claimed_total=None
        if seat.get("claimed_total") is None
        else expect_int(seat["claimed_total"], f"{where}.claimed_total"),
    )


def load_edition(raw: Any) -> HuntEdition:
    """Read `{"edition": "boomerang-hunt", "name": ..., "species": {"Fish": 9, ...}}`, with, optionally,
    `"territories": [five names]` and `"cards": [{"species": "Fish", "territories": ["Water", "Forest"]}, ...]`."""
    try:
        data = expect_object(
            raw, "", frozenset({"edition", "name", "species"}), frozenset({"sources", "notes", "territories", "cards"})
        )
        if data["edition"] != GAME:
            raise MalformedInput("edition", f"expected {GAME!r}, got {data['edition']!r}")
        species = expect_object(data["species"], "species", frozenset(), frozenset(data["species"] or ()))
        counts = {name: expect_int(count, f"species.{name}", 1) for name, count in species.items()}
        territories, cards = _territories_and_cards(data)
        edition = HuntEdition(expect_str(data["name"], "name"), counts, territories, cards)
    except MalformedInput as error:
        raise InvalidEdition([str(error)]) from error
    faults = []
    if sum(counts.values()) != CARDS_IN_GAME:
        faults.append(f"the species hold {sum(counts.values())} cards in all; the game has {CARDS_IN_GAME}")
    faults += _card_list_faults(edition)
    if faults:
        raise InvalidEdition(faults)
    return edition


def _territories_and_cards(data: Mapping[str, Any]) -> tuple[tuple[str, ...] | None, tuple[HuntCard, ...] | None]:
    if ("territories" in data) != ("cards" in data):
        raise MalformedInput("cards" if "territories" in data else "territories", "the territories and the cards "
                             "come together: the cards name the territories")  # fmt: skip
    if "cards" not in data:
        return None, None
    territories = expect_str_list(data["territories"], "territories")
    cards = []
    for i, raw_card in enumerate(expect_list(data["cards"], "cards")):
        card = expect_object(raw_card, f"cards[{i}]", frozenset({"species", "territories"}))
        shown = expect_str_list(card["territories"], f"cards[{i}].territories")
        if len(shown) != TERRITORIES_A_CARD:
            raise MalformedInput(f"cards[{i}].territories", f"a card shows 2 territories, this one lists {len(shown)}")
        cards.append(HuntCard(expect_str(card["species"], f"cards[{i}].species"), (shown[0], shown[1])))
    return territories, tuple(cards)


def _card_list_faults(edition: HuntEdition) -> list[str]:
    """The card list against the game (54 cards, 5 territories, two different ones a card) and against the
    species' counts; each fault names its field."""
    if edition.territories is None or edition.cards is None:
        return []
    faults = []
    territories = set(edition.territories)
    if len(edition.territories) != TERRITORIES or len(territories) != TERRITORIES:
        faults.append(f"territories: the game has {TERRITORIES} different hunting territories; "
                      f"{len(territories)} different names are given")  # fmt: skip
    if len(edition.cards) != CARDS_IN_GAME:
        faults.append(f"cards: {len(edition.cards)} cards are listed; the game has {CARDS_IN_GAME}")
    species = edition.cards_per_species or {}
    for i, card in enumerate(edition.cards):
        if card.species not in species:
            faults.append(f"cards[{i}].species: {card.species!r} is not one of the species ({', '.join(species)})")
        if card.territories[0] == card.territories[1]:
            faults.append(
                f"cards[{i}].territories: a card shows two different territories, not {card.territories[0]!r} twice"
            )
        for territory in card.territories:
            if territory not in territories:
                faults.append(f"cards[{i}].territories: {territory!r} is not one of the territories "
                              f"({', '.join(edition.territories)})")  # fmt: skip
    listed = Counter(card.species for card in edition.cards)
    for name, count in species.items():
        if listed[name] != count:
            faults.append(f"species.{name}: {count} cards, but {listed[name]} cards of the list show a {name}")
    return faults


def box_faults(edition: HuntEdition) -> list[str]:
    """An edition typed from a box lists its cards, so that two boxes agree card by card before a steward trusts
    them (a file of species counts only, such as the practice data, may leave them out)."""
    if edition.cards is not None:
        return []
    return [f"cards: a box's {CARDS_IN_GAME} cards, each with its animal and two territories, are not typed yet"]


UNCONFIGURED = HuntEdition(f"{NAME} - species not configured")


def practice_edition() -> HuntEdition:
    return load_edition(json.loads(PRACTICE_SPECIES.read_text(encoding="utf-8")))


def species_points(seats: Sequence[HuntSeat]) -> list[dict[str, int]]:
    """Per species, the player or players holding the most cards score that many; the others 0."""
    points: list[dict[str, int]] = [{} for _ in seats]
    for species in sorted({name for seat in seats for name in seat.captured}):
        most = max(seat.captured.get(species, 0) for seat in seats)
        for i, seat in enumerate(seats):
            held = seat.captured.get(species, 0)
            if held:
                points[i][species] = most if held == most else 0
    return points


def verify(edition: HuntEdition, seats: Sequence[HuntSeat], dealt: int | None = None) -> Verdict:
    """Score the end of a game and check conservation of boomerangs and cards.

    With `dealt` above the seats given (a player forfeited), the boomerang count, which needs every
    player's, is not checked; the card limits still hold for the players there are.
    """
    players = dealt or len(seats)
    if players not in PLAYER_COUNTS or len(seats) > players:
        message = f"{NAME} is played by 3 to 5 players, this table has {players}"
        return Verdict(GAME, (), (Problem("player_count", message),))
    whole_table = players == len(seats)
    problems = [*(_boomerang_problems(seats) if whole_table else []), *_capture_problems(edition, seats)]
    by_species = species_points(seats)
    sets = [seat.boomerangs // BOOMERANGS_PER_POINT for seat in seats]
    totals = [sum(by_species[i].values()) + sets[i] for i in range(len(seats))]
    for i, seat in enumerate(seats):
        if seat.claimed_total is not None and seat.claimed_total != totals[i]:
            reason = f"species majorities {sum(by_species[i].values())} + {sets[i]} set(s) of 6 boomerangs"
            problems.append(claim_problem(seat.player, "total", seat.claimed_total, totals[i], reason))
    ranks = competition_ranks([(totals[i], seat.boomerangs) for i, seat in enumerate(seats)])
    results = tuple(
        SeatResult(
            seat.player,
            totals[i],
            ranks[i],
            breakdown={"species": by_species[i], "boomerang_sets": sets[i]},
            tie_breaks={"boomerangs": seat.boomerangs},
        )
        for i, seat in enumerate(seats)
    )
    return Verdict(GAME, results, tuple(problems))


def _boomerang_problems(seats: Sequence[HuntSeat]) -> list[Problem]:
    held, expected = sum(seat.boomerangs for seat in seats), BOOMERANGS_PER_PLAYER * len(seats)
    if held == expected:
        return []
    message = f"the players hold {held} boomerangs in all; {len(seats)} players always hold {expected} at the end"
    return [Problem("boomerangs_not_conserved", message, field="boomerangs", claimed=held, expected=expected)]


def _capture_problems(edition: HuntEdition, seats: Sequence[HuntSeat]) -> list[Problem]:
    captured = sum(sum(seat.captured.values()) for seat in seats)
    if edition.cards_per_species is None:
        if captured <= CARDS_IN_GAME:
            return []
        message = f"the table captured {captured} cards; the game has {CARDS_IN_GAME}"
        return [Problem("too_many_captured", message, field="captured", claimed=captured, expected=CARDS_IN_GAME)]
    problems = []
    for seat in seats:
        for species in seat.captured:
            if species not in edition.cards_per_species:
                known = ", ".join(edition.cards_per_species)
                message = f"{seat.player} lists {species!r}, which is not a species of {edition.name} ({known})"
                problems.append(Problem("unknown_species", message, seat.player, field=f"captured.{species}"))
    for species, cards in edition.cards_per_species.items():
        taken = sum(seat.captured.get(species, 0) for seat in seats)
        if taken > cards:
            message = f"the table captured {taken} {species} cards; the game has only {cards}"
            problems.append(
                Problem("too_many_captured", message, field=f"captured.{species}", claimed=taken, expected=cards)
            )
    return problems


# The end-of-game score pad (games/pads.py): the cards captured per species and the boomerangs held.
_CAPTURED = "captured."


# The practice data's species (data/practice-boomerang-hunt.json), named in the page's language on the pad; a
# printed edition's names are shown as its box prints them.
PRACTICE_SPECIES_WORDS = frozenset({
    gettext_noop("Fish"), gettext_noop("Turtle"), gettext_noop("Kangaroo"), gettext_noop("Emu"),
    gettext_noop("Lizard"), gettext_noop("Wombat"),
})  # fmt: skip


def _pad_fields(edition: HuntEdition) -> tuple[PadField, ...]:
    # The shipped default names no species (they are not public): the practice data's names serve the form.
    species = edition.cards_per_species or practice_edition().cards_per_species or {}
    return (
        *(
            PadField(
                _CAPTURED + name, name, "count", translate_label=name in PRACTICE_SPECIES_WORDS, most=CARDS_IN_GAME
            )
            for name in sorted(species)
        ),
        PadField("boomerangs", gettext_noop("Boomerangs held"), "count", per_player=BOOMERANGS_PER_PLAYER),
    )


def _pad_seat(handle: str, values: Mapping[str, str]) -> dict[str, Any]:
    captured = {
        key.removeprefix(_CAPTURED): count
        for key, value in values.items()
        if key.startswith(_CAPTURED) and (count := whole(value)) is not None
    }
    # A box nobody filled in stays empty when the pad opens; once the form is sent, an empty box counts 0.
    boomerangs = None if values.get("boomerangs") is None else whole(values["boomerangs"]) or 0
    return {"player": handle, "captured": captured, "boomerangs": boomerangs}


def _pad_values(seat: Mapping[str, Any]) -> dict[str, str]:
    values = {_CAPTURED + name: str(count) for name, count in (seat.get("captured") or {}).items()}
    boomerangs = seat.get("boomerangs")
    return {**values, "boomerangs": "" if boomerangs is None else str(boomerangs)}


END_PAD = EndPad(
    intro=gettext_noop("For each player: the animals captured, by species, and the boomerangs they hold at the end."),
    fields=_pad_fields,
    to_seat=_pad_seat,
    from_seat=_pad_values,
)


def simulated_seats(edition: HuntEdition, players: int, rng: random.Random) -> list[dict[str, Any]]:
    """A legal end of a hunt (games/simulate.py): every captured card exists once, 12 boomerangs a player."""
    species = dict(edition.cards_per_species or practice_edition().cards_per_species or {})
    captured: list[dict[str, int]] = [{} for _ in range(players)]
    for name, cards in species.items():
        for _ in range(rng.randint(cards // 2, cards)):
            holder = captured[rng.randrange(players)]
            holder[name] = holder.get(name, 0) + 1
    total = BOOMERANGS_PER_PLAYER * players
    cuts = sorted(rng.randint(0, total) for _ in range(players - 1))
    boomerangs = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    return [{"player": f"p{i + 1}", "captured": captured[i], "boomerangs": boomerangs[i]} for i in range(players)]
