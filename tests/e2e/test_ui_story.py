"""Following the game in the browser: the digest since your last turn, the game log, the
replay, the board's majorities and tallest tower, the tower inspector, the score story.

Positions are prepared in CPython (``prepared`` of test_ui_screens.py: a save put in
localStorage); what the page shows is compared with what the engine's story says
(``game.story.Story`` over the same save). Screenshots: screenshots/story-*.png.
"""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest
from e2e_helpers import VIEWPORTS, resize, screenshot, settle, wait_ready, wait_service_worker
from test_ui_screens import load_into, prepared
from ui_driver import FAST, FAST_LEAN, choose_build, reopen, screen, tap

from game.board import floors_needed, height
from game.material import MAX_PIECE
from game.story import Story, majorities, tallest_positions
from game.web.messages.telling import lines
from game.web.saves.sharing import LINK_KEY, export_text, link_fragment
from game.web.saves.storage import MemoryBackend, SaveStore

pytestmark = pytest.mark.e2e


def game_of(data: dict):
    store = SaveStore(MemoryBackend(dict(data)))
    ident = store.current()
    assert ident is not None
    return ident, store.load(ident)


def plot_heights(page) -> dict[tuple[int, int], int]:
    rows = page.evaluate("""() => Array.from(document.querySelectorAll(
        'svg.board [data-city][data-plot]')).map(el => [+el.dataset.city, +el.dataset.plot,
        +el.dataset.height])""")
    return {(c, p): h for c, p, h in rows}


def text_px(page, selector: str) -> float:
    """The smallest font size on screen (CSS px: the SVG font size times the drawing's
    scale) of the text elements matching ``selector``."""
    return page.evaluate("""(sel) => Math.min(...Array.from(document.querySelectorAll(sel))
        .map(el => parseFloat(el.getAttribute('font-size')) * el.getScreenCTM().a))""",
                         selector)


def test_digest_log_board_marks_and_legibility(page, site_url):
    data = prepared(lambda c: c.session.state.round == 2 and c.screen_name == "pass"
                    and c.session.state.phase == "build", seed=11)
    ident, game = game_of(data)
    story = Story(game.settings, game.log)
    player = game.state.current
    expected = [e.step for e in story.since_last_turn(player)
                if lines(e, game.settings, player) and e.events
                and type(e.events[0]).__name__ != "Dealt"]
    load_into(page, site_url, data)
    assert screen(page) == "pass"
    items = page.eval_on_selector_all("[data-digest] [data-digest-item]",
                                      "els => els.map(e => +e.dataset.digestItem)")
    assert items == expected and items
    screenshot(page, "story-pass-digest")
    tap(page, '[data-action="reveal"]')
    # the changed plots stay marked on the board until the player acts
    marked = page.eval_on_selector_all('[data-changed="true"]',
                                       "els => els.map(e => [+e.dataset.city, +e.dataset.plot])")
    want = {divmod(pos, 9) for e in story.since_last_turn(player) for pos in e.positions}
    assert {tuple(m) for m in marked} == want
    # majorities and the tallest tower, as the engine's scoring rule says
    board = game.state.board
    shown = page.eval_on_selector_all("[data-majority-city]",
                                      "els => els.map(e => e.dataset.majority)")
    assert tuple(shown) == majorities(board, game.settings.colours)
    tallest = page.eval_on_selector_all(
        "[data-tallest]",
        "els => els.map(e => [+e.dataset.city * 9 + +e.dataset.plot, e.dataset.tallest])")
    positions = tallest_positions(board)
    assert sorted(p for p, _ in tallest) == sorted(positions)
    assert {t for _, t in tallest} == {"true" if len(positions) == 1 else "tie"}
    # heights and floor counts: at least 12 CSS px on the tablets
    for size in ("tablet-landscape", "tablet-portrait"):
        resize(page, VIEWPORTS[size])
        settle(page)
        assert text_px(page, "svg.board .height-text") >= 12, size
        assert text_px(page, "svg.board .plot .floor-text") >= 12, size
    screenshot(page, "story-turn-digest")
    # the game log: one entry per public step of the save's log, tapping one shows its plot
    resize(page, VIEWPORTS["tablet-landscape"])
    tap(page, '[data-action="log"]')
    steps = page.eval_on_selector_all(".log-drawer [data-log-step]",
                                      "els => els.map(e => +e.dataset.logStep)")
    assert steps == [e.step for e in story.entries() if lines(e, game.settings)]
    screenshot(page, "story-log")
    build = next(e for e in reversed(story.entries()) if e.positions)
    tap(page, f'.log-drawer [data-log-step="{build.step}"]')
    focus = page.eval_on_selector_all('[data-focus="true"]',
                                      "els => els.map(e => +e.dataset.city * 9 + +e.dataset.plot)")
    assert sorted(focus) == sorted(build.positions)


def test_inspector_numbers_are_the_engines(page, site_url):
    data = prepared(lambda c: c.session.state.round == 3 and c.screen_name == "pass"
                    and c.session.state.phase == "build", seed=12)
    ident, game = game_of(data)
    load_into(page, site_url, data)
    tap(page, '[data-action="reveal"]')
    board = game.state.board
    pos = max(range(54), key=lambda i: (len(board[i]), height(board[i])))
    city, plot = divmod(pos, 9)
    tap(page, '[data-action="inspect-mode"]')
    tap(page, f'[data-action="plot"][data-city="{city}"][data-plot="{plot}"]')
    ins = page.locator(f'[data-inspector][data-city="{city}"][data-plot="{plot}"]')
    assert ins.count() == 1
    assert int(ins.get_attribute("data-height")) == height(board[pos])
    colours = game.settings.colours
    for c, name in enumerate(colours):
        threat = page.locator(f'[data-insp-threat="{name}"]')
        if c == board[pos][-1][0]:
            assert threat.count() == 0
            continue
        need = floors_needed(board[pos], c)
        assert threat.get_attribute("data-need") == ("safe" if need > MAX_PIECE
                                                     else str(max(need, 1)))
    pieces = page.eval_on_selector_all("[data-insp-piece]", "els => els.map(e => "
                                       "e.dataset.inspPiece)")
    assert pieces == [f"{colours[c]}:{f}" for c, f in board[pos]]
    assert ins.get_attribute("data-build") in ("yes", "no", "no-card")
    screenshot(page, "story-inspector")


def test_replay_shows_the_board_of_each_step(page, site_url):
    data = prepared(lambda c: c.session.state.round == 2 and c.screen_name == "pass", seed=13)
    ident, game = game_of(data)
    story = Story(game.settings, game.log)
    load_into(page, site_url, data, f"{FAST_LEAN}&replay={ident}")
    page.wait_for_selector("[data-replay-step]")
    last = len(game.log) - 1
    assert int(page.get_attribute("[data-replay-step]", "data-replay-step")) == last
    for k in (last, last - 3, 0, 7):
        tap(page, f'[data-action="replay-step"][data-step="{k}"]') if k in (0, last) else \
            page.evaluate("(k) => { const s = document.querySelector('.replay-slider');"
                          " s.value = k; s.dispatchEvent(new Event('change', {bubbles: true})); }",
                          k)
        page.wait_for_selector(f'[data-replay-step="{k}"]')
        board = story.states[k + 1].board
        assert plot_heights(page) == {divmod(i, 9): height(t) for i, t in enumerate(board)}
        current = page.eval_on_selector_all(".log-entry.current",
                                            "els => els.map(e => +e.dataset.logStep)")
        assert current in ([k], [])  # (a step without words, e.g. a hidden one, has no entry)
    screenshot(page, "story-replay")
    tap(page, '[data-action="replay-close"]')
    assert page.locator("[data-replay-step]").count() == 0


def test_final_score_story_and_phone_width(page, site_url):
    data = prepared(lambda c: False, count=3, seed=14)
    ident, game = game_of(data)
    load_into(page, site_url, data)
    assert screen(page) == "final"
    settings = game.settings
    for p in range(settings.player_count):
        values = page.get_attribute(f'[data-chart-player="{p}"]', "data-values")
        running, total = [0], 0
        for sc in game.state.scorings:
            total += sum(sc.colours[c].total for c in settings.player_colours[p])
            running.append(total)
        assert values == ",".join(map(str, running))
    takeovers = Story(settings, game.log).takeovers()
    for name in settings.colours:
        cell = page.get_attribute(f'[data-fact-colour="{name}"] [data-fact-takeovers]',
                                  "data-fact-takeovers")
        assert int(cell) == takeovers.get(name, 0)
    screenshot(page, "story-final")
    resize(page, VIEWPORTS["phone"])
    settle(page)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 391
    data = prepared(lambda c: c.screen_name == "scoring" and c.session.acked == 1, seed=14)
    load_into(page, site_url, data)
    assert screen(page) == "scoring"
    assert page.locator("[data-rounds-row]").count() == 2
    resize(page, VIEWPORTS["phone"])
    settle(page)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 391
    screenshot(page, "story-scoring")



def stored_games(page) -> dict[str, str]:
    return page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter(k => k.startsWith('manhattan:save:')).map(k => [k, localStorage.getItem(k)]))""")


def test_export_import_link_and_hostile_files(page, site_url, tmp_path):
    data = prepared(lambda c: False, count=3, seed=15)
    ident, game = game_of(data)
    load_into(page, site_url, data)
    assert screen(page) == "final"
    with page.expect_download() as info:
        tap(page, '[data-action="export"]')
    download = info.value
    assert download.suggested_filename.startswith("manhattan-")
    assert download.suggested_filename.endswith(".json")
    path = tmp_path / download.suggested_filename
    download.save_as(str(path))
    # the link of the finished game
    tap(page, '[data-action="share"]')
    link = page.get_attribute("[data-share-url]", "value")
    assert "#game=" in link
    screenshot(page, "story-share", sizes=("phone",))
    # import the file here: the game is kept already, so that copy's replay opens
    tap(page, '[data-action="home"]')
    before = stored_games(page)
    page.set_input_files("[data-import]", str(path))
    page.wait_for_selector("[data-replay-step]")
    assert set(stored_games(page)) == set(before)
    # import it where it is not kept: a new game, the same log, its replay opens
    page.evaluate("localStorage.clear()")
    reopen(page, site_url)
    page.set_input_files("[data-import]", str(path))
    page.wait_for_selector("[data-replay-step]")
    after = stored_games(page)
    assert len(after) == 1
    new = json.loads(next(iter(after.values())))
    assert new["log"] == json.loads(before[f"manhattan:save:{ident}"])["log"]
    # a hostile file: a message, nothing changed
    tap(page, '[data-action="replay-close"]')
    tap(page, '[data-action="home"]')
    bad = tmp_path / "bad.json"
    bad.write_text("[" * 50000)
    stored = stored_games(page)
    page.set_input_files("[data-import]", str(bad))
    page.wait_for_selector('[data-message-id="share.import_failed"]')
    assert stored_games(page) == stored
    # the link opens the replay (a fresh profile: nothing stored)
    page.evaluate("localStorage.clear()")
    page.goto(link)
    page.wait_for_selector("[data-replay-step]")
    assert "#" not in page.url
    assert len(stored_games(page)) == 1
    # a damaged link: a message, nothing stored
    page.evaluate("localStorage.clear()")
    page.goto(site_url + "manifest.webmanifest")  # (a new document, not a hash change)
    page.goto(link[: link.index("#game=") + 12] + "%%%")
    page.wait_for_selector('[data-message-id="share.import_failed"]')
    assert stored_games(page) == {}


def test_godzilla_in_view_and_the_opened_city_on_a_phone(page, site_url):
    data = prepared(lambda c: c.session.state.round == 2 and c.screen_name == "pass"
                    and c.session.state.phase == "build" and c.session.state.current == 0,
                    seed=16, godzilla="baby")
    ident, game = game_of(data)
    story = Story(game.settings, game.log)
    load_into(page, site_url, data)
    kinds = page.eval_on_selector_all("[data-digest] .story-line",
                                      "els => els.map(e => e.dataset.lineKind)")
    assert "godzilla" in kinds  # every build moved it (or it ate), and the digest says so
    tap(page, '[data-action="reveal"]')
    g = game.state.godzilla
    assert page.locator(f'[data-city="{g // 9}"][data-plot="{g % 9}"]'
                        '[data-godzilla-here="true"]').count() == 1
    page.locator('[data-action="card"]').first.click()
    target = page.get_attribute("[data-godzilla-preview]", "data-godzilla-preview")
    assert page.locator('[data-godzilla-next="true"]').count() == 1
    assert int(target) in range(54)
    screenshot(page, "story-godzilla")
    # a phone: the whole board is an overview; in the opened city the labels are >= 12 px
    resize(page, VIEWPORTS["phone"])
    settle(page)
    city = next(pos // 9 for pos, t in enumerate(game.state.board) if t)
    zoom = page.locator(f'[data-action="zoom"][data-zoom="{city}"]')
    if zoom.count():
        tap(page, f'[data-action="zoom"][data-zoom="{city}"]')
        page.wait_for_selector('svg.board[data-board-view="city"]')
    assert text_px(page, "svg.board .height-text") >= 12
    assert text_px(page, "svg.board .plot .floor-text") >= 12
    assert len(story) == len(game.log)


ANIMATION_JS = """(sel) => { const el = document.querySelector(sel);
    if (!el) return null; const cs = getComputedStyle(el);
    return [cs.animationName, cs.animationDuration]; }"""


def last_outlines(page) -> dict[int, tuple[int, int]]:
    """Each player's outlined last move: player -> (city, plot)."""
    rows = page.eval_on_selector_all(
        "svg.board [data-last-of]",
        "els => els.map(e => [e.dataset.lastOf, +e.dataset.city, +e.dataset.plot])")
    return {int(p): (c, q) for players, c, q in rows for p in players.split()}


def test_moves_animate_and_each_players_last_move_stays_outlined(page, site_url):
    """Point 8: a placed piece drops in (no motion under prefers-reduced-motion); a piece
    Godzilla destroys flashes; each player's last build stays outlined until their next
    turn."""
    rng = random.Random(21)
    data = prepared(lambda c: c.session.state.round == 2 and c.screen_name == "pass"
                    and c.session.state.phase == "build" and c.session.state.current == 0,
                    seed=21)
    ident, game = game_of(data)
    before = Story(game.settings, game.log).last_builds()
    assert 0 not in before and before  # South on turn: their outline is gone, others' stay
    load_into(page, site_url, data)
    tap(page, '[data-action="reveal"]')
    assert last_outlines(page) == {p: divmod(pos, 9) for p, pos in before.items()}
    built = {}
    for player in range(4):  # South, West, North, East build in turn; then South again
        assert int(page.get_attribute(".play", "data-turn")) == player
        if player == 1:
            # the device's wish sets the default of the animation setting,
            # at start and live: ask, then open the page again (the wish read at start)
            page.emulate_media(reduced_motion="reduce")
            reopen(page, site_url)
            tap(page, '[data-action="reveal"]')
        spot = choose_build(page, rng)
        assert spot is not None, "a return, not a build: pick another seed"
        built[player] = spot
        page.wait_for_selector('#app[data-screen="pass"]')
        tap(page, '[data-action="reveal"]')
        city, plot = spot
        top = f'svg.board [data-city="{city}"][data-plot="{plot}"] .top-piece'
        if player == 0:
            # the new piece carries the drop-in animation
            assert page.evaluate(ANIMATION_JS, top) == ["rise", "0.5s"]
        else:
            assert page.evaluate(ANIMATION_JS, top)[0] == "none"
        outlines = last_outlines(page)
        assert outlines[player] == spot  # outlined now...
        nxt = (player + 1) % 4
        assert nxt not in outlines  # ...and the next player's turn has come: theirs is gone
        assert {p: outlines[p] for p in built if p != nxt} == \
            {p: s for p, s in built.items() if p != nxt}
    page.emulate_media(reduced_motion="no-preference")

    # A piece Godzilla destroys: a brief burst where it stood (none when motion is reduced).
    def destroyed_now(c) -> bool:
        entries = c.session.story().entries()
        return (c.screen_name == "pass" and bool(entries)
                and any(type(e).__name__ == "Destroyed" for e in entries[-1].events))
    data = prepared(destroyed_now, seed=22, godzilla="godzilla")
    ident, game = game_of(data)
    entry = Story(game.settings, game.log).entries()[-1]
    gone = [e.pos for e in entry.events if type(e).__name__ == "Destroyed"]
    assert gone
    load_into(page, site_url, data)
    tap(page, '[data-action="reveal"]')
    city, plot = divmod(gone[0], 9)
    flash = f'svg.board [data-city="{city}"][data-plot="{plot}"][data-destroyed="true"] ' \
            '.destroyed-flash'
    assert page.evaluate(ANIMATION_JS, flash) == ["burst", "0.9s"]
    page.emulate_media(reduced_motion="reduce")  # (followed live, and read at start: reopened)
    reopen(page, site_url)
    tap(page, '[data-action="reveal"]')
    assert page.evaluate(ANIMATION_JS, flash)[0] == "none"
    page.emulate_media(reduced_motion="no-preference")


def test_a_shared_link_opens_its_replay_offline(page, context, site_url, browser_guard):
    """Point 9: once the site is cached by its service worker, a finished game's link opens
    its replay with the network off; a link holding the whole of an unfinished game is
    refused (its hidden information never goes into a link: the page offers its view)."""
    data = prepared(lambda c: False, count=3, seed=17)
    ident, game = game_of(data)
    assert game.state.is_over
    link = site_url + "#" + link_fragment(game)
    page.goto(site_url + FAST)
    wait_ready(page)
    wait_service_worker(page)
    page.evaluate("localStorage.clear()")
    context.set_offline(True)
    page.goto("about:blank")
    response = page.goto(link)
    assert response is not None and response.from_service_worker
    page.wait_for_selector("[data-replay-step]")
    assert page.evaluate("navigator.onLine") is False
    last = len(game.log) - 1
    assert int(page.get_attribute("[data-replay-step]", "data-replay-step")) == last
    assert plot_heights(page) == {divmod(i, 9): height(t) for i, t in enumerate(game.state.board)}
    stored = stored_games(page)
    assert len(stored) == 1
    assert json.loads(next(iter(stored.values())))["log"] == json.loads(
        export_text(game))["log"]
    screenshot(page, "story-link-offline", sizes=("phone",))
    assert not browser_guard.external
    # an unfinished game: no "share" on its screens, and a link made by hand is refused
    context.set_offline(False)
    data = prepared(lambda c: c.session.state.round == 2 and c.screen_name == "pass", seed=17)
    ident, game = game_of(data)
    load_into(page, site_url, data)
    tap(page, '[data-action="reveal"]')
    tap(page, '[data-action="log"]')
    assert page.locator('[data-action="export"]:not([data-menu-export])').count() == 1
    assert page.locator('[data-action="share"]').count() == 1  # its view (tests/web/test_view_export.py)
    # the log's link is shown during the game (with Copy), and holds the view: no seed, no shuffle
    tap(page, '[data-action="share"]')
    page.wait_for_selector("[data-log-open] [data-share-link] [data-action='share-copy']")
    url = page.get_attribute("[data-share-url]", "value")
    packed = url.split("#", 1)[1][len(LINK_KEY):]
    view = zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))).decode()
    assert game.seed not in view and "shuffle" not in view and json.loads(view)["log"]
    screenshot(page, "story-log-share-unfinished", sizes=("phone", "tablet-landscape"))
    packed = base64.urlsafe_b64encode(zlib.compress(export_text(game).encode())).decode()
    page.evaluate("localStorage.clear()")
    page.goto("about:blank")
    page.goto(site_url + "#" + LINK_KEY + packed)
    page.wait_for_selector('#load-error[data-message-id="share.import_failed"]')
    assert stored_games(page) == {}
    assert screen(page) == "start"


def test_a_link_pasted_into_the_open_tab_opens_its_replay(page, site_url):
    """A share link pasted into the tab where the game is open changes only the
    address's ``#`` part (no new page load); the page listens to ``hashchange`` and opens
    it as a link at start: the finished game's replay, stored once, the link taken out of
    the address. A damaged link pasted the same way gets the import message."""
    finished = prepared(lambda c: False, count=3, seed=17)
    _, game = game_of(finished)
    assert game.state.is_over
    playing = prepared(lambda c: c.session.state.round == 2 and c.screen_name == "pass",
                       seed=17)
    load_into(page, site_url, playing)
    assert screen(page) == "pass"
    page.evaluate("window.__sameDocument = true")  # gone if the page were loaded again
    page.evaluate("(f) => { location.hash = f; }", link_fragment(game))
    page.wait_for_selector("[data-replay-step]")
    assert page.evaluate("window.__sameDocument") is True
    assert int(page.get_attribute("[data-replay-step]", "data-replay-step")) == len(game.log) - 1
    assert plot_heights(page) == {divmod(i, 9): height(t) for i, t in enumerate(game.state.board)}
    assert page.evaluate("location.hash") == ""  # a reload does not import it again
    stored = stored_games(page)
    assert len(stored) == 2  # the game in progress is kept, the shared one added
    assert json.loads(export_text(game))["log"] in [json.loads(t)["log"] for t in stored.values()]
    page.evaluate("(f) => { location.hash = f; }", LINK_KEY + "%%%")
    page.wait_for_selector('#load-error[data-message-id="share.import_failed"]')
    assert page.evaluate("window.__sameDocument") is True
    assert len(stored_games(page)) == 2


TOUCH_PRESS_JS = """([sel, kind]) => { const el = document.querySelector(sel);
    const r = el.getBoundingClientRect();
    const at = {bubbles: true, cancelable: true, pointerType: 'touch', isPrimary: true,
                clientX: r.x + r.width / 2, clientY: r.y + r.height / 2};
    el.dispatchEvent(new PointerEvent(kind, at));
    if (kind === 'pointerup') el.dispatchEvent(new MouseEvent('click', at)); }"""


def test_a_long_press_on_a_plot_opens_its_inspector(page, site_url):
    data = prepared(lambda c: c.session.state.round == 3 and c.screen_name == "pass"
                    and c.session.state.phase == "build" and c.session.state.current == 0,
                    seed=12)
    ident, game = game_of(data)
    load_into(page, site_url, data)
    tap(page, '[data-action="reveal"]')
    for i in range(page.locator('[data-action="card"]').count()):
        page.locator('[data-action="card"]').nth(i).click()
        page.locator('[data-action="piece"]').first.click()
        if page.locator('[data-legal="true"]').count():
            break
    legal = page.locator('[data-legal="true"]').first
    city, plot = legal.get_attribute("data-city"), legal.get_attribute("data-plot")
    # a mouse held down on a highlighted plot: the inspector, no piece placed
    box = legal.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_selector(f'[data-inspector][data-city="{city}"][data-plot="{plot}"]')
    page.mouse.up()
    assert page.locator('[data-pending="true"]').count() == 0
    height_now = int(page.get_attribute("[data-inspector]", "data-height"))
    assert height_now == height(game.state.board[int(city) * 9 + int(plot)])
    # a short tap still places the piece
    tap(page, '[data-action="inspect-close"]')
    page.locator(f'[data-legal="true"][data-city="{city}"][data-plot="{plot}"]').click()
    page.wait_for_selector(f'[data-pending="true"][data-city="{city}"][data-plot="{plot}"]')
    # a phone: a finger held on a plot of the overview inspects it; the city does not open
    resize(page, VIEWPORTS["phone"])
    page.wait_for_selector('.play[data-board-compact="true"]')
    pos = max(range(54), key=lambda i: height(game.state.board[i]))
    sel = f'svg.board [data-city="{pos // 9}"][data-plot="{pos % 9}"]'
    page.evaluate(TOUCH_PRESS_JS, [sel, "pointerdown"])
    page.wait_for_selector(f'[data-inspector][data-city="{pos // 9}"][data-plot="{pos % 9}"]')
    page.evaluate(TOUCH_PRESS_JS, [sel, "pointerup"])
    settle(page)
    assert page.get_attribute("svg.board", "data-board-view") == "full"
    assert int(page.get_attribute("[data-inspector]", "data-height")) == \
        height(game.state.board[pos])
    screenshot(page, "story-long-press", sizes=("phone",))


def test_an_unfinished_game_leaves_as_its_view_or_whole_after_a_warning(page, site_url,
                                                                        tmp_path):
    """In the browser: the log's "Save as file" downloads the view (no seed, no
    shuffle); the menu's "Continue on another device" warns first and then downloads the
    whole game; the view opens as a replay that shows no hand and is left, not continued."""
    data = prepared(lambda c: c.session.state.round == 2 and c.screen_name == "pass", seed=17)
    ident, game = game_of(data)
    load_into(page, site_url, data)
    tap(page, '[data-action="reveal"]')
    tap(page, '[data-action="log"]')
    with page.expect_download() as info:
        tap(page, '[data-action="export"]:not([data-menu-export])')
    view = info.value
    assert view.suggested_filename.endswith("-view.json")
    view_path = tmp_path / view.suggested_filename
    view.save_as(str(view_path))
    text = view_path.read_text(encoding="utf-8")
    assert game.seed not in text and "shuffle" not in text
    tap(page, '[data-action="log"]')
    tap(page, '[data-action="menu"]')
    tap(page, '[data-action="export-whole"]')
    page.wait_for_selector('[data-whole-export] [data-confirm="true"]')
    for size, viewport in VIEWPORTS.items():  # in view at once, at every size
        screenshot(page, "story-whole-export-warning", sizes=(size,))
        box = page.locator("[data-whole-export]").bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], (size, box)
    with page.expect_download() as info:
        tap(page, '[data-whole-export] [data-confirm="true"]')
    whole = info.value
    assert whole.suggested_filename.endswith("-all-hands.json")
    whole_path = tmp_path / whole.suggested_filename
    whole.save_as(str(whole_path))
    assert json.loads(whole_path.read_text(encoding="utf-8"))["seed"] == game.seed
    assert page.locator("[data-whole-export]").count() == 0
    # the view, opened where nothing is kept: its replay, no hand, then Leave
    page.evaluate("localStorage.clear()")
    reopen(page, site_url)
    page.set_input_files("[data-import]", str(view_path))
    page.wait_for_selector("[data-view-only]")
    assert page.locator("[data-replay-hands], [data-replay-hand]").count() == 0
    screenshot(page, "story-view-replay", sizes=("phone",))
    tap(page, '[data-action="replay-close"]')
    page.wait_for_selector('[data-screen="start"]')
