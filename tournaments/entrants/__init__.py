"""People at the door: guests, imported entrants, a guest's history claimed by its player."""
