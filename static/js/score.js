// The score page: the explanation of the chosen line is swapped in by htmx; its sentence goes to a
// live region outside the swapped part, which a screen reader keeps listening to.
(function () {
  "use strict";
  const announcer = document.getElementById("explain-announcer");
  if (!announcer) return;
  document.body.addEventListener("htmx:afterSettle", (event) => {
    const explain = document.getElementById("explain");
    if (!explain || !explain.contains(event.target) && event.target !== explain) return;
    const sentence = explain.dataset.announce || explain.querySelector("h2")?.textContent || "";
    // Emptied first: the same sentence twice in a row is still spoken.
    announcer.textContent = "";
    window.setTimeout(() => { announcer.textContent = sentence.trim(); }, 50);
  });
})();
