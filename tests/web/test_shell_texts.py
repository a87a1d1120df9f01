"""The page shell's own texts (assets/boot.js, shown before Python runs: to a browser that
cannot run the game, or when a file is missing from the offline copy) are the catalogue's
``shell.*`` in every language (a key in boot.js is the catalogue id without ``shell.``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from game.web import messages as M

BOOT_JS = Path(__file__).resolve().parents[2] / "assets" / "boot.js"
INDEX = BOOT_JS.parents[1] / "index.html"


def shell_texts() -> dict[str, dict[str, str]]:
    found = re.search(r"/\* shell-texts: \*/(.*?)/\* :shell-texts \*/",
                      BOOT_JS.read_text(encoding="utf-8"), re.S)
    assert found, "assets/boot.js has no shell-texts block"
    texts: dict[str, dict[str, str]] = json.loads(found.group(1))
    return texts


def test_boot_js_speaks_the_catalogues_languages_with_the_catalogues_words():
    texts = shell_texts()
    assert sorted(texts) == sorted(M.LANGUAGES)
    for lang, table in texts.items():
        catalogue = M.catalogue(lang)
        ids = {k for k in catalogue if k.startswith("shell.")}
        assert {"shell." + key for key in table} == ids, lang
        for key, text in table.items():
            assert text == catalogue["shell." + key], (lang, key)


def test_every_reason_boot_js_can_give_has_a_text():
    source = BOOT_JS.read_text(encoding="utf-8")
    body = re.search(r"function unsupported\(\) \{(.*?)\n  \}", source, re.S)
    assert body
    reasons = set(re.findall(r'return "(\w+)";', body.group(1)))
    assert reasons == {"wasm", "worker", "safari"}
    for table in shell_texts().values():
        assert {"unsupported." + r for r in reasons} <= set(table)


def test_the_shell_has_the_place_for_the_message():
    html = INDEX.read_text(encoding="utf-8")
    for ident in ("boot-unsupported", "boot-unsupported-reason", "boot-unsupported-saves",
                  "boot-offline", "boot-offline-reason", "boot-offline-saves", "boot-offline-retry"):
        assert f'id="{ident}"' in html


def test_the_offline_message_has_every_text_it_shows():
    """boot.js (the offline message) and sw.js (index.html itself missing) read these keys."""
    for table in shell_texts().values():
        assert {"offline.title", "offline.missing", "offline.retry", "unsupported.saves"} <= set(table)


def test_every_start_step_has_its_words_and_a_place():
    """The steps the interpreter module sets on <html data-boot-step> are the ones boot.js
    shows, each with its words (and the loading state's own) in every language."""
    source = BOOT_JS.read_text(encoding="utf-8")
    shown = re.search(r"var BOOT_STEPS = \[(.*?)\];", source)
    assert shown
    steps = re.findall(r'"(\w+)"', shown.group(1))
    template = (BOOT_JS.parents[1] / "scripts" / "boot.template.mjs").read_text(encoding="utf-8")
    assert sorted(set(re.findall(r'setStep\("(\w+)"\)', template))) == sorted(steps)
    for table in shell_texts().values():
        assert {"loading." + s for s in steps} | {"loading.title", "loading.slow"} <= set(table)
    html = INDEX.read_text(encoding="utf-8")
    for ident in ("boot-progress", "boot-progress-bar", "boot-progress-step", "boot-title", "boot-slow"):
        assert f'id="{ident}"' in html
