"""Seasons and circuits: events counted together, season points, qualifiers."""
