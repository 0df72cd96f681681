"""axe-core over a page, in the browser the other browser tests use.

Two axe-cores: the one ``axe-playwright-python`` ships (4.4.3, pinned with it) and the current one
(``AXE_CURRENT``: the file ``make test`` fetches, pinned by version and checksum in the Makefile);
a newer axe knows rules the old one does not. Both run with the WCAG 2.1 A and AA rules only; the
violations that are not documented false positives come back one readable line each.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

FALSE_POSITIVES: dict[tuple[str, str], str] = {
    # (rule id, CSS selector that axe reports) -> why it is not a real violation.
}


def _engines() -> list[tuple[str, Axe]]:
    pinned = Axe()
    engines = [(_version(pinned.axe_script), pinned)]
    fetched = sorted(Path(__file__).resolve().parent.parent.glob(".venv/axe-core-*.min.js"))
    current = os.environ.get("AXE_CURRENT") or (str(fetched[-1]) if fetched else "")
    if current:
        newer = Axe()
        newer.axe_script = Path(current).read_text(encoding="utf-8")
        engines.append((_version(newer.axe_script), newer))
    return engines


def _version(script: str) -> str:
    found = re.match(r"/\*! axe v([\d.]+)", script)
    return found.group(1) if found else "?"


ENGINES = _engines()
"""The axe-cores to run, the pinned one first."""


def violations(
    page: Page, *, allowed: dict[tuple[str, str], str] = FALSE_POSITIVES, engines=None
) -> list[str]:
    """Every WCAG 2.1 A/AA violation on the page as it is now, but the documented false positives;
    by every engine of ``ENGINES`` unless told which."""
    options = {"runOnly": {"type": "tag", "values": WCAG_21_AA}, "resultTypes": ["violations"]}
    found = []
    for version, axe in ENGINES if engines is None else engines:
        for violation in _run(page, version, axe, options):
            for node in violation["nodes"]:
                target = " ".join(str(part) for part in node["target"])
                if (violation["id"], target) in allowed:
                    continue
                summary = node.get("failureSummary", "").splitlines()[-1:]
                found.append(f"axe {version}: {violation['id']}: {target}: {summary}")
    return found


def _run(page: Page, version: str, axe, options: dict) -> list[dict]:
    """axe's violations on the page now; its script put into the page only if the one there is
    another version (half a megabyte of script to parse on every run, else)."""
    if page.evaluate("typeof axe === 'undefined' ? '' : axe.version") != version:
        page.evaluate(axe.axe_script)
    return page.evaluate("options => axe.run(document, options).then(r => r.violations)", options)


_NAMING_PROBLEMS = """(skip) => {
    const problems = [];
    // Elements whose implicit role (generic, paragraph…) may not carry a name.
    const unnamed = ["span", "div", "p", "i", "b", "strong", "em", "small", "code", "label"];
    for (const element of document.querySelectorAll("[aria-label], [aria-labelledby]")) {
        if (skip && element.matches(skip)) continue;
        if (unnamed.includes(element.localName) && !element.hasAttribute("role")) {
            problems.push(`aria-label without a role: <${element.localName} class="${element.className}">`);
        }
    }
    // Arrows are decoration: read out, they say "leftwards arrow" before every name.
    const arrows = /[\\u2190-\\u21ff\\u2b05-\\u2b07\\u27a1\\u25b6\\u25c0]/;
    for (const control of document.querySelectorAll("button, a[href], [role=button]")) {
        const clone = control.cloneNode(true);
        clone.querySelectorAll("[aria-hidden=true]").forEach((hidden) => hidden.remove());
        const name = control.getAttribute("aria-label") || clone.textContent;
        if (arrows.test(name)) problems.push(`arrow in a control's name: "${name.trim()}"`);
    }
    return problems;
}"""


def naming_problems(page: Page, *, skip: str | None = None) -> list[str]:
    """Names axe 4.4 does not check: ``aria-label`` on an element whose role takes no name, and
    arrow symbols read out as part of a button's or link's name."""
    return page.evaluate(_NAMING_PROBLEMS, skip)
