// The board page: zoom, pan, keyboard, and keeping the view steady across htmx swaps.
// Everything here is an enhancement: without it the page still works with links and forms.
(function () {
  "use strict";

  const ZOOM_STEPS = [32, 40, 48, 56, 72, 88, 104, 128];
  const STORE = "carcassonne-zoom";
  let zoom = Number(localStorage.getItem(STORE)) || null;
  let saved = null; // scroll position and board origin before a swap
  let centreLast = false; // the "last turn" button asks for the last tile in view

  function play() { return document.getElementById("play"); }
  function viewport() { return document.getElementById("board-viewport"); }
  // On the root element, not the board: see play.css.
  function setTile(value) {
    if (value === null) document.documentElement.style.removeProperty("--board-tile");
    else document.documentElement.style.setProperty("--board-tile", value);
  }
  function tileSize() {
    const vp = viewport();
    return vp ? parseFloat(getComputedStyle(vp).getPropertyValue("--tile")) || 72 : 72;
  }

  function setZoom(px, anchor) {
    const vp = viewport();
    if (!vp) return;
    const old = tileSize();
    px = Math.max(ZOOM_STEPS[0], Math.min(ZOOM_STEPS[ZOOM_STEPS.length - 1], px));
    // Keep the point under the pointer (or the middle of the view) where it is.
    const ax = anchor ? anchor.x : vp.clientWidth / 2;
    const ay = anchor ? anchor.y : vp.clientHeight / 2;
    const fx = (vp.scrollLeft + ax) / old;
    const fy = (vp.scrollTop + ay) / old;
    setTile(px + "px");
    vp.scrollLeft = fx * px - ax;
    vp.scrollTop = fy * px - ay;
    zoom = px;
    localStorage.setItem(STORE, String(px));
    delete vp.dataset.whole;
    const whole = wholeButton();
    if (whole) whole.setAttribute("aria-pressed", "false");
  }

  function step(direction, anchor) {
    const now = tileSize();
    const next = direction > 0 ? ZOOM_STEPS.find((z) => z > now) : [...ZOOM_STEPS].reverse().find((z) => z < now);
    if (next) setZoom(next, anchor);
  }

  function centreOn(cell) {
    const vp = viewport();
    if (!vp || !cell) return;
    vp.scrollLeft = cell.offsetLeft + cell.offsetWidth / 2 - vp.clientWidth / 2;
    vp.scrollTop = cell.offsetTop + cell.offsetHeight / 2 - shownHeight(vp) / 2;
  }
  // The board's height a reader sees: on a phone the sheet may have risen over its lower part.
  function shownHeight(vp) {
    if (!sheetIsFixed()) return vp.clientHeight;
    const covered = vp.getBoundingClientRect().bottom - document.getElementById("play-sheet").getBoundingClientRect().top;
    return Math.max(0, vp.clientHeight - Math.max(0, covered));
  }

  // -- Framing: the whole map when it fits at a size a finger can tap, else the newest tile. --
  const SMALLEST_TOUCH = 44, SMALLEST = 32, SMALLEST_WHOLE = 10;
  function grid() { return document.getElementById("board-grid"); }
  function fittingTile(vp) {
    const g = grid();
    const columns = Number(g && g.dataset.columns) || 1, rows = Number(g && g.dataset.rows) || 1;
    return Math.floor(Math.min((vp.clientWidth - 8) / columns, (vp.clientHeight - 8) / rows));
  }
  // A step of the turn with buttons on several tiles (the Tower's): every one of them in view, the
  // tiles made smaller if they do not fit at the size the reader had (never below a finger's width).
  function showTargets(vp) {
    const cells = Array.from(document.querySelectorAll("#board-grid .target")).map((t) => t.closest(".cell"));
    if (!cells.length) return false;
    const g = grid();
    const span = (attr) => {
      const values = cells.map((c) => Number(c.dataset[attr]));
      return Math.max(...values) - Math.min(...values) + 1;
    };
    const fit = Math.floor(Math.min((vp.clientWidth - 8) / span("x"), (shownHeight(vp) - 8) / span("y")));
    if (g && fit < tileSize()) setTile(Math.max(fit, coarse() ? SMALLEST_TOUCH : SMALLEST) + "px");
    const box = cellsBox(cells);
    vp.scrollLeft = (box.left + box.right) / 2 - vp.clientWidth / 2;
    vp.scrollTop = (box.top + box.bottom) / 2 - shownHeight(vp) / 2;
    return true;
  }
  function cellsBox(only) {
    const cells = only || document.querySelectorAll("#board-grid .cell");
    if (!cells.length) return null;
    let left = Infinity, top = Infinity, right = -Infinity, bottom = -Infinity;
    for (const c of cells) {
      left = Math.min(left, c.offsetLeft); top = Math.min(top, c.offsetTop);
      right = Math.max(right, c.offsetLeft + c.offsetWidth); bottom = Math.max(bottom, c.offsetTop + c.offsetHeight);
    }
    return { left, top, right, bottom };
  }
  function centreOnMap(vp) {
    const box = cellsBox();
    if (!box) return;
    vp.scrollLeft = (box.left + box.right) / 2 - vp.clientWidth / 2;
    vp.scrollTop = (box.top + box.bottom) / 2 - vp.clientHeight / 2;
  }
  function coarse() { return matchMedia("(pointer: coarse)").matches; }
  function wholeButton() { return document.querySelector('[data-zoom="whole"]'); }
  // Opening: the reader's zoom (or the usual size), smaller if that shows the whole map, but never
  // below a size that can still be tapped; a map bigger than that opens on its newest tile.
  function frame(vp) {
    const fit = fittingTile(vp);
    const usual = zoom || tileSize();
    const smallest = coarse() ? SMALLEST_TOUCH : SMALLEST;
    const size = Math.max(Math.min(usual, fit), Math.min(usual, smallest));
    setTile(size + "px");
    if (fit >= size) centreOnMap(vp);
    else centreOn(document.querySelector(".cell.tile.last") || startCell());
  }
  function showWhole(vp, on) {
    const button = wholeButton();
    if (button) button.setAttribute("aria-pressed", on ? "true" : "false");
    if (on) {
      vp.dataset.whole = "1";
      setTile(Math.max(SMALLEST_WHOLE, Math.min(fittingTile(vp), 128)) + "px");
      centreOnMap(vp);
    } else {
      delete vp.dataset.whole;
      if (zoom) setTile(zoom + "px"); else setTile(null);
      centreOn(document.querySelector(".cell.tile.last") || startCell());
    }
  }

  function startCell() {
    return document.querySelector('.cell.tile[data-x="0"][data-y="0"]') || document.querySelector(".cell");
  }

  function announce(text) {
    const region = document.getElementById("announcer");
    if (!region || !text) return;
    // Emptied first, so that the same sentence twice is spoken twice.
    region.textContent = "";
    setTimeout(() => { region.textContent = text; }, 60);
  }

  // The sentences on show, read as shown: innerText leaves out the version of an instruction the
  // screen does not show (the tapping one on a desktop, the keyboard one on a touch screen).
  function announcement() {
    return Array.from(document.querySelectorAll("#play [data-announce]"))
      .map((el) => (el.innerText ?? el.textContent).trim().replace(/\s+/g, " "))
      .filter(Boolean)
      .join(" ");
  }

  // Where the keyboard goes next after an action: the rotation to lay, the first figure spot, the
  // board's Tab stop once a tile or square is chosen, else the palette.
  function nextFocus() {
    return document.querySelector(".rotations .option.current")
      || document.querySelector(".dot")
      || document.querySelector(".meeple-chooser [data-no-figure]")
      || (document.querySelector(".palette-tile[aria-current], .cell.open.selected, .cell.open.legal")
        && document.querySelector('.board-grid .cell[tabindex="0"]'))
      || document.querySelector(".palette-list.narrowed .option")
      || document.querySelector('.palette-tile[tabindex="0"]');
  }

  function sheetIsFixed() {
    const sheet = document.getElementById("play-sheet");
    return sheet && getComputedStyle(sheet).position === "fixed";
  }

  function setUp(swapped) {
    const vp = viewport();
    if (!vp) return;
    if (zoom) setTile(zoom + "px");
    const choosing = document.querySelector(".cell.tile.choosing");
    if (play() && play().classList.contains("watching")) {
      // The watching page always shows the whole map, however it grows.
      saved = null;
      showWhole(vp, true);
    } else if (centreLast) {
      centreLast = false;
      saved = null;
      centreOn(document.querySelector(".cell.tile.last"));
    } else if (showTargets(vp)) {
      saved = null;
    } else if (saved) {
      putBack();
      saved = null;
      if (choosing) keepInView(choosing);
    } else if (choosing) {
      // With figure spots showing, the tile they are on matters most.
      centreOn(choosing);
    } else {
      frame(vp);
    }
    if (swapped && !choosing) keepInView(document.querySelector(".cell.tile.last"));
    if (!swapped) {
      // A phone shows the board and the tile sheet on one screen: scroll the site's header away.
      if (sheetIsFixed() && window.scrollY === 0) play().scrollIntoView({ block: "start" });
      return;
    }
    if (!sheetIsFixed()) {
      // In one column without the sheet the palette is far below the board: bring the next step in view.
      const next = document.querySelector(".dot") ? vp : document.querySelector(".palette-list.narrowed");
      if (next) {
        const box = next.getBoundingClientRect();
        if (box.top < 0 || box.top > window.innerHeight * 0.6) next.scrollIntoView({ block: "start" });
      }
    }
    if (focusWasHere) {
      const target = nextFocus();
      if (target) {
        target.focus({ preventScroll: true });
        if (target.closest(".board-viewport")) keepInView(target.closest(".cell") || target);
      }
    }
    announce(announcement());
  }

  // The board where it was before the swap, shifted by as many squares as the board grew west or north.
  function putBack() {
    const vp = viewport(), p = play();
    if (!vp || !p || !saved) return;
    // The size the board had (the reader's zoom, a framed map, the whole map), not the default.
    if (saved.tile) setTile(saved.tile + "px");
    else if (zoom) setTile(zoom + "px");
    if (saved.whole) vp.dataset.whole = "1";
    vp.scrollLeft = saved.left + (saved.minX - Number(p.dataset.minX)) * tileSize();
    vp.scrollTop = saved.top + (saved.minY - Number(p.dataset.minY)) * tileSize();
  }

  function keepInView(cell) {
    const vp = viewport();
    if (!vp || !cell) return;
    const box = cell.getBoundingClientRect(), view = vp.getBoundingClientRect();
    const bottom = view.top + shownHeight(vp);
    if (box.left < view.left || box.right > view.right || box.top < view.top || box.bottom > bottom) {
      centreOn(cell);
    }
  }

  // For choose.js: after the sheet rose, the chosen square back in view.
  window.boardView = { keepInView };

  // Pan by dragging (mouse or pen); touch uses native scrolling.
  let drag = null;
  document.addEventListener("pointerdown", (e) => {
    const vp = e.target.closest && e.target.closest(".board-viewport");
    if (!vp || e.pointerType === "touch" || e.button !== 0 || e.target.closest("button")) return;
    drag = { vp, x: e.clientX, y: e.clientY, left: vp.scrollLeft, top: vp.scrollTop, moved: false };
  });
  document.addEventListener("pointermove", (e) => {
    if (!drag) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 4) { drag.moved = true; drag.vp.classList.add("dragging"); }
    drag.vp.scrollLeft = drag.left - dx;
    drag.vp.scrollTop = drag.top - dy;
  });
  document.addEventListener("pointerup", () => {
    if (drag) drag.vp.classList.remove("dragging");
    // The click that ends a drag must not follow the square's link: forget the drag after it.
    setTimeout(() => { drag = null; }, 0);
  });
  // Squares are links: without this the browser would start dragging the link, not the board.
  document.addEventListener("dragstart", (e) => {
    if (e.target.closest && e.target.closest(".board-viewport")) e.preventDefault();
  });

  // Ctrl + wheel (and trackpad pinch) zooms; a plain wheel scrolls.
  document.addEventListener("wheel", (e) => {
    const vp = e.target.closest && e.target.closest(".board-viewport");
    if (!vp || !e.ctrlKey) return;
    e.preventDefault();
    const box = vp.getBoundingClientRect();
    step(e.deltaY < 0 ? 1 : -1, { x: e.clientX - box.left, y: e.clientY - box.top });
  }, { passive: false });

  // Two-finger pinch on touch screens.
  let pinch = null;
  document.addEventListener("touchstart", (e) => {
    if (e.touches.length === 2 && e.target.closest(".board-viewport")) {
      pinch = { d: Math.hypot(e.touches[0].clientX - e.touches[1].clientX, e.touches[0].clientY - e.touches[1].clientY), size: tileSize() };
    }
  }, { passive: true });
  document.addEventListener("touchmove", (e) => {
    if (!pinch || e.touches.length !== 2) return;
    const d = Math.hypot(e.touches[0].clientX - e.touches[1].clientX, e.touches[0].clientY - e.touches[1].clientY);
    setZoom(Math.round(pinch.size * d / pinch.d));
  }, { passive: true });
  document.addEventListener("touchend", () => { pinch = null; });

  document.addEventListener("click", (e) => {
    if (drag && drag.moved) { e.preventDefault(); e.stopPropagation(); return; }
    const button = e.target.closest("[data-zoom]");
    if (button) {
      const what = button.dataset.zoom;
      const vp = viewport();
      if (what === "in") step(1);
      else if (what === "out") step(-1);
      else if (what === "whole" && vp) showWhole(vp, !vp.dataset.whole);
      else centreOn(document.querySelector(".cell.tile.last") || startCell());
      return;
    }
    if (e.target.closest("[data-centre-last]")) centreLast = true;
    const share = e.target.closest("[data-share]");
    if (share) {
      e.preventDefault();
      shareLink(share);
    }
  }, true);

  // Share a link: the phone's own share sheet where there is one, else the clipboard, else (plain
  // http on a local network has no Clipboard API) select the link's text and copy it the old way.
  function shareLink(link) {
    const url = link.href;
    const done = () => {
      link.textContent = link.dataset.copied || link.textContent;
      announce(link.dataset.copied || "");
    };
    const field = link.parentElement && link.parentElement.querySelector(".link-text");
    const fallback = () => {
      if (!field) return;
      field.focus();
      field.select();
      let copied = false;
      try { copied = document.execCommand("copy"); } catch (err) { copied = false; }
      if (copied) done();
    };
    if (navigator.share && matchMedia("(pointer: coarse)").matches) {
      navigator.share({ title: link.dataset.title || document.title, url }).catch(() => {});
    } else if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(url).then(done, fallback);
    } else {
      fallback();
    }
  }

  // Keyboard: the board and the palette are one Tab stop each; the arrow keys move inside them.
  // Letters (and digits for river tiles) choose tiles, R turns, Enter lays, Esc cancels.
  function get(url) {
    if (window.boardChooser && window.boardChooser.go(url)) return;
    if (window.htmx) htmx.ajax("GET", url, { target: "#play", swap: "outerHTML" }); else location.href = url;
  }

  // The nearest item from ``here`` in the arrow's direction, by where the items are on screen.
  function nearestInDirection(items, here, dx, dy) {
    const from = here.getBoundingClientRect();
    const fx = from.left + from.width / 2, fy = from.top + from.height / 2;
    let best = null, bestScore = Infinity;
    for (const item of items) {
      if (item === here) continue;
      const box = item.getBoundingClientRect();
      const ix = box.left + box.width / 2 - fx, iy = box.top + box.height / 2 - fy;
      const along = dx ? ix * dx : iy * dy;
      const across = Math.abs(dx ? iy : ix);
      if (along < 2) continue;
      const score = along + 2 * across;
      if (score < bestScore) { bestScore = score; best = item; }
    }
    return best;
  }

  // What can take focus on a square: its link (an empty square, or a tile whose figure may change),
  // else the tile itself (to hear what is on it).
  function focusableOf(cell) {
    if (cell.matches("a")) return cell;
    const pick = cell.querySelector(".tile-pick");
    if (pick) return pick;
    if (!cell.hasAttribute("tabindex")) cell.setAttribute("tabindex", "-1");
    return cell;
  }

  function rove(from, to) {
    if (!to) return;
    if (from && from !== to && from.getAttribute("tabindex") === "0") from.setAttribute("tabindex", "-1");
    to.setAttribute("tabindex", "0");
    to.focus({ preventScroll: true });
  }

  function arrowInBoard(e, dx, dy) {
    const here = e.target;
    if (here.closest(".dot-form")) {
      const dots = Array.from(document.querySelectorAll(".dot"));
      const i = dots.indexOf(here);
      const next = dots[(i + (dx + dy > 0 ? 1 : dots.length - 1)) % dots.length];
      if (next) next.focus();
      return;
    }
    const legal = Array.from(document.querySelectorAll(".board-grid .cell.open.legal"));
    const all = Array.from(document.querySelectorAll(".board-grid .cell"));
    const hereCell = here.closest(".cell") || document.querySelector('.board-grid .cell[tabindex="0"]') || startCell();
    // With a tile chosen the arrows jump between the squares where it fits.
    const pool = legal.length ? legal : all;
    const next = nearestInDirection(pool, hereCell, dx, dy);
    if (!next) return;
    rove(here.matches("a") ? here : null, focusableOf(next));
    keepInView(next);
  }

  function arrowInPalette(e, dx, dy) {
    const tiles = Array.from(document.querySelectorAll(".palette-list a.palette-tile"));
    const next = nearestInDirection(tiles, e.target, dx, dy);
    if (next) { rove(e.target, next); next.scrollIntoView({ block: "nearest", inline: "nearest" }); }
  }

  document.addEventListener("keydown", (e) => {
    if (e.defaultPrevented || e.altKey || e.metaKey) return;
    if (e.target.closest("input, textarea, select")) return;
    if (!play()) return;
    const key = e.key;
    if (e.ctrlKey && (key === "z" || key === "Z")) {
      const undo = document.querySelector('.turn-controls form button[type="submit"]');
      if (undo) { e.preventDefault(); undo.click(); }
      return;
    }
    if (e.ctrlKey) return;
    if (key.startsWith("Arrow")) {
      const dx = { ArrowLeft: -1, ArrowRight: 1 }[key] || 0;
      const dy = { ArrowUp: -1, ArrowDown: 1 }[key] || 0;
      if (e.target.closest(".board-viewport")) { e.preventDefault(); arrowInBoard(e, dx, dy); return; }
      if (e.target.closest(".palette-list") && e.target.matches("a.palette-tile")) {
        e.preventDefault(); arrowInPalette(e, dx, dy); return;
      }
      return;
    }
    if (key === "+" || key === "=") { step(1); return; }
    if (key === "-") { step(-1); return; }
    if (key === "Escape") {
      e.preventDefault();
      const done = document.querySelector(".meeple-chooser [data-no-figure]");
      get(done ? done.getAttribute("href") : "?");
      return;
    }
    const options = Array.from(document.querySelectorAll(".preview-controls .option"));
    if ((key === "r" || key === "R") && options.length) {
      e.preventDefault();
      const current = options.findIndex((o) => o.classList.contains("current"));
      const next = options[(current + (e.shiftKey ? options.length - 1 : 1)) % options.length];
      const form = next.closest("form");
      const params = new URLSearchParams({ tile: form.tile.value, at: form.x.value + "," + form.y.value, r: form.rotation.value });
      get("?" + params.toString());
      return;
    }
    if (key === "Enter" && options.length && !e.target.closest("a, button")) {
      e.preventDefault();
      const current = document.querySelector(".preview-controls .option.current") || options[0];
      current.click();
      return;
    }
    if (/^[a-xA-X0-9]$/.test(key) && !e.shiftKey) {
      const link = document.querySelector(`.palette-tile[data-key="${key.toUpperCase()}"]`);
      if (link) { e.preventDefault(); get(link.getAttribute("href")); }
    }
  });

  // Keep the view where it was when htmx replaces the board.
  let focusWasHere = false;
  document.addEventListener("htmx:beforeSwap", (e) => {
    const vp = viewport();
    if (vp && e.detail.target && e.detail.target.id === "play") {
      const active = document.activeElement;
      focusWasHere = !active || active === document.body || Boolean(active.closest("#play"));
      const p = play();
      saved = {
        left: vp.scrollLeft, top: vp.scrollTop, minX: Number(p.dataset.minX), minY: Number(p.dataset.minY),
        tile: tileSize(), whole: Boolean(vp.dataset.whole),
      };
    }
  });
  let lastSetUp = 0;
  function swapped() {
    // A placement's answer changes the page in parts; both events may come for one answer.
    if (performance.now() - lastSetUp < 50) return;
    lastSetUp = performance.now();
    setUp(true);
  }
  // The view is put back as soon as the new board is in, so that it never jumps under a finger;
  // focus and announcements wait until htmx has settled (and made the new links its own).
  function wholeBoard(e) {
    return e.detail.target && e.detail.target.id === "play" && !e.detail.xhr.getResponseHeader("HX-Reswap");
  }
  document.addEventListener("htmx:afterSwap", (e) => { if (wholeBoard(e)) putBack(); });
  document.addEventListener("htmx:afterSettle", (e) => { if (wholeBoard(e)) swapped(); });
  // A placement answers with only the parts that changed (out of band), then says so.
  document.body.addEventListener("board-updated", () => {
    focusWasHere = focusWasHere || document.activeElement === document.body;
    swapped();
  });

  // Other phones enter moves too. Ask the server every 1.5 s whether the game moved on: it
  // answers an empty 304 while nothing changed, so an idle phone costs it next to nothing. When it
  // did, fetch the board again with this phone's own choice of tile and square kept.
  let lastInput = 0;
  let pointerDown = false;
  document.addEventListener("pointerdown", () => { pointerDown = true; lastInput = Date.now(); });
  document.addEventListener("pointerup", () => { pointerDown = false; });
  document.addEventListener("keydown", () => { lastInput = Date.now(); });
  let requests = 0; // this phone's own requests: their answers bring the new state themselves
  document.addEventListener("htmx:beforeRequest", () => { requests += 1; });
  function busy() {
    return pointerDown || Date.now() - lastInput < 700 || document.querySelector(".htmx-request");
  }
  // The board page keeps what it knows of the game in #play-state (replaced with every change);
  // the watching page on #play itself.
  function known() { return document.getElementById("play-state") || play(); }
  function check() {
    const p = known();
    if (!p || document.hidden || !p.dataset.stateUrl || busy()) return;
    const seen = p.dataset.state;
    const before = requests;
    fetch(p.dataset.stateUrl, { headers: { Accept: "application/json", "If-None-Match": '"' + seen + '"' }, cache: "no-store" })
      .then((r) => (r.status === 200 ? r.json() : null))
      .then((state) => {
        const now = known();
        if (!state || !now || state.state === now.dataset.state || now.dataset.state !== seen) return;
        if (requests !== before || busy()) return;
        const here = now.dataset.here || "?";
        get(here + (here.length > 1 ? "&" : "") + "synced=1");
      })
      .catch(() => {});
  }
  setInterval(check, 1500);
  document.addEventListener("visibilitychange", check);

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => setUp(false));
  else setUp(false);
})();
