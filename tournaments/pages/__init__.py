"""Server-rendered pages for players, visitors and the room (English and French); reads in `selectors`,
writes through `tournaments.services`, never a model write of their own."""
