"""The quality lab's reads."""

from ratings.lab.models import ParametersDecision, QualityReport
from ratings.models import RatingPool


def quality_of(*, pool: RatingPool) -> QualityReport | None:
    """The pool's newest quality report (ratings/quality.py), or None before the first."""
    return QualityReport.objects.filter(pool=pool).first()


def parameter_decisions(*, pool: RatingPool) -> list[ParametersDecision]:
    """The stewards' decisions on the pool's parameters, newest first."""
    return list(pool.parameter_decisions.all())
