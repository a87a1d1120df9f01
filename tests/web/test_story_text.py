"""The wording of the digest and the game log, from engine logs (game/web/messages/telling.py)."""

from __future__ import annotations

import sys
from pathlib import Path

from game.story import Story
from game.web import messages as M
from game.web.messages.telling import lines, lost_towers

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_story import scripted


def texts(story, step, viewer=None):
    return [line.text for line in lines(story.all_entries[step], story.settings, viewer)]


def test_english_lines_of_a_scripted_game():
    M.set_language("en")
    settings, log = scripted()
    story = Story(settings, log)
    assert texts(story, 0) == ["The cards were shuffled and dealt"]
    assert texts(story, 1)[0].startswith("South chose ") and "(blue)" in texts(story, 1)[0]
    assert texts(story, 4) == [
        "South built a 1-floor piece in Sydney (height now 1)",
        "Sydney: South (blue) now holds the majority",
        "New tallest tower: South (blue) in Sydney, height 1",
    ]
    assert texts(story, 5, viewer=0) == [
        "West built a 2-floor piece in Sydney (height now 3)",
        "West (red) took over your tower (blue) in Sydney",
        "Sydney: West (red) now holds the majority",
        "New tallest tower: West (red) in Sydney, height 3",
    ]
    assert texts(story, 5, viewer=2)[1] == \
        "West (red) took over the tower of South (blue) in Sydney"
    assert texts(story, 6)[-1] == "The tallest height (3) is now shared: nobody scores for it"
    kinds = [line.kind for line in lines(story.all_entries[5], settings, 0)]
    assert kinds == ["placed", "lost", "majority", "tallest"]
    assert lost_towers(story.since_last_turn(0), settings, 0) == (4,)


def test_every_line_of_whole_games_is_a_catalogue_text_in_every_language():
    from engine_testkit import random_game

    from game import standard_settings
    for options in ({}, {"godzilla": "godzilla", "progressive": True},
                    {"godzilla": "baby", "secret_selection": True}):
        settings = standard_settings(3, **options)
        game = random_game(settings, f"words-{sorted(options)}")
        story = Story(settings, game.log)
        for lang in ("en", "de", "fr"):
            M.set_language(lang)
            for entry in story.entries():
                for line in lines(entry, settings, 0):
                    text = line.text
                    assert text and "{" not in text and line.key not in text, (lang, line)
    M.set_language("en")
