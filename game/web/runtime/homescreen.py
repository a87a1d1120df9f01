"""Is this page a Safari tab on an iPhone or iPad (so the Home Screen card is worth showing)?

Why the card exists: Safari may erase a site's storage (the saved games) after 7 days of use
without a visit to it, while a web app added to the Home Screen is exempt, and keeps its own
storage apart from the tab's (webkit.org; ../shared/TECH-NOTES.md, "Other browsers"). The
card says so once, until dismissed; no other browser ever sees it.

A pure function of what the browser tells (user agent, the two standalone flags,
``navigator.maxTouchPoints``) so it is tested in CPython (``tests/web/test_homescreen.py``);
``game.web.shell.browser`` reads the facts. An iPad asks for desktop pages by default and then calls
itself a Mac: a "Macintosh" with a touch screen is an iPad (Macs have none).
"""

from __future__ import annotations

OTHER_BROWSERS = ("CriOS/", "FxiOS/", "EdgiOS/", "OPiOS/", "OPT/", "GSA/", "YaBrowser/",
                  "Ddg/", "DuckDuckGo/", "Focus/", "Brave", "Chrome/", "Chromium/", "Edg/",
                  "Firefox/", "Android")
"""Tokens of browsers that are not Safari (on iOS all of them are WebKit too, and say
"Safari/" as well, but their Home Screen steps differ and the card speaks of Safari's)."""


def is_apple_touch(user_agent: str, max_touch_points: int) -> bool:
    """An iPhone, iPod or iPad (an iPad asking for desktop pages calls itself a Mac)."""
    if any(device in user_agent for device in ("iPhone", "iPad", "iPod")):
        return True
    return "Macintosh" in user_agent and max_touch_points > 0


def is_safari(user_agent: str) -> bool:
    """Apple's Safari itself: WebKit, "Version/x Safari/y", no other browser's token."""
    return ("AppleWebKit/" in user_agent and "Safari/" in user_agent
            and "Version/" in user_agent
            and not any(token in user_agent for token in OTHER_BROWSERS))


def show_home_screen_card(user_agent: str, standalone: bool | None, display_standalone: bool,
                          max_touch_points: int) -> bool:
    """True for a Safari tab on an iPhone or iPad: not already the Home Screen app
    (``navigator.standalone`` is True there, and ``display-mode: standalone`` matches)."""
    if standalone is True or display_standalone:
        return False
    return is_apple_touch(user_agent, max_touch_points) and is_safari(user_agent)
