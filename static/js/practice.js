// Practice boards: keys (arrows move between squares, R turns, Enter lays, Esc takes the tile
// back) and keeping keyboard focus in the right place as htmx swaps each step in.
// Without this script every control is still a plain link that loads the next step.
(function () {
  "use strict";
  let active = null; // id of the practice board the learner last used
  let last = null; // what they did last: a control's data-action, "cell" or "key"
  let held = null; // the square the held tile was on when they took it back

  // The engine's verdict is read out by a live region outside the swapped board: the one inside
  // (role="status") is new with every swap, and a new region is not announced.
  const announcer = document.createElement("p");
  announcer.className = "visually-hidden";
  announcer.id = "practice-announcer";
  announcer.setAttribute("aria-live", "polite");
  announcer.setAttribute("aria-atomic", "true");
  document.body.append(announcer);

  function practiceOf(node) {
    return node && node.closest ? node.closest(".practice") : null;
  }

  function current() {
    return practiceOf(document.activeElement) || (active && document.getElementById(active));
  }

  function control(practice, action) {
    return practice.querySelector(`[data-action="${action}"]`);
  }

  function go(practice, href, what) {
    active = practice.id;
    last = what;
    const tile = practice.querySelector(".cell.preview");
    held = tile ? [tile.dataset.x, tile.dataset.y] : null;
    if (window.htmx) htmx.ajax("GET", href, { target: "#" + practice.id, swap: "outerHTML" });
    else location.href = href;
  }

  function preview(practice) {
    const cell = practice.querySelector(".cell.preview");
    if (cell && !cell.hasAttribute("tabindex")) cell.setAttribute("tabindex", "-1");
    return cell;
  }

  // The squares the learner can move between with the arrows: the empty ones and the held tile.
  function squares(practice) {
    return Array.from(practice.querySelectorAll(".cell.open, .cell.preview"));
  }

  function step(practice, from, dx, dy) {
    const x = Number(from.dataset.x), y = Number(from.dataset.y);
    let best = null, bestScore = Infinity;
    for (const cell of squares(practice)) {
      const cx = Number(cell.dataset.x) - x, cy = Number(cell.dataset.y) - y;
      const along = cx * dx + cy * dy; // how far in the direction asked
      if (along <= 0) continue;
      const across = Math.abs(cx * dy) + Math.abs(cy * dx);
      const score = along + 2 * across;
      if (score < bestScore) { best = cell; bestScore = score; }
    }
    return best;
  }

  // Every control goes through htmx.ajax, before htmx's own handler on the link: a key pressed
  // just after a swap can come before htmx has wired up the new links, and the browser would then
  // load the whole page. A click with a modifier (a new tab) is left to the browser.
  document.addEventListener("click", (e) => {
    const link = e.target.closest(".practice a[href]");
    if (!link || !window.htmx || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    const practice = practiceOf(link);
    e.preventDefault();
    e.stopPropagation();
    go(practice, link.getAttribute("href"), link.dataset.action || (link.classList.contains("open") ? "cell" : null));
  }, true);

  const SUBMITS = /^(lay|none|aside|dot-|key-lay)/;

  document.addEventListener("htmx:afterSwap", (e) => {
    const fresh = e.detail.target && document.getElementById(e.detail.target.id);
    if (!fresh || !fresh.classList.contains("practice") || fresh.id !== active) return;
    const feedback = fresh.querySelector("[data-feedback]");
    let target = null;
    if (feedback && last && SUBMITS.test(last)) target = feedback;
    else if (last === "back") target = preview(fresh) || (held && fresh.querySelector(`.cell.open[data-x="${held[0]}"][data-y="${held[1]}"]`));
    else if (last === "cell" || last === "key") target = preview(fresh);
    else if (last) target = control(fresh, last);
    target = target || preview(fresh) || feedback || fresh.querySelector(".cell.open");
    // Focus on the verdict reads it; anywhere else, the announcer does.
    announcer.textContent = feedback && target !== feedback ? feedback.textContent.replace(/\s+/g, " ").trim() : "";
    if (target) target.focus({ preventScroll: false });
  });

  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    if (e.target.closest("input, textarea, select")) return;
    const practice = current();
    if (!practice) return;
    const key = e.key;
    if (key === "r" || key === "R") {
      const turn = control(practice, e.shiftKey ? "turn-left" : "turn-right");
      // Pressed on the turn button itself, focus stays there; anywhere else, on the held tile.
      const onButton = e.target.closest && e.target.closest("a") === turn;
      if (turn) { e.preventDefault(); go(practice, turn.getAttribute("href"), onButton ? turn.dataset.action : "key"); }
      return;
    }
    if (key === "Enter" && !e.target.closest("a, button, summary")) {
      const lay = control(practice, "lay");
      if (lay) { e.preventDefault(); go(practice, lay.getAttribute("href"), "key-lay"); }
      return;
    }
    if (key === "Escape") {
      // Back one step: the tile off its square, or off the board.
      if (practice.dataset.back) { e.preventDefault(); go(practice, practice.dataset.back, "back"); }
      return;
    }
    const move = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
    const from = e.target.closest && e.target.closest(".practice .cell");
    if (!move || !from) return;
    const next = step(practice, from, move[0], move[1]);
    e.preventDefault();
    if (next) next.focus();
  });

  // The held tile can take focus, so the arrows, R and Enter work from it.
  document.querySelectorAll(".practice").forEach(preview);
})();
