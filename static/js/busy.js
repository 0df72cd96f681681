// A board being updated takes no taps until its new version is in: a tap on the old controls
// would act on the choice being replaced ("turn", then "lay" at once, laid the old turn). While
// a request for a board is out, the board ignores the pointer and any further request aimed at
// it is dropped; the new board arrives without the mark, and an answer that swaps nothing, or
// fails, clears it. Without this script every control is still a plain link or form.
(function () {
  "use strict";
  const GUARDED = "[data-busy-guard]";

  function boardOf(e) {
    const target = e.detail.target || e.detail.elt;
    return target && target.closest ? target.closest(GUARDED) : null;
  }
  function hold(board) {
    board.classList.add("is-busy");
    board.setAttribute("aria-busy", "true");
  }
  function release(board) {
    if (!board) return;
    board.classList.remove("is-busy");
    board.removeAttribute("aria-busy");
  }

  document.addEventListener("htmx:beforeRequest", (e) => {
    const board = boardOf(e);
    if (!board) return;
    // htmx queues a request made while another is out and sends it after the swap: by then the
    // control it came from has been replaced, and what it asked for is no longer what is shown.
    if (!board.isConnected || board.classList.contains("is-busy")) { e.preventDefault(); return; }
    hold(board);
  });
  // htmx lends the new board the old one's attributes until it settles (for CSS transitions), the
  // busy mark with them: the board now in place is the new one, so it takes taps at once.
  document.addEventListener("htmx:afterSwap", (e) => {
    const board = boardOf(e);
    if (!board) return;
    release(board);
    if (board.id) release(document.getElementById(board.id));
  });
  for (const name of ["htmx:afterSettle", "htmx:responseError", "htmx:sendError", "htmx:timeout", "htmx:swapError", "htmx:sendAbort"]) {
    document.addEventListener(name, (e) => release(boardOf(e)));
  }
  document.addEventListener("htmx:afterRequest", (e) => {
    if (!e.detail.successful) release(boardOf(e));
  });
  // An answer made only of out-of-band parts leaves the board itself in place.
  document.body.addEventListener("board-updated", () => document.querySelectorAll(GUARDED + ".is-busy").forEach(release));
})();
