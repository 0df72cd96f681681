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
