"""A game's score curve as an SVG picture, written by hand (no plotting library).

One step line per player (a score holds until the next decision changes it), the target as a
dashed line, the time in minutes along the bottom, a legend with each final score. The same
picture is drawn on the live page and written by ``voice-scribe historique --courbe``.

>>> svg = score_curve_svg([(0.0, {"Karadoc": 0, "Perceval": 0}), (10.0, {"Karadoc": 72, "Perceval": 0})],
...                       ["Karadoc", "Perceval"], target=343)
>>> svg.startswith("<svg") and "Karadoc" in svg and svg.count("<polyline") == 2
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

#: Colours that stay apart on a TV and for the common colour blindnesses (Okabe–Ito).
PALETTE = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#FFFFFF")

Point = tuple[float, Mapping[str, int]]


@dataclass(frozen=True)
class Frame:
    width: int = 960
    height: int = 420
    left: int = 64
    right: int = 230  # room for the legend
    top: int = 24
    bottom: int = 44

    @property
    def plot_w(self) -> int:
        return self.width - self.left - self.right

    @property
    def plot_h(self) -> int:
        return self.height - self.top - self.bottom


def colour(index: int) -> str:
    return PALETTE[index % len(PALETTE)]


def score_curve_svg(
    points: Sequence[Point],
    players: Sequence[str],
    target: int | None = None,
    frame: Frame = Frame(),
    ink: str = "#DDDDDD",
) -> str:
    """The curve of ``points`` (time in seconds, scores) as a standalone SVG document."""
    t_max = max([t for t, _ in points] + [1.0])
    values = [s for _, scores in points for s in scores.values()] + [0]
    if target:
        values.append(target)
    low, high = min(values), max(values)
    if high == low:
        high = low + 10

    def x(t: float) -> float:
        return frame.left + frame.plot_w * t / t_max

    def y(v: float) -> float:
        return frame.top + frame.plot_h * (high - v) / (high - low)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {frame.width} {frame.height}" '
        f'width="{frame.width}" height="{frame.height}" role="img" aria-label="Courbe des scores" '
        f'font-family="sans-serif" font-size="19">',
        f'<rect x="{frame.left}" y="{frame.top}" width="{frame.plot_w}" height="{frame.plot_h}" '
        f'fill="none" stroke="{ink}" stroke-opacity="0.4"/>',
    ]
    parts += _axes(frame, t_max, low, high, x, y, ink)
    if target:
        parts.append(
            f'<line x1="{frame.left}" x2="{frame.left + frame.plot_w}" y1="{y(target):.1f}" y2="{y(target):.1f}" '
            f'stroke="{ink}" stroke-dasharray="8 6" stroke-opacity="0.7"/>'
            f'<text x="{frame.left + 6}" y="{y(target) - 6:.1f}" fill="{ink}">objectif {target}</text>'
        )
    for i, name in enumerate(players):
        parts.append(_line(points, name, colour(i), x, y))
    parts += _legend(points, players, frame)
    parts.append("</svg>")
    return "".join(parts)


def _axes(frame: Frame, t_max: float, low: int, high: int, x, y, ink: str) -> list[str]:  # noqa: ANN001
    out = []
    if low < 0 < high:
        out.append(f'<line x1="{frame.left}" x2="{frame.left + frame.plot_w}" y1="{y(0):.1f}" y2="{y(0):.1f}" '
                   f'stroke="{ink}" stroke-opacity="0.5"/>')
    for value in sorted({low, high, 0} if low <= 0 <= high else {low, high}):
        out.append(f'<text x="{frame.left - 8}" y="{y(value) + 5:.1f}" fill="{ink}" text-anchor="end">{value}</text>')
    minutes = t_max / 60
    out.append(f'<text x="{frame.left}" y="{frame.height - 12}" fill="{ink}">0 min</text>')
    out.append(f'<text x="{frame.left + frame.plot_w}" y="{frame.height - 12}" fill="{ink}" text-anchor="end">'
               f'{_minutes(minutes)}</text>')
    return out


def _minutes(minutes: float) -> str:
    return f"{minutes:.1f} min".replace(".", ",") if minutes < 10 else f"{minutes:.0f} min"


def _line(points: Sequence[Point], name: str, stroke: str, x, y) -> str:  # noqa: ANN001
    coords: list[str] = []
    last: int | None = None
    for t, scores in points:
        if name not in scores:
            continue  # not yet at the table (a Chante-Sloubi newcomer)
        if last is not None:
            coords.append(f"{x(t):.1f},{y(last):.1f}")
        last = scores[name]
        coords.append(f"{x(t):.1f},{y(last):.1f}")
    if coords and points:
        coords.append(f"{x(points[-1][0]):.1f},{y(last or 0):.1f}")
    return (f'<polyline fill="none" stroke="{stroke}" stroke-width="4" stroke-linejoin="round" '
            f'points="{" ".join(coords)}"><title>{escape(name)}</title></polyline>')


def _legend(points: Sequence[Point], players: Sequence[str], frame: Frame) -> list[str]:
    final = points[-1][1] if points else {}
    out = []
    for i, name in enumerate(players):
        top = frame.top + 10 + i * 32
        left = frame.width - frame.right + 16
        out.append(
            f'<rect x="{left}" y="{top}" width="18" height="18" fill="{colour(i)}"/>'
            f'<text x="{left + 26}" y="{top + 15}" fill="{colour(i)}">{escape(name)} : {final.get(name, 0)}</text>'
        )
    return out
