"""Server-rendered pages for players, visitors and the room (English, French, German and Spanish); reads in
`selectors`, writes through `tournaments.services`, never a model write of their own. The signed-in request's
type lives below every app (tournaments/auth.py), the words too (tournaments/text.py)."""
