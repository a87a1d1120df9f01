"""The security headers of netlify.toml: a CSP with nothing more than the page needs, and HSTS.

The browser guard (conftest.py) fails any test that sees a CSP violation, so every browser
test, the full games of test_ui_games.py included, also proves the policy lets the game run.
Most of them open the page lean (no snapshot worker, no thinking worker:
e2e_helpers.LEAN); the workers start under the policy in the files that keep the full first
visit (test_boot, test_boot_snapshot, test_think_worker, test_coach, test_offline_heal...).
These tests pin what the policy leaves out, and that Chromium really enforces it.
"""

from __future__ import annotations

import json
import urllib.request

import pytest
import serve
from e2e_helpers import DIST, ROOT, wait_ready


def policy() -> dict:
    rules = serve.load_header_rules()
    csp = serve.headers_for(rules, "/")["Content-Security-Policy"]
    directives = {}
    for part in csp.split(";"):
        name, *sources = part.split()
        directives[name] = sources
    return directives


def test_script_src_has_unsafe_eval_only_once_not_wasm_unsafe_eval():
    """PyScript 0.7.31 needs 'unsafe-eval' (Function() in its core); it also allows
    WebAssembly compilation, so 'wasm-unsafe-eval' would add nothing."""
    assert policy()["script-src"] == ["'self'", "'unsafe-eval'"]


@pytest.mark.parametrize("html", [ROOT / "index.html", DIST / "index.html"],
                         ids=["repository", "dist"])
def test_style_src_lists_exactly_the_inline_styles_of_the_page(html):
    if not html.is_file():
        pytest.skip("dist/ not built")
    hashes = serve.inline_style_hashes(html.read_text(encoding="utf-8"))
    assert len(hashes) == 2, "index.html has the shell's <style> and the <noscript> one"
    expected = ["'self'", *hashes]
    assert policy()["style-src"] == expected, (
        "index.html's inline CSS changed: set style-src in netlify.toml to %r"
        % " ".join(expected))


def test_no_unsafe_inline_anywhere():
    for name, sources in policy().items():
        assert "'unsafe-inline'" not in sources, name
        assert "'unsafe-hashes'" not in sources, name


def test_inline_style_hashes_follow_the_css():
    one = serve.inline_style_hashes("<style>a{}</style><noscript><style>b{}</style></noscript>")
    assert one == ["'sha256-X1RutGBrXCt9KkSaXMK7tHftWiRscFHOhxsS8tv8hBk='",
                   serve.inline_style_hashes("<style>b{}</style>")[0]]
    assert serve.inline_style_hashes("<style>a{ }</style>") != one[:1]


def test_strict_transport_security_on_every_response(site_url, dist_dir):
    info = json.loads((dist_dir / "build-info.json").read_text(encoding="utf-8"))
    runtime = [info["pyodide_dir"] + "/" + name
               for name in ("pyodide.asm.wasm", info["stdlib"], info["pack"], info["boot"])]
    for path in ["", "index.html", "sw.js", "manifest.webmanifest", *runtime]:
        with urllib.request.urlopen(site_url + path, timeout=10) as response:
            value = response.headers["Strict-Transport-Security"]
        assert value is not None, path
        max_age = int(value.split("max-age=")[1].split(";")[0])
        assert max_age >= 31536000, path  # a year: what browsers' preload rules ask for


@pytest.mark.smoke
def test_the_shell_css_is_applied(page, site_url):
    """The hashes really match: Chromium applies the inline shell CSS (a wrong hash would
    drop it silently apart from the violation the guard catches)."""
    page.goto(site_url, wait_until="domcontentloaded")
    # flex while loading, none once ready: both come from that CSS (a warm browser can be
    # ready, and the loading box drawn over, before this looks)
    assert page.evaluate("""() => {
        const box = document.querySelector('.boot-loading');
        if (box) return getComputedStyle(box).display;
        return document.documentElement.dataset.ready === 'true' ? 'none' : 'missing';
    }""") in ("flex", "none")
    wait_ready(page)
    assert page.evaluate("getComputedStyle(document.body).margin") == "0px"


@pytest.mark.allow_console_errors  # the blocked style attribute is logged on purpose
def test_chromium_blocks_style_attributes_but_not_style_properties(page, site_url):
    """What the policy means for code that styles elements: a `style="..."` attribute
    (markup, setAttribute, innerHTML) is blocked; element.style.x = ... (CSSOM, what
    PyScript's error banner and pyscript.web use) is allowed. The UI sets neither."""
    page.goto(site_url)
    wait_ready(page)
    result = page.evaluate("""async () => {
        const seen = [];
        document.addEventListener("securitypolicyviolation", e => seen.push(e.violatedDirective));
        const a = document.createElement("div");
        a.setAttribute("style", "color: rgb(1, 2, 3)");
        document.body.append(a);
        const b = document.createElement("div");
        b.style.color = "rgb(4, 5, 6)";
        document.body.append(b);
        await new Promise(r => setTimeout(r, 200));
        return {seen, a: getComputedStyle(a).color, b: getComputedStyle(b).color};
    }""")
    assert result["seen"] and all(d.startswith("style-src") for d in result["seen"])
    assert result["a"] != "rgb(1, 2, 3)"
    assert result["b"] == "rgb(4, 5, 6)"
