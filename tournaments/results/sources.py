"""How a rating event names what it rates: `table:<table id>` for an event's table, `casual:<casual table id>`
for a casual one (tournaments/casual). This module alone spells them; the rating step writes them
(results/services/rating.py) and the pages, the API and the drafts read them back."""

TABLE_SOURCE = "table:"
CASUAL_SOURCE = "casual:"


def table_source(table_id: int) -> str:
    return f"{TABLE_SOURCE}{table_id}"


def table_of_source(source: str) -> int | None:
    """The table id a rating source names, or None for another kind of source."""
    number = source.removeprefix(TABLE_SOURCE)
    return int(number) if number != source and number.isdigit() else None
