"""How fast copying a game feels on a slow phone: ``make felt`` (``python -m benchmarks.felt``).

The production server (``benchmarks.load.ProductionServer``, a throw-away SQLite file) and
Debian's Chromium through Playwright, as a phone: 390 × 844, touch, the CPU four times slower
and the network 400 ms away at 400 kbit/s each way (Chrome DevTools' throttling). A whole game
with every box and six players (a seeded random game) is copied square first, then the tile
already turned, then the figure, as ``tests/scorer/test_browser_phone_every_box.py`` does.

Reports: bytes and requests of the first open of the board (cold cache) and the time until it can
be used; requests sent while choosing (target 0) and per turn (target at most 2); the time from
the lay tap to the updated board (p50, p95; target 1 s at p95). ``--tiles`` copies fewer tiles.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from benchmarks.chromium import CHROMIUM, CHROMIUM_FLAGS
from benchmarks.load import ProductionServer, collect_static, conditions, percentile
from scorer.engine import TILES, Placement
from scorer.engine.simulate import random_game
from scorer.engine.tiles import Expansion

PHONE = {"width": 390, "height": 844}
LATENCY_MS = 400
KBIT_PER_SECOND = 400
CPU_SLOWDOWN = 4
SIX = ["Mina", "Wei", "Sara", "Reza", "Lan", "Ali"]


FELT_CLOCK = """
window.__felt = { tapped: 0, painted: 0 };
const tapped = () => { window.__felt = { tapped: performance.now(), painted: 0 }; };
document.addEventListener("pointerdown", tapped, true);
const painted = () => requestAnimationFrame(() => setTimeout(() => {
  window.__felt.painted = performance.now();
}));
window.addEventListener("htmx:afterSettle", painted);
window.addEventListener("board-updated", painted);
"""
"""The page's own clock, from the lay tap to the first frame after the updated board settled (the
scripts' work after the swap included): what the player waits, without the test driver's polling."""
FELT_WAIT = """() => new Promise((done) => {
  const check = () => (window.__felt.painted ? done(window.__felt.painted - window.__felt.tapped)
    : setTimeout(check, 20));
  check();
})"""


def throttle(page: Page) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    rate = KBIT_PER_SECOND * 1000 / 8
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": LATENCY_MS, "downloadThroughput": rate, "uploadThroughput": rate},
    )
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})


def same_turn(placement: Placement, offered: list[int]) -> int:
    turn = TILES[placement.tile].same_turn(placement.rotation, offered)
    if turn is None:
        raise RuntimeError(f"{placement} is not offered: {offered}")
    return turn


def start(page: Page, base: str) -> str:
    page.goto(f"{base}/en/play/")
    for box in Expansion:  # first: the sixth player's row shows with Inns & Cathedrals
        checkbox = page.locator(f'input[name="expansions"][value="{box.value}"]')
        if checkbox.count() and not checkbox.is_checked():
            checkbox.check()
    for i, name in enumerate(SIX):
        page.fill(f'[name="name_{i}"]', name)
    page.locator("form.new-game button[type=submit]").click()
    page.wait_for_url("**/play/*/")
    return page.url


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiles", type=int, default=126, help="tiles to copy (default: the whole game)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--verbose", action="store_true", help="list every request of the first open")
    args = parser.parse_args()
    played = random_game(random.Random(args.seed), 6, expansions=list(Expansion), meeple_chance=0.3)
    placements = played.placements[: args.tiles]
    with tempfile.TemporaryDirectory() as scratch:
        static_root = Path(scratch) / "static"
        collect_static(static_root)
        server = ProductionServer(f"sqlite:///{scratch}/felt.sqlite3", static_root=static_root)
        with server, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
            page = context.new_page()
            base = f"http://127.0.0.1:{server.port}"
            board = start(page, base)
            context.close()
            # A phone that never saw the site: nothing cached.
            context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
            page = context.new_page()
            throttle(page)
            page.add_init_script(FELT_CLOCK)
            log: list[tuple[str, int]] = []
            page.on("requestfinished", lambda r: log.append((r.url, transferred(r))))
            page.on("request", lambda r: log.append((r.url, -1)))
            opened = time.perf_counter()
            page.goto(board, wait_until="load")
            page.wait_for_selector("#play-choices", state="attached")
            usable = time.perf_counter() - opened
            page.wait_for_load_state("networkidle")
            first = [(url, size) for url, size in log if size >= 0]
            first_bytes = sum(size for _, size in first)
            choosing, per_turn, lay_seconds = 0, [], []
            for n, placement in enumerate(placements, start=1):
                mark = len(log)
                square = page.locator(f'.cell.open[data-x="{placement.x}"][data-y="{placement.y}"]')
                square.scroll_into_view_if_needed()
                square.click()
                offered = page.locator(f'.palette-list.narrowed button.option[data-tile="{placement.tile}"]')
                turns = [int(r) for r in offered.evaluate_all("els => els.map(e => e.dataset.rotation)")]
                rotation = same_turn(placement, turns)
                choosing += len(site_requests(log[mark:]))
                button = offered.and_(page.locator(f'[data-rotation="{rotation}"]'))
                button.scroll_into_view_if_needed()
                button.click()
                page.wait_for_selector(f'#play-state[data-moves="{n}"]', state="attached")
                page.wait_for_selector(".htmx-request, .htmx-settling", state="detached")
                lay_seconds.append(page.evaluate(FELT_WAIT) / 1000)
                if placement.meeple is not None:
                    lay_figure(page, placement, rotation)
                per_turn.append(len(site_requests(log[mark:])))
            learn = learn_pages(browser, base)
            browser.close()
    lay = sorted(lay_seconds)
    print(f"felt speed, phone profile (CPU ×{CPU_SLOWDOWN}, {LATENCY_MS} ms, {KBIT_PER_SECOND} kbit/s):")
    kb = first_bytes / 1024
    print(f"  first open of the board: {len(first)} requests, {kb:.0f} kB, usable after {usable:.1f} s")
    kinds = by_kind(first).items()
    print("   ", ", ".join(f"{kind} {n} ({size / 1024:.0f} kB)" for kind, (n, size) in kinds))
    if args.verbose:
        for url, size in first:
            print(f"    {size / 1024:6.1f} kB  {url}")
    print(f"  {len(placements)} tiles: {choosing} requests while choosing;"
          f" requests a turn median {statistics.median(per_turn):.0f}, most {max(per_turn)}")  # fmt: skip
    print(f"  lay tap to updated board: p50 {percentile(lay, 0.5):.2f} s, p95 {percentile(lay, 0.95):.2f} s")
    print("  learn pages, cold, the heaviest of each language (target 100 kB in English and Chinese):")
    for language, pages in learn.items():
        heaviest = max(pages, key=lambda page: page[1])
        median = statistics.median(page[1] for page in pages) / 1024
        print(f"    {language}: {heaviest[0]} {heaviest[1] / 1024:.0f} kB in {heaviest[2]} requests"
              f" ({len(pages)} pages, median {median:.0f} kB)")  # fmt: skip
    print(f"  {conditions(None, 0)}")


LEARN_LANGUAGES = ("en", "zh-hant", "zh-hans", "fa")
CONTENT = Path(__file__).resolve().parent.parent / "tutorial" / "content" / "en"


def learn_pages(browser, base: str) -> dict[str, list[tuple[str, int, int]]]:
    """Every learn page (the contents, each chapter, the tile list) opened by a phone that never
    saw the site, unthrottled (bytes do not depend on the speed): (address, bytes, requests)."""
    slugs = ["", "tiles/", "mistakes/", "summary/"]
    slugs += sorted(f"{md.stem}/" for md in CONTENT.glob("*.md") if md.stem not in ("mistakes", "summary"))
    found: dict[str, list[tuple[str, int, int]]] = {}
    for language in LEARN_LANGUAGES:
        for slug in slugs:
            context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
            page = context.new_page()
            log: list[int] = []
            page.on("requestfinished", lambda r, log=log: log.append(transferred(r)))
            address = f"/{language}/learn/{slug}"
            if page.goto(base + address).status == 200:
                page.wait_for_load_state("networkidle")
                found.setdefault(language, []).append((address, sum(log), len(log)))
            context.close()
    return found


KINDS = {".css": "styles", ".js": "scripts", ".woff2": "fonts"}
KINDS |= dict.fromkeys((".png", ".webp", ".svg"), "pictures")


def by_kind(log: list[tuple[str, int]]) -> dict[str, tuple[int, int]]:
    """Requests and bytes of the first open by what they fetched: the page, styles, scripts..."""
    found: dict[str, tuple[int, int]] = {}
    for url, size in log:
        path = url.split("?")[0]
        kind = next((k for ending, k in KINDS.items() if path.endswith(ending)), "pages")
        count, total = found.get(kind, (0, 0))
        found[kind] = (count + 1, total + size)
    return found


def transferred(request) -> int:
    """Bytes on the wire for one answer: headers and (compressed) body."""
    sizes = request.sizes()
    return max(0, sizes["responseHeadersSize"]) + max(0, sizes["responseBodySize"])


def site_requests(log: list[tuple[str, int]]) -> list[str]:
    """Requests the page sent to the site, pictures, scripts and the checks for other phones aside."""
    return [
        url
        for url, size in log
        if size < 0 and "/static/" not in url and "/tiles/" not in url and "/state" not in url
    ]


def lay_figure(page: Page, placement: Placement, rotation: int) -> None:
    meeple = placement.meeple
    card = page.locator(".figure-card")
    kind = card.locator(f'.card-kinds a.kind-chip[data-kind="{meeple.kind.value}"]')
    if kind.count() and kind.get_attribute("aria-current") is None:
        kind.click()
    orientation = TILES[placement.tile].oriented(rotation)
    place = orientation.place_of(orientation.feature_at[meeple.at]).name
    card.locator(f'.dot-form[data-kind="{meeple.kind.value}"][data-place="{place}"] .dot').click()
    page.wait_for_selector(".figure-card", state="detached")
    page.wait_for_selector(".htmx-request, .htmx-settling", state="detached")


if __name__ == "__main__":
    main()
