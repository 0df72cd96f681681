// Animated examples: arrow keys step, Play runs the steps, and the focus stays on the example.
// Without this script the Previous/Next links still work as plain links.
(function () {
  "use strict";
  const DELAY = 2600;
  const timers = new WeakMap();
  const rtl = document.documentElement.dir === "rtl";

  function go(example, action) {
    const link = example.querySelector(`[data-action="${action}"]`);
    if (!link || link.getAttribute("aria-disabled") === "true") return false;
    link.click();
    return true;
  }

  function stop(example) {
    const id = timers.get(example);
    if (id) clearInterval(id);
    timers.delete(example);
  }

  function setUp(root) {
    root.querySelectorAll(".example").forEach((example) => {
      const play = example.querySelector('[data-action="play"]');
      if (!play) return;
      play.hidden = false;
      if (example.dataset.playing === "1") {
        play.textContent = play.dataset.pause;
        play.setAttribute("aria-pressed", "true");
      } else {
        play.setAttribute("aria-pressed", "false");
      }
    });
  }

  document.addEventListener("click", (e) => {
    const play = e.target.closest('[data-action="play"]');
    if (!play) return;
    const example = play.closest(".example");
    const id = example.id;
    if (playing.has(id)) {
      playing.delete(id);
      play.textContent = play.dataset.play;
      play.setAttribute("aria-pressed", "false");
      return;
    }
    playing.add(id);
    play.textContent = play.dataset.pause;
    play.setAttribute("aria-pressed", "true");
    if (example.dataset.step === example.dataset.last) {
      // Start again from the beginning.
      const first = example.querySelector('[data-action="prev"]');
      if (first && window.htmx) htmx.ajax("GET", first.getAttribute("href").replace(/step=-?\d+/, "step=0"), { target: "#" + id, swap: "outerHTML" });
    } else {
      go(example, "next");
    }
  });

  // Remember which examples are playing across swaps (each step replaces the element).
  const playing = new Set();
  document.addEventListener("htmx:afterSettle", (e) => {
    const example = document.getElementById(e.detail.target.id) || e.detail.elt;
    const fresh = e.detail.target && e.detail.target.id ? document.getElementById(e.detail.target.id) : null;
    if (!fresh || !fresh.classList.contains("example")) return;
    setUp(fresh.parentElement || document);
    const play = fresh.querySelector('[data-action="play"]');
    if (playing.has(fresh.id)) {
      play.textContent = play.dataset.pause;
      play.setAttribute("aria-pressed", "true");
      if (fresh.dataset.step === fresh.dataset.last) {
        playing.delete(fresh.id);
        play.textContent = play.dataset.play;
        play.setAttribute("aria-pressed", "false");
      } else {
        setTimeout(() => { if (playing.has(fresh.id)) go(fresh, "next"); }, DELAY);
      }
    }
    if (fresh.contains(document.activeElement) || document.activeElement === document.body) {
      const keep = fresh.querySelector(`[data-action="${lastAction}"]`);
      if (keep && keep.getAttribute("aria-disabled") !== "true") keep.focus({ preventScroll: true });
      else fresh.focus({ preventScroll: true });
    }
  });

  let lastAction = "next";
  document.addEventListener("click", (e) => {
    const a = e.target.closest("[data-action]");
    if (a) lastAction = a.dataset.action;
  }, true);

  // Arrow keys step the example that has focus; in right-to-left pages the arrows swap.
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest("input, textarea, select")) return;
    const example = e.target.closest && e.target.closest(".example");
    if (!example) return;
    const forward = rtl ? "ArrowLeft" : "ArrowRight";
    const back = rtl ? "ArrowRight" : "ArrowLeft";
    if (e.key === forward) { lastAction = "next"; if (go(example, "next")) e.preventDefault(); }
    else if (e.key === back) { lastAction = "prev"; if (go(example, "prev")) e.preventDefault(); }
    else if (e.key === " " && e.target === example) { e.preventDefault(); example.querySelector('[data-action="play"]').click(); }
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => setUp(document));
  else setUp(document);
})();
