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
    vp.style.setProperty("--tile", px + "px");
    vp.scrollLeft = fx * px - ax;
    vp.scrollTop = fy * px - ay;
    zoom = px;
    localStorage.setItem(STORE, String(px));
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
    vp.scrollTop = cell.offsetTop + cell.offsetHeight / 2 - vp.clientHeight / 2;
  }

  function startCell() {
    return document.querySelector('.cell.tile[data-x="0"][data-y="0"]') || document.querySelector(".cell");
  }

  function setUp() {
    const vp = viewport();
    if (!vp) return;
    if (zoom) vp.style.setProperty("--tile", zoom + "px");
    if (centreLast) {
      centreLast = false;
      saved = null;
      centreOn(document.querySelector(".cell.tile.last"));
    } else if (saved) {
      const p = play();
      const dx = (saved.minX - Number(p.dataset.minX)) * tileSize();
      const dy = (saved.minY - Number(p.dataset.minY)) * tileSize();
      vp.scrollLeft = saved.left + dx;
      vp.scrollTop = saved.top + dy;
      saved = null;
    } else {
      // With meeple dots showing, the tile just laid matters most; otherwise start at the start.
      centreOn(document.querySelector(".dot") ? document.querySelector(".cell.tile.last") : startCell());
    }
    // On a phone the board and the palette are far apart: bring into view what comes next.
    const next = document.querySelector(".dot") ? vp : document.querySelector(".palette-list.narrowed");
    if (next) {
      const box = next.getBoundingClientRect();
      if (box.top < 0 || box.top > window.innerHeight * 0.6) next.scrollIntoView({ block: "start" });
    }
    const focusTarget = document.querySelector(".rotations .option.current");
    if (focusTarget) focusTarget.focus({ preventScroll: true });
  }

  // Pan by dragging (mouse or pen); touch uses native scrolling.
  let drag = null;
  document.addEventListener("pointerdown", (e) => {
    const vp = e.target.closest && e.target.closest(".board-viewport");
    if (!vp || e.pointerType === "touch" || e.button !== 0 || e.target.closest("a, button")) return;
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
    drag = null;
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
    const button = e.target.closest("[data-zoom]");
    if (button) {
      const what = button.dataset.zoom;
      if (what === "in") step(1);
      else if (what === "out") step(-1);
      else centreOn(document.querySelector(".cell.tile.last") || startCell());
      return;
    }
    if (e.target.closest("[data-centre-last]")) centreLast = true;
    const share = e.target.closest("[data-share]");
    if (share && navigator.clipboard) {
      e.preventDefault();
      navigator.clipboard.writeText(share.href).then(() => {
        share.textContent = share.dataset.copied || share.textContent;
      });
    }
    if (drag && drag.moved) e.preventDefault();
  }, true);

  // Keyboard: arrows move between squares, letters choose tiles, R turns, Enter lays, Esc cancels.
  function cells() { return Array.from(document.querySelectorAll(".board-grid .cell")); }
  function cellAt(x, y) { return document.querySelector(`.board-grid .cell[data-x="${x}"][data-y="${y}"]`); }
  function focusable(cell) {
    if (!cell) return null;
    if (cell.matches("a, button")) return cell;
    if (!cell.hasAttribute("tabindex")) cell.setAttribute("tabindex", "-1");
    return cell;
  }
  function get(url) { if (window.htmx) htmx.ajax("GET", url, { target: "#play", swap: "outerHTML" }); else location.href = url; }

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
    const inBoard = e.target.closest(".board-viewport");
    if (key.startsWith("Arrow") && inBoard) {
      e.preventDefault();
      const here = e.target.closest(".cell") || document.querySelector(".cell.tile.last") || startCell();
      let x = Number(here.dataset.x), y = Number(here.dataset.y);
      const dx = { ArrowLeft: -1, ArrowRight: 1 }[key] || 0;
      const dy = { ArrowUp: -1, ArrowDown: 1 }[key] || 0;
      // Jump over gaps to the next square that holds a tile or can take one.
      const all = cells();
      const xs = all.map((c) => Number(c.dataset.x)), ys = all.map((c) => Number(c.dataset.y));
      for (let i = 0; i < 200; i++) {
        x += dx; y += dy;
        if (x < Math.min(...xs) || x > Math.max(...xs) || y < Math.min(...ys) || y > Math.max(...ys)) return;
        const next = focusable(cellAt(x, y));
        if (next) { next.focus(); next.scrollIntoView({ block: "nearest", inline: "nearest" }); return; }
      }
      return;
    }
    if (key === "+" || key === "=") { step(1); return; }
    if (key === "-") { step(-1); return; }
    if (key === "Escape") { e.preventDefault(); get("?"); return; }
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
    if (/^[a-xA-X]$/.test(key) && !e.shiftKey) {
      const link = document.querySelector(`.palette-tile[data-key="${key.toUpperCase()}"]`);
      if (link) { e.preventDefault(); get(link.getAttribute("href")); }
    }
  });

  // Keep the view where it was when htmx replaces the board.
  document.addEventListener("htmx:beforeSwap", (e) => {
    const vp = viewport();
    if (vp && e.detail.target && e.detail.target.id === "play") {
      const p = play();
      saved = { left: vp.scrollLeft, top: vp.scrollTop, minX: Number(p.dataset.minX), minY: Number(p.dataset.minY) };
    }
  });
  document.addEventListener("htmx:afterSettle", (e) => { if (e.detail.target && e.detail.target.id === "play") setUp(); });

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
  function check() {
    const p = play();
    if (!p || document.hidden || !p.dataset.stateUrl || busy()) return;
    const seen = p.dataset.state;
    const before = requests;
    fetch(p.dataset.stateUrl, { headers: { Accept: "application/json", "If-None-Match": '"' + seen + '"' }, cache: "no-store" })
      .then((r) => (r.status === 200 ? r.json() : null))
      .then((state) => {
        const now = play();
        if (!state || !now || state.state === now.dataset.state || now.dataset.state !== seen) return;
        if (requests !== before || busy()) return;
        const here = now.dataset.here || "?";
        get(here + (here.length > 1 ? "&" : "") + "synced=1");
      })
      .catch(() => {});
  }
  setInterval(check, 1500);
  document.addEventListener("visibilitychange", check);

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
