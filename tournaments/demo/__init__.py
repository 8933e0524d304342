"""The demo a fresh install shows: a club's events played by simulated players, and its removal."""
