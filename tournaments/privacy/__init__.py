"""What is kept about a player: their export and their erasure."""
