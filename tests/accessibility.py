"""axe-core over a page, in the browser the other browser tests use.

``axe-playwright-python`` ships axe-core; this runs it with the WCAG 2.1 A and AA rules only and
returns the violations that are not documented false positives, one readable line each.
"""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

FALSE_POSITIVES: dict[tuple[str, str], str] = {
    # (rule id, CSS selector that axe reports) -> why it is not a real violation.
}

_axe = Axe()


def violations(page: Page, *, allowed: dict[tuple[str, str], str] = FALSE_POSITIVES) -> list[str]:
    """Every WCAG 2.1 A/AA violation on the page as it is now, but the documented false positives."""
    options = {"runOnly": {"type": "tag", "values": WCAG_21_AA}, "resultTypes": ["violations"]}
    results = _axe.run(page, options=options)
    found = []
    for violation in results.response["violations"]:
        for node in violation["nodes"]:
            target = " ".join(str(part) for part in node["target"])
            if (violation["id"], target) in allowed:
                continue
            found.append(f"{violation['id']}: {target}: {node.get('failureSummary', '').splitlines()[-1:]}")
    return found


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
