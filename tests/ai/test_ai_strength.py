"""Every page level has a measured, plain-words strength."""

from __future__ import annotations

import re

import pytest

from game.ai import OFFERED
from game.ai.strength import LEVELS
from game.selfplay import wilson_interval


def test_every_page_level_is_described():
    assert set(LEVELS) == {level.id for level in OFFERED}
    for level in OFFERED:
        strength = LEVELS[level.id]
        assert strength.level == level.id
        assert strength.catalogue_key == level.description_key
        assert strength.summary.endswith(".") and strength.measured
        for m in strength.measured:  # its own line, as the subject or the one beaten
            assert level.id in (m.subject, m.opponents.split(" ")[0]), (level.id, m)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_figures_are_consistent(level):
    """Each measured line's Wilson interval is the one of its games and win rate."""
    for m in LEVELS[level].measured:
        assert m.games > 0 and m.source
        low, high = wilson_interval(m.win_rate * m.games, m.games)
        assert m.wilson95 == pytest.approx((low, high), abs=0.002), (level, m)


TENTHS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
          "eight": 8, "nine": 9}


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_figure_of_a_sentence_is_a_measured_line(level):
    """A sentence's "N of M games" is the wins and games of one of its measured lines, and
    its plain-words share ("nine games in ten", "half its games") the win rate of one of
    them within half a tenth, so a description changes with its measurement, never on its
    own."""
    strength = LEVELS[level]
    said = [(int(n), int(m)) for n, m in re.findall(r"(\d+) of (\d+)", strength.summary)]
    shares = [TENTHS[n] / 10 for n in re.findall(r"(\w+) (?:games )?in ten", strength.summary)]
    shares += [0.5] * len(re.findall(r"\bhalf\b", strength.summary))
    assert said or shares, strength.summary
    lines = {(round(m.win_rate * m.games), m.games) for m in strength.measured}
    assert set(said) <= lines, (said, lines)
    rates = [m.win_rate for m in strength.measured]
    for share in shares:
        assert any(abs(share - rate) <= 0.05 for rate in rates), (share, rates)
