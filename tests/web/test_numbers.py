"""Numbers and dates in the form of the language in use: one function,
``messages.number``, for every number a player reads; French typography in the catalogue."""

from __future__ import annotations

import random
import re
import time

import pytest
from play_kit import make_controller, play_to_end, setup_game

from game.web import messages as M
from game.web.screens.start import _size

NNBSP = "\u202f"  # narrow no-break space
NBSP = "\u00a0"
STAMP = 1705320000.0  # 2024-01-15 12:00:00 UTC


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    M.set_language("en")


@pytest.mark.parametrize("lang, value, decimals, sign, expected", [
    ("en", 7, None, False, "7"),
    ("de", 7, None, False, "7"),
    ("fr", 7, None, False, "7"),
    ("en", 9.64, 1, False, "9.6"),
    ("de", 9.64, 1, False, "9,6"),
    ("fr", 9.64, 1, False, "9,6"),
    ("en", 1234567, None, False, "1,234,567"),
    ("de", 1234567, None, False, "1.234.567"),
    ("fr", 1234567, None, False, f"1{NNBSP}234{NNBSP}567"),
    ("en", 4321.05, 2, False, "4,321.05"),
    ("de", 4321.05, 2, False, "4.321,05"),
    ("fr", 4321.05, 2, False, f"4{NNBSP}321,05"),
    ("de", 0.5, None, False, "0,5"),
    ("en", 3, None, True, "+3"),
    ("fr", 0, None, True, "+0"),
    ("de", -12, None, False, "-12"),
    ("de", 2.0, 0, False, "2"),
])
def test_number_in_each_language(lang, value, decimals, sign, expected):
    M.set_language(lang)
    assert M.number(value, decimals, sign) == expected


def test_number_never_raises_on_what_is_not_a_number():
    M.set_language("de")
    assert M.number(float("nan")) == "nan"
    assert M.number(True) == "True"
    assert M.number("12.5") == "12.5"  # type: ignore[arg-type]  # text stays text


def test_every_number_parameter_of_a_message_is_written_in_the_language():
    for lang, used in (("en", "12.5 kB"), ("de", "12,5 kB"), ("fr", "12,5 ko")):
        M.set_language(lang)
        assert used.replace(" ", NBSP) in M.t("start.used", used=M.t("start.size", size=12.5))
    M.set_language("fr")
    assert M.t("play.points", points=12345) == f"12{NNBSP}345"
    assert "".join(M.parts("play.points", points=1500.5)) == f"1{NNBSP}500,5"
    M.set_language("de")
    assert M.tn("count.points", 1000) == "1.000 Punkte"
    assert M.tn("count.points", 1) == "1 Punkt"  # the plural form from the raw count


@pytest.mark.parametrize("lang, count, expected", [
    ("en", 12, "Anna: 12~hints"), ("de", 12, "Anna: 12~Tipps"), ("de", 1, "Anna: 1~Tipp"),
    ("fr", 12, f"Anna{NNBSP}: 12~conseils"),
])
def test_a_count_of_hints_stays_with_its_word(lang, count, expected):
    """The final standings' "Anna: 12 hints" (~ a no-break space): a line may break before
    the count, never between the count and its word."""
    M.set_language(lang)
    assert M.t("hint.used_count", name="Anna", count=count) == expected.replace("~", NBSP)


@pytest.mark.parametrize("lang, chars, expected", [
    ("en", 9638, "9.6 kB"), ("de", 9638, "9,6 kB"), ("fr", 9638, "9,6 ko"),
    ("de", 1_234_567, "1.234,6 kB"),
])
def test_sizes_of_saved_games(lang, chars, expected):
    M.set_language(lang)
    assert _size(chars) == expected.replace(" ", NBSP)  # never broken between number and unit


@pytest.mark.parametrize("lang, expected", [
    ("en", "2024-01-15 12:00"), ("de", "15.01.2024, 12:00"), ("fr", "15/01/2024 12:00"),
])
def test_dates_in_each_language(lang, expected):
    M.set_language(lang)
    assert M.date_time(STAMP, local=False) == expected


@pytest.mark.cpython(reason="needs time.tzset")
@pytest.mark.skipif(not hasattr(time, "tzset"), reason="needs time.tzset")
def test_dates_in_the_local_time_zone(monkeypatch):
    monkeypatch.setenv("TZ", "Asia/Kolkata")  # UTC+05:30
    time.tzset()
    try:
        M.set_language("de")
        assert M.date_time(STAMP) == "15.01.2024, 17:30"
    finally:
        monkeypatch.undo()
        time.tzset()


def test_french_puts_a_narrow_no_break_space_before_double_punctuation():
    """French typography: a (narrow) no-break space before : ; ! ? — never an ordinary
    space, which could break the line before the mark, and never nothing."""
    wrong = []
    for key, text in M.catalogue("fr").items():
        for form in (text,) if isinstance(text, str) else text:
            for m in re.finditer(r"(.)([:;!?])(.?)", form):
                if m.group(2) == ":" and m.group(1) == "}" and m.group(3) == "{":
                    continue  # a time of day, {hour}:{minute}
                if m.group(1) not in (NNBSP, NBSP):
                    wrong.append((key, form))
    assert not wrong, wrong[:10]
    for lang in ("en", "de"):  # and no space there in English and German
        spaced = [key for key, text in M.catalogue(lang).items()
                  if isinstance(text, str) and re.search(r"[ \u202f\u00a0][:;!?]", text)]
        assert not spaced, (lang, spaced[:10])


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_screens_show_numbers_in_the_language_form(lang):
    """A whole game's screens: the final sheet and the scoring tables hold only numbers
    written by ``number`` (no English decimal point in German or French)."""
    M.set_language(lang)
    c = make_controller()  # (the page opens in the language spoken around it)
    setup_game(c, 2, names=["Ann", "Bob"], start="0")
    play_to_end(c, random.Random(7))
    text = c.render().text()
    assert not re.search(r"\d\.\d", text), re.findall(r".{20}\d\.\d.{20}", text)
    c.handle("home")
    start = c.render().text()
    assert re.search(r"\d,\d\u00a0k[Bo]", start), start
    assert not re.search(r"\d\.\d", re.sub(r"\d\d\.\d\d\.\d{4}", "", start))
