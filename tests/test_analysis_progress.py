"""Long work reports its progress as it goes, up to the total."""

from __future__ import annotations

from homegame.analysis.odds import category_table


def test_counting_reports_progress_up_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    category_table("ace-to-five", 5, progress=lambda done, total: seen.append((done, total)))
    assert len(seen) > 1
    assert seen[-1][0] == seen[-1][1]
    assert all(done <= total for done, total in seen)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
