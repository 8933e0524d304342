"""The games and their editions: the card lists and maps a table is scored with, sheets checked outside an event."""
