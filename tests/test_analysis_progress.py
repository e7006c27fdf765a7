"""The text progress bar: silent on quick work, one redrawn line on slow work."""

from __future__ import annotations

import io
from collections.abc import Iterator

from homegame.analysis import ProgressBar, category_table


def clock(*times: float) -> Iterator[float]:
    return iter(times)


def test_quick_work_prints_nothing() -> None:
    out = io.StringIO()
    ticks = clock(0.0, 0.2, 0.9)
    with ProgressBar("odds", stream=out, clock=lambda: next(ticks)) as bar:
        bar(1, 2)
        bar(2, 2)
    assert out.getvalue() == ""
    assert not bar.shown


def test_slow_work_redraws_one_line_and_skips_redraws_closer_than_the_interval() -> None:
    out = io.StringIO()
    ticks = clock(0.0, 1.5, 1.55, 2.0, 2.0)
    with ProgressBar("odds", stream=out, width=4, clock=lambda: next(ticks)) as bar:
        bar(1, 4)
        bar(2, 4)  # 0.05 s after the last draw: skipped
        bar(3, 4)
        bar(4, 4)  # the end is always drawn
    assert out.getvalue() == ("\rodds [#...]  25.0%  1.5 s\rodds [###.]  75.0%  2.0 s"
                              "\rodds [####] 100.0%  2.0 s\n")


def test_counting_reports_progress_up_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    category_table("ace-to-five", 5, progress=lambda done, total: seen.append((done, total)))
    assert len(seen) > 1
    assert seen[-1][0] == seen[-1][1]
    assert all(done <= total for done, total in seen)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
