// Animated examples: arrow keys step (mirrored on right-to-left pages), Play runs the steps and
// Space pauses and resumes it, keyboard focus stays on the control pressed as htmx swaps each step
// in, and each step's caption is read out by a live region that no swap replaces. Quizzes: after an answer
// is swapped in, focus goes back to the answer for another try, or to the verdict once it is done.
// Without this script the Previous/Next links still work as plain links, and quizzes as forms.
(function () {
  "use strict";
  const DELAY = 2600;
  const DRAGON_STEP = 450; // tutorial.css: each of the dragon's steps shows this much after the one before
  const rtl = document.documentElement.dir === "rtl";
  const playing = new Set(); // ids of examples that are playing; each step replaces the element
  let active = null; // id of the example the reader last used
  let lastAction = "next";

  // One live region for every example on the page, outside what htmx swaps: a region swapped in
  // with its new text is not announced by most screen readers.
  const announcer = document.createElement("p");
  announcer.className = "visually-hidden";
  announcer.id = "example-announcer";
  announcer.setAttribute("aria-live", "polite");
  announcer.setAttribute("aria-atomic", "true");
  document.body.append(announcer);

  function announce(example) {
    const parts = [".step-count", ".example-caption", ".example-refusal", ".example-events"]
      .map((selector) => example.querySelector(selector))
      .filter(Boolean)
      .map((element) => element.textContent.replace(/\s+/g, " ").trim());
    announcer.textContent = parts.join(" ");
  }

  function controls(example, action) {
    return example.querySelector(`[data-action="${action}"]`);
  }

  // ``byReader``: the reader asked for this step, so focus follows to the control; a step that Play
  // takes leaves focus where it is (on Pause, ready to be pressed again).
  function go(example, action, byReader = true) {
    const link = controls(example, action);
    if (!link || link.getAttribute("aria-disabled") === "true") return false;
    active = example.id;
    if (byReader) lastAction = action;
    // Ask htmx directly: a key pressed just after a swap can come before htmx has wired up the
    // new links, and a plain click would then load the whole page.
    if (window.htmx) htmx.ajax("GET", link.getAttribute("href"), { target: "#" + example.id, swap: "outerHTML" });
    else link.click();
    return true;
  }

  function showPlaying(example, on) {
    const play = controls(example, "play");
    if (!play) return;
    play.hidden = false;
    play.textContent = on ? play.dataset.pause : play.dataset.play;
    play.setAttribute("aria-pressed", on ? "true" : "false");
  }

  function restart(example) {
    const prev = controls(example, "prev");
    const url = prev.getAttribute("href").replace(/step=-?\d+/, "step=0");
    htmx.ajax("GET", url, { target: "#" + example.id, swap: "outerHTML" });
  }

  function togglePlay(example) {
    active = example.id;
    lastAction = "play";
    if (playing.has(example.id)) {
      playing.delete(example.id);
      showPlaying(example, false);
      return;
    }
    playing.add(example.id);
    showPlaying(example, true);
    if (example.dataset.step === example.dataset.last) restart(example);
    else go(example, "next", false);
  }

  document.addEventListener("click", (e) => {
    const control = e.target.closest(".example [data-action]");
    if (!control) return;
    const example = control.closest(".example");
    active = example.id;
    lastAction = control.dataset.action;
    if (control.dataset.action === "play") togglePlay(example);
  });

  const FINISHED = ["right", "wrong", "shown"];

  function focusQuiz(quiz) {
    const state = quiz.dataset.state;
    let target = null;
    if (!state) target = quiz.querySelector('input[name="answer"]');
    else if (FINISHED.includes(state)) target = quiz.querySelector(".message");
    else target = quiz.querySelector('input[name="answer"]:checked') || quiz.querySelector('input[name="answer"]');
    if (target) target.focus();
  }

  document.addEventListener("htmx:afterSwap", (e) => {
    const fresh = e.detail.target && document.getElementById(e.detail.target.id);
    // A quiz's verdict is read as focus lands on it (or on the answer it describes): no announcer.
    if (fresh && fresh.classList.contains("quiz")) { focusQuiz(fresh); return; }
    if (!fresh || !fresh.classList.contains("example")) return;
    const isPlaying = playing.has(fresh.id) && fresh.dataset.step !== fresh.dataset.last;
    if (!isPlaying) playing.delete(fresh.id);
    showPlaying(fresh, isPlaying);
    // A step where the dragon walks stays up until its last step has shown.
    const wait = DELAY + DRAGON_STEP * Number(fresh.dataset.walk || 0);
    if (isPlaying) setTimeout(() => { if (playing.has(fresh.id)) go(fresh, "next", false); }, wait);
    announce(fresh);
    if (active === fresh.id) {
      const keep = controls(fresh, lastAction);
      const target = keep && keep.getAttribute("aria-disabled") !== "true" ? keep : fresh;
      target.focus({ preventScroll: true });
    }
  });

  // Arrow keys step the example in use; on right-to-left pages the arrows swap.
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest("input, textarea, select")) return;
    let example = e.target.closest && e.target.closest(".example");
    if (!example && e.target === document.body && active) example = document.getElementById(active);
    if (!example) return;
    const forward = rtl ? "ArrowLeft" : "ArrowRight";
    const back = rtl ? "ArrowRight" : "ArrowLeft";
    // An arrow key is no control: focus stays on whichever control (or the example) had it.
    const focused = e.target.closest("[data-action]");
    const step = (action) => {
      if (!go(example, action, false)) return;
      lastAction = focused ? focused.dataset.action : "";
      e.preventDefault();
    };
    if (e.key === forward) step("next");
    else if (e.key === back) step("prev");
    // Space on the Play button is the button's own click; anywhere else in the example it is Play.
    else if (e.key === " " && !e.target.closest("button") && controls(example, "play")) {
      e.preventDefault();
      togglePlay(example);
    }
  });

  document.querySelectorAll(".example").forEach((example) => showPlaying(example, false));
})();
