"""The quality lab's reads, and where it reads a pool's drafts (the tournaments side registers the reader)."""

from collections.abc import Callable, Sequence

from ratings.lab.candidate import PoolDrafts
from ratings.lab.choice import Pick
from ratings.lab.models import ParametersDecision, QualityReport
from ratings.models import RatingPool

# (game, sources, training) -> per drafted source its picks as (player, hand offered, index taken), and each
# card's worth measured on the first `training` sources' tables; None when the reader knows no draft of them.
DraftReader = Callable[
    [str, Sequence[str], int], tuple[dict[str, list[tuple[int, tuple[str, ...], int]]], dict[str, float]] | None
]
_draft_readers: list[DraftReader] = []


def quality_of(*, pool: RatingPool) -> QualityReport | None:
    """The pool's newest quality report (ratings/lab/report.py), or None before the first."""
    return QualityReport.objects.filter(pool=pool).first()


def parameter_decisions(*, pool: RatingPool) -> list[ParametersDecision]:
    """The stewards' decisions on the pool's parameters, newest first."""
    return list(pool.parameter_decisions.all())


def draft_reader_register(reader: DraftReader) -> None:
    """Where the tables' drafts come from: the tournaments side registers its reader when its app is ready
    (ratings imports nothing of tournaments). Registering one twice keeps one."""
    if reader not in _draft_readers:
        _draft_readers.append(reader)


def pool_drafts(*, game: str, sources: Sequence[str], training: int) -> PoolDrafts | None:
    """The drafts of these rated tables, from the first registered reader that knows them."""
    for reader in _draft_readers:
        found = reader(game, sources, training)
        if found is not None:
            picks, worth = found
            as_picks = {source: tuple(Pick(*pick) for pick in table) for source, table in picks.items()}
            return PoolDrafts(as_picks, worth)
    return None
