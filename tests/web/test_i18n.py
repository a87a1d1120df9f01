"""The message catalogues (locale/<lang>/LC_MESSAGES/manhattan.po) and their use.

Every message is translated in every language with the same placeholders, plural forms are
right, every refusal of the engine is explained, and the main screens rendered in German and
French show no English catalogue text. Runs on CPython and inside Pyodide (the Babel
cross-check only where Babel is installed).
"""

from __future__ import annotations

import functools
import random
import re
import string
from pathlib import Path

import msgfmt
import pytest
from play_kit import make_controller, play_to_end, setup_game

from game.web import messages as M

LANGS = ("en", "de", "fr")
REPO = Path(__file__).resolve().parents[2]
LOCALE = REPO / "locale"
PLURAL_FORMS = {"en": "nplurals=2; plural=(n != 1);", "de": "nplurals=2; plural=(n != 1);",
                "fr": "nplurals=2; plural=(n > 1);"}


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "manhattan.po"


@functools.cache
def entries(lang: str) -> dict[str, msgfmt.Entry]:
    """The catalogue's file parsed (once: the files do not change during a run)."""
    parsed = msgfmt.parse_po(po_path(lang).read_text(encoding="utf-8"), str(po_path(lang)))
    return {e.msgid: e for e in parsed if e.msgid}


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f is not None}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    M.set_language("en")


# ------------------------------------------------------------------------- catalogues
def test_every_catalogue_parses_with_its_plural_rule():
    for lang in LANGS:
        parsed = msgfmt.parse_po(po_path(lang).read_text(encoding="utf-8"), lang)
        head = msgfmt.header(parsed)
        assert head["Language"] == lang
        assert head["Plural-Forms"] == PLURAL_FORMS[lang]
        assert "charset=UTF-8" in head["Content-Type"]
    assert M.available_languages() == LANGS


@pytest.mark.cpython(reason="Babel is a build tool, not installed in Pyodide")
def test_babel_reads_every_catalogue_as_our_msgfmt_does():
    pofile = pytest.importorskip("babel.messages.pofile")
    for lang in LANGS:
        with po_path(lang).open("rb") as f:
            catalog = pofile.read_po(f, abort_invalid=True)
        assert catalog.plural_forms == PLURAL_FORMS[lang].split("; ", 1)[1].rstrip(";") \
            or catalog.num_plurals == 2
        assert catalog.num_plurals == 2
        ours = entries(lang)
        theirs = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalog if m.id}
        assert set(theirs) == set(ours)
        for key, message in theirs.items():
            entry = ours[key]
            if isinstance(message.id, tuple):
                assert message.id[1] == entry.msgid_plural
                assert list(message.string) == entry.forms
            else:
                assert message.string == entry.forms[0]
            assert not message.fuzzy
        assert list(catalog.check()) == []


def test_every_message_is_translated_in_every_language():
    english = entries("en")
    assert len(english) > 250
    for lang in ("de", "fr"):
        found = entries(lang)
        assert set(found) == set(english), lang
        for key, entry in found.items():
            assert entry.translated, (lang, key)
            assert (entry.msgid_plural is None) == (english[key].msgid_plural is None), key
    for lang in LANGS:
        assert M.catalogue(lang).keys() == english.keys(), lang


def test_placeholders_are_identical_across_languages_and_plural_forms():
    english = entries("en")
    for key, entry in english.items():
        want = fields(entry.forms[-1])
        for lang in LANGS:
            for form in entries(lang)[key].forms:
                assert fields(form) == want, (lang, key, form)
                form.format_map(dict.fromkeys(want, 1))  # a well-formed template


def test_plural_messages_name_their_counted_parameter():
    for lang in LANGS:
        plural = {k: e for k, e in entries(lang).items() if e.msgid_plural is not None}
        assert {k: e.msgid_plural for k, e in plural.items()} == \
            {k: f"{k}#{p}" for k, p in M.PLURALS.items()}, lang
        for key, entry in plural.items():
            assert len(entry.forms) == 2
            for form in entry.forms:
                assert "{" + M.PLURALS[key] + "}" in form, (lang, key)


@pytest.mark.parametrize("lang, expected", [
    ("en", ["0 pieces", "1 piece", "2 pieces", "5 pieces"]),
    ("de", ["0 Bauteile", "1 Bauteil", "2 Bauteile", "5 Bauteile"]),
    ("fr", ["0 élément", "1 élément", "2 éléments", "5 éléments"]),
])
def test_plural_forms_for_0_1_2_5(lang, expected):
    M.set_language(lang)
    assert [M.tn("count.pieces", n) for n in (0, 1, 2, 5)] == expected
    # A counted message chooses its form from its own parameter too, without tn.
    assert [M.t("count.pieces", n=n) for n in (0, 1, 2, 5)] == expected


def test_plural_forms_of_the_screens_messages():
    M.set_language("de")
    assert M.t("select.left", left=1) == "Noch 1 Bauteil zu wählen"
    assert M.t("select.left", left=3) == "Noch 3 Bauteile zu wählen"
    assert M.tn("count.points", 1) == "1 Punkt" and M.tn("count.points", 0) == "0 Punkte"
    M.set_language("fr")
    assert M.t("piece.name", floors=1) == "élément à 1 étage"
    assert M.t("piece.name", floors=3) == "élément à 3 étages"
    assert M.t("select.left", left=0) == "Encore 0 élément à choisir"
    assert M.tn("count.rounds", 6) == "6 manches"
    M.set_language("en")
    assert M.t("play.cards_in_hand", count=1) == "1 card"
    assert M.t("play.cards_in_hand", count=4) == "4 cards"
    assert M.t("play.stock", count="1") == "1 piece left in stock"
    assert "{need}" in M.t("select.help")  # no count: the general form, placeholder kept


def test_the_engines_rule_ids_are_all_explained_in_every_language():
    rules = set()
    for path in (REPO / "game").rglob("*.py"):
        rules |= set(re.findall(r'IllegalAction\(\s*"([a-z\-]+)"', path.read_text(encoding="utf-8")))
    assert {"floor-condition", "plot-mismatch", "bad-shuffle"} <= rules
    for lang in LANGS:
        found = entries(lang)
        missing = sorted(r for r in rules if "rule." + r not in found)
        assert not missing, (lang, missing)
    for rule in rules:
        assert M.explain(rule, {})[0] == "rule." + rule


# ---------------------------------------------------------------------- language API
def test_set_language_switches_at_once_and_falls_back_to_english():
    assert M.current_language() == "en" and M.city(5) == "Cairo"
    M.set_language("de")
    assert M.current_language() == "de" and M.city(5) == "Kairo"
    M.set_language("fr-CH")
    assert M.current_language() == "fr" and M.city(5) == "Le Caire"
    for unknown in ("xx", "", "klingon", "../../etc", None):
        M.set_language(unknown)  # type: ignore[arg-type]
        assert M.current_language() == "en" and M.city(5) == "Cairo"
    assert [M.language_name(c) for c in LANGS] == ["English", "Deutsch", "Français"]
    assert M.t("no.such.key") == "no.such.key"


def test_each_model_is_drawn_in_its_own_language_and_no_update_changes_the_language_around():
    """The language is the model's: choosing one is a message whose update changes the model
    (and keeps the choice), not the catalogue's language; two pages' models drawn one after
    the other each get their own words, and the language around them stays as it was."""
    english = make_controller()
    german = make_controller()
    german.handle("language", {"value": "de"})
    assert M.current_language() == "en"  # the update changed no language around it
    assert (english.page.language, german.page.language) == ("en", "de")
    assert german.store.prefs()["lang"] == "de"
    for _ in range(2):  # one after the other, and again: nothing carried over
        english_frame, german_frame = english.frame(), german.frame()
        assert (english_frame.language, german_frame.language) == ("en", "de")
        english_text, german_text = english.render().text(), german.render().text()
        assert "Play alone" in english_text and "Allein spielen" not in english_text
        assert "Allein spielen" in german_text and "Play alone" not in german_text
        assert M.current_language() == "en"
    german.handle("new-game")  # the setup form's default names are the model's language
    assert german.form.players[0].name == "Spieler 1"
    assert german.render().find(data_field="name", data_player=0).attrs["value"] == "Spieler 1"
    english.handle("new-game")
    assert english.form.players[0].name == "Player 1"
    assert M.current_language() == "en"


def test_french_joins_a_and_de_with_the_article_of_le_caire():
    M.set_language("fr")
    cairo, sydney = M.city(5), M.city(0)
    assert M.t("story.godzilla_moved", city=cairo) == "Godzilla est allé au Caire"
    assert M.t("story.godzilla_moved", city=sydney) == "Godzilla est allé à Sydney"
    assert "au Caire" in M.t("reason.wins_majority", city=cairo)
    assert M.parts("story.godzilla_moved", city=cairo) == ["Godzilla est allé au Caire"]
    # Every French message, every plural form, that puts a city after "à" or "de" reads
    # correctly with Cairo.
    for key, entry in entries("fr").items():
        params = {**dict.fromkeys(fields(entry.forms[-1]), 2), "city": cairo, "cities": cairo}
        counted = M.PLURALS.get(key, "n")
        texts = ([M.t(key, **{**params, counted: n}) for n in (1, 2)]
                 if entry.msgid_plural is not None else [M.t(key, **params)])
        for text in texts:
            assert "à Le " not in text and "de Le " not in text, (key, text)
    M.set_language("en")
    assert M.t("story.godzilla_moved", city="Le Havre") == "Godzilla moved to Le Havre"


@pytest.mark.parametrize("lang, cities, seats, colours", [
    ("de", ["Sydney", "Manhattan", "Frankfurt", "Hongkong", "São Paulo", "Kairo"],
     ["Süd", "West", "Nord", "Ost"], ["Blau", "Rot", "Gelb", "Lila"]),
    ("fr", ["Sydney", "Manhattan", "Francfort", "Hong Kong", "São Paulo", "Le Caire"],
     ["Sud", "Ouest", "Nord", "Est"], ["bleu", "rouge", "jaune", "mauve"]),
])
def test_names_per_language(lang, cities, seats, colours):
    M.set_language(lang)
    assert [M.city(i) for i in range(6)] == cities
    assert [M.seat(s) for s in ("south", "west", "north", "east")] == seats
    assert [M.colour(c) for c in ("blue", "red", "yellow", "purple")] == colours


def test_every_computer_level_has_a_name_in_every_language():
    from game.ai import OFFERED
    for lang in LANGS:
        M.set_language(lang)
        labels = [M.controller_label(c) for c in ["human", *(level.id for level in OFFERED)]]
        assert labels[1:] == [M.level_name(level) for level in OFFERED]
        assert len(set(labels)) == len(labels), labels
        assert not any("(" in label for label in labels), labels  # none is the generic label
    assert M.controller_label("heuristic") == "Ordinateur\u202f: prudent"


def test_every_computer_level_is_described_by_its_measured_strength_in_every_language():
    """The setup screen's words for a level are game.ai.strength's sentence in
    English, the one place where a description and its measured lines change together."""
    from game.ai import OFFERED
    from game.ai.strength import LEVELS
    for level in OFFERED:
        english = M.catalogue("en")[level.description_key]
        assert english == LEVELS[level.id].summary
        for lang in LANGS:
            M.set_language(lang)
            said = M.level_description(level.id)
            assert said == M.catalogue(lang)[level.description_key]
            # the same measured figures, in the same order
            assert re.findall(r"\d+", said) == re.findall(r"\d+", english), (lang, level.id)
    assert M.level_description("human") is None


def test_the_printed_rules_vocabulary_is_used():
    """German and French use the words of the printed rules (see docs/i18n.md)."""
    texts = {lang: " ".join(v if isinstance(v, str) else " ".join(v)
                            for v in M.catalogue(lang).values()) for lang in ("de", "fr")}
    for word in ("Baukarte", "Bauteil", "Stockwerk", "Mehrheit", "Höchster Turm",
                 "Startspieler", "Bauplatz", "Nachziehstapel", "Vorrat", "Wertung"):
        assert word in texts["de"], word
    for word in ("carte", "élément", "étage", "majorité", "tour la plus haute",
                 "premier joueur", "terrain", "pioche", "réserve", "manche",
                 "Calcul des points"):
        assert word in texts["fr"], word


# ------------------------------------------------------------ screens in de and fr
_ATTRS = ("title", "aria-label", "alt", "placeholder")


def _rendered_texts(tree) -> list[str]:
    out = []
    for el in tree.walk():
        out += [c for c in el.children if isinstance(c, str)]
        out += [str(el.attrs[a]) for a in _ATTRS if isinstance(el.attrs.get(a), str)]
        if el.tag == "input" and isinstance(el.attrs.get("value"), str):
            out.append(el.attrs["value"])  # a text field's content (an option's is an id)
    return out


def _english_phrases(lang: str) -> set[str]:
    """The literal pieces (between placeholders) of every English text whose translation
    differs, keeping those with a word of 4+ letters: what an untranslated text would show."""
    english, other = M.catalogue("en"), M.catalogue(lang)
    phrases = set()
    for key, value in english.items():
        if other.get(key) == value:
            continue
        ours = " ".join(other[key]) if isinstance(other[key], tuple) else other[key]
        for form in (value if isinstance(value, tuple) else (value,)):
            for literal, _, _, _ in string.Formatter().parse(form):
                literal = literal.strip(" .,:;·()!?")
                if re.search(r"[A-Za-z]{4,}", literal) and literal not in ours:
                    phrases.add(literal)
    return phrases


def _screens(lang: str) -> dict[str, object]:
    """One rendered tree of each main screen, built with ``lang`` set from the start."""
    M.set_language(lang)
    trees: dict[str, object] = {}
    c = make_controller()
    trees["start"] = c.render()
    c.handle("rules")
    trees["rules"] = c.render()
    c.handle("rules-close")
    c.handle("new-game")
    trees["setup"] = c.render()
    setup_game(c, 2, godzilla="baby", progressive=True, anti_trust=True)

    def collect(ctl, name):
        key = name if name != "play" else f"play-{ctl.session.state.phase}"
        trees.setdefault(key, ctl.render())

    play_to_end(c, random.Random(3), on_step=collect)
    trees.setdefault("final", c.render())
    c.handle("home")
    trees["start-with-save"] = c.render()
    return trees


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_main_screens_show_no_english_catalogue_text(lang):
    trees = _screens(lang)
    assert {"start", "setup", "pass", "play-select", "play-build", "scoring", "final",
            "rules", "start-with-save"} <= set(trees), sorted(trees)
    phrases = _english_phrases(lang)
    assert len(phrases) > 200
    # Whole words only: "Person" must not match "Personne", nor "Continue" "Continuer".
    pattern = re.compile(r"(?<!\w)(?:%s)(?!\w)" % "|".join(
        re.escape(p) for p in sorted(phrases, key=len, reverse=True)))
    leaks = {}
    for name, tree in trees.items():
        for text in _rendered_texts(tree):
            for match in pattern.finditer(text):
                leaks.setdefault(name, set()).add(match.group(0))
    assert not leaks, leaks


def test_our_decisions_are_marked_in_every_language():
    """The rules help marks a paragraph as "our decision" by containing
    "(<rules.decision>)"; the same paragraphs carry the mark in every language."""
    marked = {}
    for lang in LANGS:
        M.set_language(lang)
        mark = "(" + M.t("rules.decision") + ")"
        marked[lang] = {p for _, ps in M.RULES_HELP for p in ps if mark in M.t(p)}
    assert len(marked["en"]) >= 3
    assert marked["de"] == marked["en"] == marked["fr"]


def test_msgfmt_compiles_what_gettext_reads_and_refuses_what_it_cannot_read(tmp_path):
    import gettext
    import io
    po = '''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

#, python-brace-format
msgid "a"
msgstr "ligne 1\\n"
"« {x} »"

msgctxt "ctx"
msgid "b"
msgstr "avec contexte"

msgid "c"
msgid_plural "c#n"
msgstr[0] "{n} chose"
msgstr[1] "{n} choses"

#, fuzzy
msgid "d"
msgstr "pas sûr"

msgid "e"
msgstr ""
'''
    entries = msgfmt.parse_po(po, "t.po")
    found = gettext.GNUTranslations(io.BytesIO(msgfmt.mo_bytes(entries)))
    assert found.gettext("a") == "ligne 1\n« {x} »"
    assert found.pgettext("ctx", "b") == "avec contexte"
    assert [found.ngettext("c", "c#n", n) for n in (0, 1, 2)] == ["{n} chose"] * 2 + ["{n} choses"]
    assert found.gettext("d") == "d" and found.gettext("e") == "e"  # fuzzy, empty: left out
    for bad in ('msgid "x"\nmsgstr "y"\nmsgid "x"\nmsgstr "z"\n',   # twice
                'msgid "x"\nmsgstr "y\n',                          # unterminated
                'msgid "x"\nmsgstr[0] "y"\n',                      # msgstr[N] without plural
                'msgstr "y"\n',                                    # no msgid
                '#~ msgid "old"\n'):                               # obsolete
        with pytest.raises(msgfmt.PoError):
            msgfmt.parse_po(bad, "bad.po")


def test_load_all_parses_every_shipped_catalogue_once():
    """The boot snapshot is made after load_all(): every language is then ready at once."""
    M.reload_catalogues()
    M.load_all()
    assert all(M.loaded().get(code) is not None for code in M.LANGUAGES)
    kept = dict(M.loaded())
    M.load_all()
    assert all(M.loaded()[code] is kept[code] for code in M.LANGUAGES)
