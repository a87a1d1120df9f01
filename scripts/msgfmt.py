#!/usr/bin/env python3
"""Compile gettext catalogues, ``.po`` -> ``.mo``: a small msgfmt in the standard library only.

Why our own instead of Babel's ``pybabel compile`` or GNU msgfmt: ``scripts/build.py`` is
stdlib-only on purpose (Netlify runs ``python3 scripts/build.py`` without a virtualenv), and
the unit tests compile the catalogues on the fly from the source tree, also *inside Pyodide*,
where Babel is not installed. So one small compiler serves the build, the CPython tests and
the Pyodide tests. It reads the subset of the PO format our catalogues use (comments, flags,
``msgctxt``, ``msgid``, ``msgid_plural``, ``msgstr``, ``msgstr[N]``, continued strings, C
escapes) and fails loudly on anything else. Babel (pinned in requirements-dev.txt) checks it:
``tests/web/test_i18n.py`` compares what Babel reads from every ``.po`` with what this module
reads, so the two cannot drift apart unnoticed.

Like GNU msgfmt it leaves out untranslated (empty) and ``fuzzy`` entries, so the running game
falls back to English for them (the tests forbid both in our catalogues).

Usage:  python3 scripts/msgfmt.py [--force] [LOCALEDIR]   (default: locale/ of this repo)
"""

from __future__ import annotations

import argparse
import re
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALEDIR = ROOT / "locale"

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b",
            "f": "\f", "v": "\v"}
_STRING = re.compile(r'^"((?:[^"\\]|\\.)*)"\s*$')
_KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*)$')


class PoError(ValueError):
    """A .po file this compiler cannot read; the message names the file and line."""


@dataclass
class Entry:
    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    comments: list[str] = field(default_factory=list)   # "#." extracted comments
    line: int = 0

    @property
    def forms(self) -> list[str]:
        return [self.msgstr.get(i, "") for i in range(max(self.msgstr, default=-1) + 1)]

    @property
    def translated(self) -> bool:
        forms = self.forms
        return bool(forms) and all(forms) and "fuzzy" not in self.flags


def _unescape(text: str, where: str) -> str:
    def sub(match: re.Match) -> str:
        char = match.group(1)
        if char not in _ESCAPES:
            raise PoError(f"{where}: unknown escape \\{char}")
        return _ESCAPES[char]
    return re.sub(r"\\(.)", sub, text)


def parse_po(text: str, name: str = "<po>") -> list[Entry]:
    """The entries of a PO file, the header (msgid "") included, in file order."""
    entries: list[Entry] = []
    entry = Entry()
    target: tuple[str, int] | None = None   # which field continued strings extend
    pending_flags: set[str] = set()
    pending_comments: list[str] = []

    def finish() -> None:
        nonlocal entry
        if target is not None:
            entries.append(entry)
        entry = Entry()

    for number, raw in enumerate(text.splitlines(), 1):
        where = f"{name}:{number}"
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if target is not None and target[0].startswith("msgstr"):
                finish()
                target = None
            if line.startswith("#,"):
                pending_flags |= {f.strip() for f in line[2:].split(",") if f.strip()}
            elif line.startswith("#."):
                pending_comments.append(line[2:].strip())
            elif line.startswith("#~"):
                raise PoError(f"{where}: obsolete entries (#~) are not allowed: delete them")
            continue
        match = _KEYWORD.match(line)
        if match:
            keyword, index, rest = match.groups()
            string = _STRING.match(rest)
            if not string:
                raise PoError(f"{where}: malformed string")
            value = _unescape(string.group(1), where)
            if keyword in ("msgctxt", "msgid") and (target is None or target[0].startswith("msgstr")):
                if target is not None:
                    finish()
                    target = None
                entry.line = number
                entry.flags, entry.comments = pending_flags, pending_comments
                pending_flags, pending_comments = set(), []
            if keyword == "msgctxt":
                entry.msgctxt = value
                target = ("msgctxt", 0)
            elif keyword == "msgid":
                if target is not None and target[0] not in ("msgctxt",):
                    raise PoError(f"{where}: msgid without a msgstr before it")
                entry.msgid = value
                target = ("msgid", 0)
            elif keyword == "msgid_plural":
                if target != ("msgid", 0):
                    raise PoError(f"{where}: msgid_plural must follow msgid")
                entry.msgid_plural = value
                target = ("msgid_plural", 0)
            else:
                if target is None or target[0] == "msgctxt":
                    raise PoError(f"{where}: msgstr without msgid")
                i = int(index) if index is not None else 0
                if (index is None) != (entry.msgid_plural is None):
                    raise PoError(f"{where}: use msgstr[N] exactly when there is a msgid_plural")
                if i in entry.msgstr:
                    raise PoError(f"{where}: msgstr[{i}] given twice")
                entry.msgstr[i] = value
                target = ("msgstr", i)
            continue
        string = _STRING.match(line)
        if string and target is not None:
            value = _unescape(string.group(1), where)
            kind, i = target
            if kind == "msgctxt":
                entry.msgctxt = (entry.msgctxt or "") + value
            elif kind == "msgid":
                entry.msgid += value
            elif kind == "msgid_plural":
                entry.msgid_plural = (entry.msgid_plural or "") + value
            else:
                entry.msgstr[i] += value
            continue
        raise PoError(f"{where}: cannot read {raw!r}")
    if target is not None:
        if not target[0].startswith("msgstr"):
            raise PoError(f"{name}: the last entry has no msgstr")
        entries.append(entry)
    seen: set[tuple[str | None, str]] = set()
    for e in entries:
        key = (e.msgctxt, e.msgid)
        if key in seen:
            raise PoError(f"{name}:{e.line}: duplicate message {e.msgid!r}")
        seen.add(key)
    return entries


def header(entries: list[Entry]) -> dict[str, str]:
    """The header fields (Content-Type, Plural-Forms...) of parsed entries."""
    for e in entries:
        if e.msgid == "" and e.msgctxt is None:
            return {k.strip(): v.strip() for k, _, v in
                    (line.partition(":") for line in e.msgstr.get(0, "").splitlines() if ":" in line)}
    return {}


def mo_bytes(entries: list[Entry]) -> bytes:
    """A GNU .mo file (little-endian, no hash table) of the translated entries."""
    pairs: dict[bytes, bytes] = {}
    for e in entries:
        is_header = e.msgid == "" and e.msgctxt is None
        if not is_header and not e.translated:
            continue
        key = e.msgid if e.msgid_plural is None else e.msgid + "\0" + e.msgid_plural
        if e.msgctxt is not None:
            key = e.msgctxt + "\x04" + key
        pairs[key.encode("utf-8")] = "\0".join(e.forms).encode("utf-8")
    keys = sorted(pairs)
    ids = strs = b""
    offsets = []
    for k in keys:
        offsets.append((len(ids), len(k), len(strs), len(pairs[k])))
        ids += k + b"\0"
        strs += pairs[k] + b"\0"
    n = len(keys)
    start_ids = 7 * 4 + 16 * n
    start_strs = start_ids + len(ids)
    koffsets: list[int] = []
    voffsets: list[int] = []
    for o1, l1, o2, l2 in offsets:
        koffsets += [l1, o1 + start_ids]
        voffsets += [l2, o2 + start_strs]
    out = struct.pack("<Iiiiiii", 0x950412DE, 0, n, 7 * 4, 7 * 4 + n * 8, 0, 0)
    out += struct.pack("<%di" % len(koffsets), *koffsets)
    out += struct.pack("<%di" % len(voffsets), *voffsets)
    return out + ids + strs


def compile_file(po: Path, mo: Path) -> None:
    entries = parse_po(po.read_text(encoding="utf-8"), str(po))
    charset = header(entries).get("Content-Type", "")
    if "charset=UTF-8" not in charset.replace("utf-8", "UTF-8"):
        raise PoError(f"{po}: the header must declare Content-Type charset=UTF-8")
    mo.parent.mkdir(parents=True, exist_ok=True)
    data = mo_bytes(entries)
    tmp = mo.with_suffix(".mo.tmp")
    tmp.write_bytes(data)
    tmp.replace(mo)


def po_files(localedir: Path = LOCALEDIR) -> list[Path]:
    """Every ``<lang>/LC_MESSAGES/<domain>.po`` under ``localedir``, sorted."""
    return sorted(localedir.glob("*/LC_MESSAGES/*.po"))


def compile_tree(localedir: Path = LOCALEDIR, dest: Path | None = None,
                 force: bool = False) -> list[Path]:
    """Compile every catalogue of ``localedir`` into ``dest`` (default: beside the .po).

    Without ``force`` a .mo newer than its .po is kept. Returns the .mo paths (all of them,
    compiled now or not)."""
    out = []
    for po in po_files(localedir):
        rel = po.relative_to(localedir).with_suffix(".mo")
        mo = (dest if dest is not None else localedir) / rel
        if force or not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            compile_file(po, mo)
        out.append(mo)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("localedir", nargs="?", type=Path, default=LOCALEDIR)
    parser.add_argument("--force", action="store_true", help="recompile even if up to date")
    args = parser.parse_args(argv)
    try:
        for mo in compile_tree(args.localedir, force=args.force):
            print(mo)
    except PoError as exc:
        print(f"msgfmt: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
