"""The page boots from the built site exactly as deployed: offline-capable, nothing
from outside, the production headers, no console error (the guard in conftest.py
fails any test that sees a non-loopback request, a console/page error, an HTTP
error or a CSP violation)."""

from __future__ import annotations

import hashlib
import json
import re
import urllib.request

import pytest
import serve
from e2e_helpers import DIST, VIEWPORTS, screenshot, wait_ready, wait_service_worker

pytestmark = [pytest.mark.e2e, pytest.mark.first_visit]  # first visits (tests/e2e/conftest.py)


def fetch(url: str):
    """(status, headers (case-insensitive), body) of a plain GET, outside the browser."""
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.headers, response.read()


def expected_csp() -> str:
    rules = serve.load_header_rules()
    return serve.headers_for(rules, "/")["Content-Security-Policy"]


@pytest.mark.smoke
def test_page_boots_to_ready_with_nothing_from_outside(page, site_url, browser_guard):
    page.goto(site_url)
    wait_ready(page)
    assert page.title() == "Manhattan"
    assert not page.is_visible("#boot-error")
    assert browser_guard.requests, "the guard saw no request at all"
    assert not browser_guard.external


def test_loading_state_is_in_the_served_html_before_python(site_url):
    status, headers, body = fetch(site_url)
    html = body.decode("utf-8")
    assert status == 200
    assert headers["Content-Type"].startswith("text/html")
    # Visible before any script runs: title, loading state inside #app, noscript, error slot.
    assert re.search(r"<title>Manhattan</title>", html)
    assert re.search(r'<main id="app">\s*<section id="loading"', html)
    assert "<h1>Manhattan</h1>" in html and "Loading the game" in html
    assert "<noscript>" in html and 'id="boot-error"' in html
    assert re.search(r'src="\./vendor/pyscript-[0-9a-f]{12}/core\.js"', html)
    assert 'type="py" src="./game/web/shell/main.py" config="./pyscript.toml"' in html


def test_loading_state_is_shown_while_the_runtime_loads(page, site_url):
    """Hold back the wasm: the static shell must be on screen meanwhile."""
    page.route("**/pyodide.asm.wasm", lambda route: None)  # never answered
    page.goto(site_url)
    loading = page.locator("#loading")
    loading.wait_for(state="visible")
    assert "Manhattan" in loading.inner_text()
    assert page.get_attribute("html", "data-ready") is None
    screenshot(page, "loading", sizes=["phone"])


def test_without_javascript_the_noscript_message_shows(new_context, site_url):
    page = new_context(java_script_enabled=False).new_page()
    page.goto(site_url)
    assert page.is_visible(".boot-noscript")
    assert "needs JavaScript" in page.inner_text(".boot-noscript")
    assert not page.is_visible("#loading")


def test_screenshots_of_the_booted_page(page, site_url):
    page.goto(site_url)
    wait_ready(page)
    paths = screenshot(page, "boot", always=True)  # the pictures' own test: always taken
    assert [p.name for p in paths] == [f"boot-{size}.png" for size in VIEWPORTS]
    assert all(p.stat().st_size > 1000 for p in paths)


def test_offline_reload_boots_from_the_service_worker(page, context, site_url, browser_guard):
    page.goto(site_url)
    wait_ready(page)
    wait_service_worker(page)
    context.set_offline(True)
    response = page.reload()
    wait_ready(page)
    assert response is not None and response.from_service_worker
    assert page.evaluate("navigator.onLine") is False
    assert not browser_guard.external


def test_wasm_and_modules_are_served_with_the_right_types(page, site_url):
    types = {}
    page.on("response", lambda r: types.setdefault(r.url.rsplit("/", 1)[-1], r.headers.get("content-type")))
    page.goto(site_url)
    wait_ready(page)
    assert types["pyodide.asm.wasm"] == "application/wasm"
    assert types["pyodide.mjs"].startswith("text/javascript")
    assert types["pyodide.asm.mjs"].startswith("text/javascript")
    status, headers, _ = fetch(site_url + "manifest.webmanifest")
    assert headers["Content-Type"] == "application/manifest+json"


def test_csp_header_is_sent_and_the_page_satisfies_it(page, site_url, browser_guard):
    response = page.goto(site_url)
    csp = response.headers.get("content-security-policy")
    assert csp == expected_csp()
    assert "'unsafe-inline'" not in csp.split("script-src", 1)[1].split(";")[0]
    wait_ready(page)
    # conftest's guard turns every securitypolicyviolation into a console error.
    assert not [e for e in browser_guard.console_errors if "CSP" in e]


def build_info(dist_dir) -> dict:
    return json.loads((dist_dir / "build-info.json").read_text(encoding="utf-8"))


def test_caching_headers(site_url, dist_dir):
    immutable = "public, max-age=31536000, immutable"
    info = build_info(dist_dir)
    for name in ["pyodide.asm.wasm", info["stdlib"], info["pack"], info["boot"]]:
        assert fetch(site_url + info["pyodide_dir"] + "/" + name)[1]["Cache-Control"] == immutable
    assert fetch(site_url + info["pyscript_dir"] + "/core.js")[1]["Cache-Control"] == immutable
    for path in ["", "index.html", "sw.js", "pyscript.toml", "game/web/shell/main.py"]:
        assert fetch(site_url + path)[1]["Cache-Control"] == "no-cache", path


def test_shipped_runtime_files_are_exactly_the_fetched_ones(new_context, site_url, browser_guard):
    """scripts/build.py picks the PyScript chunks by walking imports: prove the
    result is exactly what Chromium fetches at boot (nothing missing, nothing extra).
    Service workers are blocked here: their precache would fetch every file anyway."""
    page = new_context(service_workers="block").new_page()
    page.goto(site_url)
    wait_ready(page)
    fetched = {u.split("?")[0][len(site_url):] for u in browser_guard.requests}
    folders = sorted(p.relative_to(DIST).as_posix() for p in (DIST / "vendor").iterdir())
    assert [f.split("-")[0] for f in folders] == ["vendor/pyodide", "vendor/pyscript"]
    for folder in folders:
        shipped = {p.relative_to(DIST).as_posix() for p in (DIST / folder).iterdir()}
        got = {u for u in fetched if u.startswith(folder + "/")}
        assert got == shipped, folder


def test_service_worker_precaches_every_file_of_the_site(dist_dir):
    text = (dist_dir / "sw.js").read_text(encoding="utf-8")
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", text, re.S).group(1))
    files = sorted(
        "./" + p.relative_to(dist_dir).as_posix()
        for p in dist_dir.rglob("*")
        if p.is_file() and p.name != "sw.js"
    )
    assert [entry["url"] for entry in precache] == files
    # Each with its revision: what sw.js checks its cached copy against (and heals).
    for entry in precache:
        digest = hashlib.sha256((dist_dir / entry["url"]).read_bytes()).hexdigest()[:16]
        assert entry["revision"] == digest, entry["url"]
    assert re.search(r'const VERSION = "[0-9a-f]{16}";', text)


def test_pyscript_toml_names_the_versioned_boot_module(dist_dir):
    import tomllib

    config = tomllib.loads((dist_dir / "pyscript.toml").read_text(encoding="utf-8"))
    info = build_info(dist_dir)
    assert config["interpreter"] == "./%s/%s" % (info["pyodide_dir"], info["boot"])
    assert (dist_dir / config["interpreter"]).is_file()
    assert re.fullmatch(r"vendor/pyodide-[0-9a-f]{12}", info["pyodide_dir"])
    assert "packages" not in config and "files" not in config
    # The npm stdlib is replaced by the trimmed, compiled one.
    assert not (dist_dir / info["pyodide_dir"] / "python_stdlib.zip").exists()


def test_netlify_header_rules_never_set_one_header_twice(dist_dir):
    rules = serve.load_header_rules()
    paths = ["/"] + ["/" + p.relative_to(dist_dir).as_posix() for p in dist_dir.rglob("*") if p.is_file()]
    assert serve.overlapping_headers(rules, paths) == []


@pytest.mark.allow_console_errors
def test_a_python_startup_failure_is_shown_not_a_blank_page(page, site_url):
    broken = "raise RuntimeError('boom: the game could not start')\n"
    page.route(
        "**/game/web/shell/main.py",
        lambda route: route.fulfill(status=200, body=broken, content_type="text/x-python"),
    )
    page.goto(site_url)
    error = page.locator("#boot-error")
    error.wait_for(state="visible", timeout=60_000)
    assert "boom: the game could not start" in page.inner_text("#boot-error-detail")
    assert not page.is_visible("#loading")
    screenshot(page, "boot-error", sizes=["phone"])
