// The games opened on this device, kept in this browser only (localStorage): the board page
// remembers its game, the new-game page lists them. Nothing of it reaches the server.
(function () {
  "use strict";
  const STORE = "carcassonne-recent";
  const MOST = 12;

  function read() {
    try {
      const list = JSON.parse(localStorage.getItem(STORE) || "[]");
      return Array.isArray(list) ? list.filter((g) => g && typeof g.code === "string") : [];
    } catch (err) {
      return [];
    }
  }
  function write(list) {
    try { localStorage.setItem(STORE, JSON.stringify(list.slice(0, MOST))); } catch (err) { /* full or off */ }
  }

  function remember() {
    const state = document.getElementById("play-state");
    if (!state || !state.dataset.code) return;
    const game = {
      code: state.dataset.code,
      url: location.pathname,
      players: (state.dataset.players || "").slice(0, 200),
      tiles: Number(state.dataset.moves) || 0,
      when: Date.now(),
    };
    write([game, ...read().filter((g) => g.code !== game.code)]);
  }

  function list() {
    const box = document.getElementById("recent-games");
    if (!box) return;
    const games = read();
    const ul = box.querySelector(".recent-list");
    ul.replaceChildren();
    const digits = ul.dataset.digits || "0123456789";
    const local = (n) => String(n).replace(/[0-9]/g, (d) => digits[Number(d)]);
    const language = document.documentElement.lang || undefined;
    for (const game of games) {
      // Only links into this site's own games: a doctored entry cannot point elsewhere.
      if (!/^\/[a-z-]+\/play\/[a-z0-9]+\/$/.test(game.url || "")) continue;
      const li = document.createElement("li");
      const link = document.createElement("a");
      link.href = game.url;
      const names = document.createElement("bdi");
      names.textContent = game.players || game.code;
      link.append(names);
      const about = document.createElement("span");
      about.className = "recent-about";
      let when = "";
      try { when = new Date(game.when).toLocaleDateString(language, { month: "short", day: "numeric" }); } catch (err) { when = ""; }
      about.textContent = [ul.dataset.tiles.replace("{n}", local(game.tiles)), when].filter(Boolean).join(" · ");
      li.append(link, " ", about);
      ul.append(li);
    }
    box.hidden = !ul.children.length;
  }

  document.addEventListener("click", (e) => {
    if (!e.target.closest("[data-forget-recent]")) return;
    write([]);
    list();
  });
  document.addEventListener("board-updated", remember);
  document.addEventListener("htmx:afterSettle", remember);
  function start() { remember(); list(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
