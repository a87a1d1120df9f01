"""The memory snapshot (scripts/boot.template.mjs): made after the first boot, restored on
the next ones, fresh randomness after a restore, and every bad snapshot falls back to a
normal boot (missing, corrupted, made by another runtime build)."""

from __future__ import annotations

import json

import pytest
from e2e_helpers import wait_ready
from ui_driver import FAST, new_game, screen, tap

pytestmark = [pytest.mark.e2e, pytest.mark.first_visit]  # first visits (tests/e2e/conftest.py)

CACHE = "manhattan-boot-snapshot"


def snapshot_state(page) -> str | None:
    return page.get_attribute("html", "data-boot-snapshot")


def boot(page, url: str) -> str:
    page.goto(url)
    wait_ready(page)
    return snapshot_state(page)


def wait_stored(page) -> None:
    page.wait_for_function(
        "document.documentElement.hasAttribute('data-boot-snapshot-stored')", timeout=120_000, polling=200
    )
    assert page.get_attribute("html", "data-boot-snapshot-stored") == "stored"


MB = 1024 * 1024


def array_buffers_after_a_collection(page) -> float:
    """Bytes of the page's array buffers once its heap is collected (DevTools protocol). A
    restored interpreter copies its snapshot (about 30 MB unpacked) into its own memory; a
    page still holding the copy, as Pyodide does with the options it started with, shows
    35 MB here instead of 6 (docs/performance.md, "Where a game's memory goes")."""
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("HeapProfiler.collectGarbage")
        return float(cdp.send("Runtime.getHeapUsage")["backingStorageSize"])
    finally:
        cdp.detach()


def stored_snapshot_keys(page) -> list:
    return page.evaluate(
        "async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)", CACHE
    )


TAMPER = """
async ([name, mode]) => {
  const cache = await caches.open(name);
  const [request] = await cache.keys();
  const response = await cache.match(request);
  let bytes = new Uint8Array(await response.arrayBuffer());
  let sha = response.headers.get("x-sha256");
  // The stored form is the boot module's sparse page format: edit the memory itself.
  const bootUrl = document.querySelector('script[type="module"][src*="/boot-"]').src;
  const { packSnapshot, unpackSnapshot } = await import(bootUrl);
  const rehash = async (data) => Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", data)),
                                            (b) => b.toString(16).padStart(2, "0")).join("");
  if (mode === "corrupt") {
    bytes[bytes.length >> 1] ^= 0xff;            // the stored hash no longer matches
  } else if (mode === "foreign") {
    const memory = unpackSnapshot(bytes);
    for (let i = 16; i < 48; i++) memory[i] ^= 0x5a;  // another runtime build's id
    bytes = packSnapshot(memory);
    sha = await rehash(bytes);
  } else if (mode === "garbage") {
    const memory = unpackSnapshot(bytes);
    const junk = new Uint8Array(memory.length);  // right header, memory of nothing
    junk.set(memory.subarray(0, 64 * 1024));
    for (let i = 64 * 1024; i < junk.length; i += 4096) junk[i] = 0xa5;
    bytes = packSnapshot(junk);
    sha = await rehash(bytes);
  } else if (mode === "truncated") {
    bytes = bytes.subarray(0, bytes.length - 4096);
    sha = await rehash(bytes);
  }
  await cache.put(request, new Response(bytes, { headers: { "x-sha256": sha } }));
}
"""


@pytest.fixture
def primed(page, site_url):
    """A page whose first visit made and stored the snapshot."""
    assert boot(page, site_url + FAST) == "made"
    wait_stored(page)
    assert len(stored_snapshot_keys(page)) == 1
    return page


def current_save(page) -> dict:
    text = page.evaluate(
        "() => localStorage.getItem('manhattan:save:' + localStorage.getItem('manhattan:current'))"
    )
    return json.loads(text)


def test_every_reopen_restores_the_snapshot_and_plays(primed, site_url):
    """Not only the second visit; a snapshot that vanished after a while (WebKit lost Cache
    Storage entries of a terminated writer) would show here."""
    page = primed
    for _ in range(3):
        assert boot(page, site_url + FAST) == "restored"
        assert len(stored_snapshot_keys(page)) == 1
    assert array_buffers_after_a_collection(page) < 15 * MB
    new_game(page, 2)
    assert page.get_attribute("#app", "data-screen") in ("pass", "play")


def test_a_cold_boot_runs_one_worker_at_a_time(page, site_url):
    """At most two interpreters alive (an iPad's tab allows little memory): the page's and
    one worker's. The snapshot maker ends before the thinking worker starts, and that
    starts only when a game wants it (the start screen wants none)."""
    events = []

    def started(worker):
        events.append("start")
        worker.on("close", lambda _: events.append("end"))

    page.on("worker", started)
    assert boot(page, site_url + FAST) == "made"
    wait_stored(page)
    page.wait_for_function("document.documentElement.dataset.aiWorker === 'resting'", timeout=120_000)
    assert events == ["start", "end"], events
    new_game(page, 2, controllers=["human", "greedy"])
    page.wait_for_function("document.documentElement.dataset.aiWorker === 'ready'", timeout=120_000)
    assert events == ["start", "end", "start"], events
    assert len(page.workers) == 1
    assert boot(page, site_url + FAST) == "restored"  # the game again, behind its pass screen
    page.wait_for_function("document.documentElement.dataset.aiWorker === 'ready'", timeout=120_000)
    assert len(page.workers) == 1


def test_without_the_thinking_worker_a_snapshot_is_still_made(page, site_url):
    assert boot(page, site_url + "?fast=1&aiworker=off") == "made"
    wait_stored(page)
    assert boot(page, site_url + "?fast=1&aiworker=off") == "restored"


def test_restored_interpreters_draw_fresh_randomness_and_seeded_games_replay(primed, site_url):
    """New games take their seed's random part from `random`: after two restores of the
    same snapshot they must differ (the boot reseeds); a saved (seeded) game reopened
    after a restore is the same game."""
    page = primed
    seeds = []
    for _ in range(2):
        assert boot(page, site_url + FAST) == "restored"
        if page.get_attribute("#app", "data-screen") != "start":
            tap(page, '[data-action="home"]')
            page.wait_for_selector('#app[data-screen="start"]')
        new_game(page, 2)
        seeds.append(current_save(page)["seed"])
    assert seeds[0].split("-")[-1] != seeds[1].split("-")[-1], seeds
    before = current_save(page)
    screen = page.get_attribute("#app", "data-screen")
    assert boot(page, site_url + FAST) == "restored"
    assert page.get_attribute("#app", "data-screen") == screen
    after = current_save(page)
    assert after["seed"] == before["seed"] and after.get("log") == before.get("log")


def test_a_snapshot_evicted_behind_the_boots_back_gives_a_normal_boot(primed, site_url):
    """The localStorage hint says there is one, the cache entry is gone (the browser
    evicted it): the interpreter started for the restore fails quietly and a normal boot
    follows, which makes a new snapshot."""
    page = primed
    page.evaluate("async (name) => caches.delete(name)", CACHE)
    assert boot(page, site_url + FAST) == "made"
    new_game(page, 2)
    wait_stored(page)
    assert boot(page, site_url + FAST) == "restored"


def test_a_bad_snapshot_falls_back_to_a_normal_boot(primed, site_url):
    """Each kind of damage in turn, in one browser: each start after a damage boots without
    the bad copy and stores a good one, which the next start restores (so the next kind of
    damage finds the state every kind needs: a stored snapshot)."""
    page = primed
    for mode in ("corrupt", "foreign", "garbage", "truncated"):
        page.evaluate(TAMPER, [CACHE, mode])
        state = boot(page, site_url + FAST)
        # A corrupted copy fails its hash and is dropped, its interpreter never used
        # ("made": booted normally, a new one is being made); a foreign, broken or
        # truncated one (hash right) fails while unpacking or restoring.
        assert state == ("made" if mode == "corrupt" else "fallback"), mode
        if screen(page) != "start":  # the last kind's game reopened
            tap(page, '[data-action="home"]')
        new_game(page, 2)
        assert page.get_attribute("#app", "data-screen") in ("pass", "play"), mode
        wait_stored(page)  # a good snapshot replaces the bad one
        assert boot(page, site_url + FAST) == "restored", mode
        assert len(stored_snapshot_keys(page)) == 1, mode


def test_without_snapshots_the_game_boots_normally(page, site_url):
    assert boot(page, site_url + "?fast=1&snapshot=0") == "none"
    assert stored_snapshot_keys(page) == []


SPARSE_COPY = """
async () => {
  const bootUrl = document.querySelector('script[type="module"][src*="/boot-"]').src;
  const { copyImageSparsely } = await import(bootUrl);
  const PAGE = 4096;
  const size = 6 * PAGE + 13;  // a tail of whole words and bytes
  // The image sits 16 bytes into its buffer, as Pyodide's restore sees it after the header.
  const source = new Uint8Array(16 + size).subarray(16);
  source.fill(7, 0, PAGE);                  // page 0: all written
  source[3 * PAGE + 100] = 9;               // page 3: one byte
  source.fill(5, 6 * PAGE);                 // the tail
  const outcomes = [];
  for (const offset of [0, 4, PAGE, 1]) {   // 1: not word-aligned, the plain copy
    const fresh = () => {
      const target = new Int8Array(8 * PAGE);
      target.fill(3, offset + PAGE, offset + PAGE + 10);          // stale bytes under a zero page
      target.fill(4, offset + 5 * PAGE - 2, offset + 5 * PAGE + 2); // across a page edge
      target.fill(6, offset + size + 1);                          // past the image: kept
      return target;
    };
    const expected = fresh();
    Object.getPrototypeOf(Int8Array.prototype).set.call(expected, source, offset);
    const target = fresh();
    copyImageSparsely(target, source, offset);
    outcomes.push(target.every((value, i) => value === expected[i]));
  }
  return outcomes;
}
"""


def test_the_sparse_copy_of_a_restore_writes_what_a_plain_copy_writes(page, site_url):
    """A restore writes only the pages of the new memory that are not zero in both the image
    and the memory (the rest stay untouched, and so take no memory): the outcome is the plain
    copy's, stale bytes under a zero page of the image included."""
    assert boot(page, site_url + FAST) in ("made", "restored")
    assert page.evaluate(SPARSE_COPY) == [True, True, True, True]


PACKED_IN_PARTS = """
async () => {
  const bootUrl = document.querySelector('script[type="module"][src*="/boot-"]').src;
  const { packSnapshot, unpackSnapshot } = await import(bootUrl);
  // An image of nine pages and a tail, some pages zero, one with only its last byte set.
  const image = new Uint8Array(9 * 4096 + 112);
  let x = 7;
  for (const page of [0, 2, 3, 7, 9]) {
    for (let i = 0; i < 50; i++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      image[page * 4096 + (x % 4096)] = 1 + (x % 255);
    }
  }
  image[5 * 4096 - 1] = 9;
  const whole = packSnapshot(image);
  const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
  // Split where the maker's header ends (a multiple of 16), at a page, within a word.
  const splits = [0, 16, 4096, 4098, 5000, 20476, 20480, image.length];
  return [same(unpackSnapshot(whole), image), whole.length === 8 + 2 + 6 * 4096,
          ...splits.map((at) => same(packSnapshot(image.subarray(0, at), image.slice(at)), whole))];
}
"""


def test_a_snapshot_packed_in_parts_is_the_one_packed_whole(page, site_url):
    """The maker packs the snapshot's header and the interpreter's live memory as two parts
    (no whole image put together first): the stored bytes are those of the whole image,
    wherever the parts meet."""
    assert boot(page, site_url + FAST) in ("made", "restored")
    assert page.evaluate(PACKED_IN_PARTS) == [True] * 10


FATAL_REPORT = """
async () => {
  const bootUrl = document.querySelector('script[type="module"][src*="/boot-"]').src;
  const { warnOfFatalReports } = await import(bootUrl);
  const seen = [];
  const [error, warn] = [console.error, console.warn];
  const recordError = (...args) => seen.push("error: " + String(args[0]));
  console.error = recordError;
  console.warn = (...args) => seen.push("warn: " + String(args[0]));
  try {
    console.error("before");
    const restore = warnOfFatalReports();
    console.error("Pyodide has suffered a fatal error. Please report this to the Pyodide maintainers.");
    console.error("The cause of the fatal error was:");
    console.error(new Error("memory access out of bounds"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    console.error("later, while restoring");
    restore();
    seen.push("put back: " + (console.error === recordError));
    console.error("after");
  } finally {
    console.error = error;
    console.warn = warn;
  }
  return seen;
}
"""


def test_a_restore_that_kills_its_interpreter_warns_and_other_errors_stay_errors(page, site_url):
    """A snapshot that passes every check and still traps when restored makes Pyodide report a
    fatal error on the console; the boot falls back to a normal start, so that report is a
    warning. Errors before and after the report, and after the restore, are still errors."""
    boot(page, site_url + FAST)
    assert page.evaluate(FATAL_REPORT) == [
        "error: before",
        "warn: Pyodide has suffered a fatal error. Please report this to the Pyodide maintainers.",
        "warn: The cause of the fatal error was:",
        "warn: Error: memory access out of bounds",
        "error: later, while restoring",
        "put back: true",
        "error: after",
    ]
