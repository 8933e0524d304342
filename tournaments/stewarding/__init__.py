"""The stewards' wing: sanctions of events and their decisions, trusted clubs, the stewards' pages and queue
(who stewards a game, its rating body, is the core's: every permission reads it)."""
