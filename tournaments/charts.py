"""A rating-history chart drawn on the server as inline SVG: no JS, no image files, prints as it shows."""

from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from tournaments.text import with_percent_sign

WIDTH, HEIGHT, PAD = 600, 220, 34


@dataclass(frozen=True)
class Point:
    label: str
    value: float


def line_chart(points: list[Point], *, title: str) -> SafeString:
    """The conservative rating after each game, oldest to newest; the lowest and highest are labelled
    (in the page's language: 20,4 in French). SVG coordinates stay in plain decimals."""
    if not points:
        return SafeString("")
    low, high = min(p.value for p in points), max(p.value for p in points)
    span = (high - low) or 1.0
    step = (WIDTH - 2 * PAD) / max(len(points) - 1, 1)

    def xy(index: int, value: float) -> tuple[float, float]:
        return PAD + index * step, HEIGHT - PAD - (value - low) / span * (HEIGHT - 2 * PAD)

    coordinates = [xy(i, p.value) for i, p in enumerate(points)]
    polyline = " ".join(f"{x:.1f},{y:.1f}" for x, y in coordinates)
    dots = format_html_join(
        "",
        '<circle cx="{}" cy="{}" r="5"><title>{}: {}</title></circle>',
        ((f"{x:.1f}", f"{y:.1f}", p.label, tenths(p.value)) for (x, y), p in zip(coordinates, points, strict=True)),
    )
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-label="{}">'
        "<title>{}</title>"
        '<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#e3ddd2"/>'
        '<text x="4" y="{}" font-size="22" fill="#5b6475">{}</text>'
        '<text x="4" y="{}" font-size="22" fill="#5b6475">{}</text>'
        '<polyline points="{}" fill="none" stroke="#b5461d" stroke-width="4"/>'
        '<g fill="#b5461d">{}</g></svg>',
        WIDTH, HEIGHT, title, title,
        PAD, HEIGHT - PAD, WIDTH - PAD, HEIGHT - PAD,
        PAD - 10, tenths(high), HEIGHT - PAD + 26, tenths(low),
        polyline, dots,
    )  # fmt: skip


def tenths(value: float) -> str:
    """One decimal, rounded (number_format alone truncates a float) and localised."""
    return number_format(round(value, 1), 1)


@dataclass(frozen=True)
class Interval:
    label: str
    value: float
    low: float
    high: float


ROW_HEIGHT, LABEL_WIDTH = 26, 200


def interval_chart(intervals: list[Interval], *, title: str) -> SafeString:
    """One row per item: a dot at the value and a line across its interval, around a zero line (a forest
    plot). The scale is symmetric, so a card above or below zero reads at a glance."""
    if not intervals:
        return SafeString("")
    reach = max(max(abs(i.low), abs(i.high)) for i in intervals) or 1.0
    height = PAD + ROW_HEIGHT * len(intervals)
    plot = WIDTH - LABEL_WIDTH - PAD

    def x(value: float) -> float:
        return LABEL_WIDTH + (value + reach) / (2 * reach) * plot

    rows = format_html_join(
        "",
        '<g><title>{}: {} ({})</title><text x="4" y="{}" font-size="15" fill="#1f2433">{}</text>'
        '<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#b5461d" stroke-width="3"/>'
        '<circle cx="{}" cy="{}" r="5" fill="#b5461d"/></g>',
        (
            (
                i.label,
                signed(i.value),
                _("%(low)s to %(high)s") % {"low": signed(i.low), "high": signed(i.high)},
                PAD + n * ROW_HEIGHT,
                i.label if len(i.label) <= 24 else i.label[:23] + "…",
                f"{x(i.low):.1f}",
                PAD + n * ROW_HEIGHT - 5,
                f"{x(i.high):.1f}",
                PAD + n * ROW_HEIGHT - 5,
                f"{x(i.value):.1f}",
                PAD + n * ROW_HEIGHT - 5,
            )
            for n, i in enumerate(intervals)
        ),
    )
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-label="{}"><title>{}</title>'
        '<line x1="{}" y1="8" x2="{}" y2="{}" stroke="#5b6475" stroke-dasharray="4 4"/>'
        '<text x="{}" y="20" font-size="14" fill="#5b6475">{}</text><text x="{}" y="20" font-size="14" '
        'fill="#5b6475" text-anchor="end">{}</text>{}</svg>',
        WIDTH, height, title, title, f"{x(0):.1f}", f"{x(0):.1f}", height, LABEL_WIDTH, signed(-reach),
        WIDTH - PAD, signed(reach), rows,
    )  # fmt: skip


def signed(value: float) -> str:
    """Two decimals with a sign, localised (+0,12 in French)."""
    return ("+" if value > 0 else "") + number_format(round(value, 2), 2)


@dataclass(frozen=True)
class Band:
    predicted: float  # 0 to 1
    observed: float  # 0 to 1
    count: int


SIDE = 300


def calibration_chart(bands: list[Band], *, title: str) -> SafeString:
    """Predicted chance to win (across) against how often it came true (up), one dot a band of 0.1, its area
    the band's players; the diagonal is perfect calibration."""
    if not bands:
        return SafeString("")
    most = max(b.count for b in bands)
    span = SIDE - 2 * PAD

    def xy(predicted: float, observed: float) -> tuple[str, str]:
        return f"{PAD + predicted * span:.1f}", f"{SIDE - PAD - observed * span:.1f}"

    dots = format_html_join(
        "",
        '<circle cx="{}" cy="{}" r="{}"><title>{} → {} ({})</title></circle>',
        ((*xy(b.predicted, b.observed), f"{4 + 8 * (b.count / most) ** 0.5:.1f}",
          with_percent_sign(tenths(b.predicted * 100)), with_percent_sign(tenths(b.observed * 100)), b.count)
         for b in bands),
    )  # fmt: skip
    return format_html(
        '<svg class="chart calibration" viewBox="0 0 {} {}" role="img" aria-label="{}"><title>{}</title>'
        '<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#e3ddd2"/>'
        '<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#5b6475" stroke-dasharray="6 6"/>'
        '<text x="{}" y="{}" font-size="16" fill="#5b6475">0</text>'
        '<text x="{}" y="{}" font-size="16" fill="#5b6475" text-anchor="end">{}</text>'
        '<g fill="#b5461d" fill-opacity="0.75">{}</g></svg>',
        SIDE, SIDE, title, title,
        PAD, PAD, span, span,
        PAD, SIDE - PAD, SIDE - PAD, PAD,
        PAD - 14, SIDE - PAD + 18,
        SIDE - PAD, SIDE - PAD + 18, with_percent_sign("100"),
        dots,
    )  # fmt: skip
