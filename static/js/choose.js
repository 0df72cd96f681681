// Choosing a tile, a square and a turn on the board page, at once and without asking the server.
// The page carries, from the engine, where every tile left fits (#play-choices); this script
// highlights, narrows, previews and finds from that alone, and keeps the choice in the address
// (a reload comes back to it, Back steps back through it). Laying stays the form post the engine
// checks. What this script cannot say itself (why a tile fits nowhere, why a square takes no tile)
// it asks the server for, as the page's links do without any script.
(function () {
  "use strict";

  // What the page knows: the tiles' squares, and the choice being made.
  let fits = new Map(); // tile -> Map("x,y" -> [turns])
  let digest = "";
  let chosen = { tile: null, square: null, rotation: null, player: null, others: false };
  const finder = { city: null, road: null, marks: new Set() };
  const FEW = 6;
  let adopted = ""; // the position the finder's choices were made in

  const play = () => document.getElementById("play");
  const $ = (selector, root) => (root || document).querySelector(selector);
  const $$ = (selector, root) => Array.from((root || document).querySelectorAll(selector));
  const key = (square) => square[0] + "," + square[1];

  function readChoices() {
    const script = document.getElementById("play-choices");
    fits = new Map();
    digest = "";
    if (!script) return false;
    const data = JSON.parse(script.textContent);
    digest = data.digest;
    for (const [tile, rows] of Object.entries(data.fits)) {
      const squares = new Map();
      for (const row of rows) squares.set(row[0] + "," + row[1], row.slice(2));
      fits.set(tile, squares);
    }
    return true;
  }

  // -- Words: the server's sentences with {tile}, {x}, {y}, {turn} left open. --
  function words() { return document.getElementById("choose-words"); }
  function digits(value) {
    const script = words() ? words().dataset.digits : "";
    const text = String(value);
    if (!script || script === "0123456789") return text;
    return text.replace(/-/g, "\u2212").replace(/[0-9]/g, (d) => script[Number(d)]);
  }
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? values[name] : whole));
  }
  function word(name, values) {
    const el = words() && words().content.querySelector(`[data-word="${name}"]`);
    return el ? fill(el.textContent.trim().replace(/\s+/g, " "), values || {}) : "";
  }
  function wordNode(name, values) {
    const el = words() && words().content.querySelector(`[data-word="${name}"]`);
    if (!el) return null;
    const copy = el.cloneNode(true);
    copy.removeAttribute("data-word");
    const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) n.nodeValue = fill(n.nodeValue, values || {});
    return copy;
  }
  function tileName(tile) {
    const link = $(`.palette-list.full [data-tile="${tile}"]`);
    return (link && link.dataset.name) || tile;
  }
  // The classes of a tile's picture (tile-art.css): which tile, turned how far.
  function artClass(tile, turn) {
    return `art t-${tile} r${turn}`;
  }

  // -- The address: the same parameters the server reads (scorer/boardpage/selection.py). --
  function query(choice) {
    const parts = [];
    if (choice.tile) parts.push("tile=" + choice.tile);
    if (choice.square) parts.push("at=" + key(choice.square));
    if (choice.rotation !== null && choice.rotation !== undefined) parts.push("r=" + choice.rotation);
    if (choice.player !== null && choice.player !== undefined) parts.push("for=" + choice.player);
    if (choice.others) parts.push("others=1");
    return "?" + parts.join("&");
  }
  const HANDLED = new Set(["tile", "at", "r", "for", "others"]);
  function parse(href) {
    const url = new URL(href, location.href);
    if (url.pathname !== location.pathname) return null;
    const params = url.searchParams;
    for (const name of params.keys()) if (!HANDLED.has(name)) return null;
    const at = params.get("at");
    const square = at && /^-?\d+,-?\d+$/.test(at) ? at.split(",").map(Number) : null;
    const r = params.get("r");
    const player = params.get("for");
    return {
      tile: params.get("tile") || null,
      square,
      rotation: r !== null && /^(0|90|180|270)$/.test(r) ? Number(r) : null,
      player: player !== null && /^[0-5]$/.test(player) ? Number(player) : null,
      others: params.get("others") === "1",
    };
  }

  // -- Asking the server, for what only it can say. --
  function ask(choice) {
    const href = query(choice);
    remember(href, true);
    if (window.htmx) htmx.ajax("GET", href, { target: "#play", swap: "outerHTML" });
    else location.href = href;
  }
  function remember(href, push) {
    const state = { digest, href };
    const now = location.search || "?";
    if (push && now !== href) history.pushState(state, "", href);
    else history.replaceState(state, "", href);
    const known = document.getElementById("play-state");
    if (known) known.dataset.here = href;
  }

  // -- Showing a choice. --
  function openCell(square) {
    return $(`#board-grid a.cell.open[data-x="${square[0]}"][data-y="${square[1]}"]`);
  }
  function turnsAt(tile, square) {
    const squares = tile && fits.get(tile);
    return (squares && square && squares.get(key(square))) || null;
  }

  // Put ``choice`` on the page; false if only the server can show it.
  function show(choice, push) {
    if (choice.tile && !fits.has(choice.tile)) return false; // fits nowhere: the server says why
    if (choice.square && !openCell(choice.square)) return false;
    const turns = turnsAt(choice.tile, choice.square);
    if (choice.tile && choice.square && !turns) return false; // does not fit there: say why
    if (!choice.tile && choice.square && !anyFits(choice.square)) return false;
    if (turns && !turns.includes(choice.rotation)) choice.rotation = turns[0];
    if (!turns) choice.rotation = null;
    leaveFigureStep();
    chosen = choice;
    markSquares();
    showPreview(turns);
    showStatus(turns);
    showPalette();
    applyFinder();
    remember(query(chosen), push);
    announce();
    return true;
  }

  function anyFits(square) {
    for (const squares of fits.values()) if (squares.has(key(square))) return true;
    return false;
  }

  function markSquares() {
    const squares = chosen.tile ? fits.get(chosen.tile) : null;
    for (const cell of $$("#board-grid a.cell.open")) {
      const here = cell.dataset.x + "," + cell.dataset.y;
      const legal = Boolean(squares && squares.has(here));
      const selected = Boolean(chosen.square && key(chosen.square) === here);
      cell.classList.toggle("legal", legal);
      cell.classList.toggle("selected", selected);
      const gap = cell.classList.contains("gap");
      const plain = gap ? "gap" : cell.classList.contains("waiting") ? "waiting" : cell.classList.contains("dead") ? "dead" : "empty";
      const label = word(legal ? (gap ? "gap-legal" : "legal") : plain, { x: digits(cell.dataset.x), y: digits(cell.dataset.y) });
      if (label) cell.setAttribute("aria-label", label);
    }
    // The board's one Tab stop: the chosen square, else the fitting square nearest the last tile.
    const target = (chosen.square && openCell(chosen.square)) || nearestLegal();
    if (target) {
      for (const cell of $$('#board-grid [tabindex="0"]')) if (cell !== target) cell.setAttribute("tabindex", "-1");
      target.setAttribute("tabindex", "0");
    }
  }

  function nearestLegal() {
    const legal = $$("#board-grid a.cell.open.legal");
    if (!legal.length) return null;
    const last = $("#board-grid .cell.tile.last");
    const ox = last ? Number(last.dataset.x) : 0, oy = last ? Number(last.dataset.y) : 0;
    const distance = (c) => Math.abs(c.dataset.x - ox) + Math.abs(c.dataset.y - oy);
    return legal.reduce((best, c) => (distance(c) < distance(best) ? c : best));
  }

  function showPreview(turns) {
    for (const old of $$("#board-grid .cell.preview")) old.remove();
    if (!turns) return;
    const cell = openCell(chosen.square);
    const preview = document.createElement("div");
    const place = Array.from(cell.classList).filter((c) => /^g[rc]-/.test(c));
    preview.className = ["cell", "preview", ...place].join(" ");
    preview.dataset.x = chosen.square[0];
    preview.dataset.y = chosen.square[1];
    const art = document.createElement("span");
    art.className = artClass(chosen.tile, chosen.rotation);
    art.setAttribute("role", "img");
    art.setAttribute("aria-label", word("about-to-lay", { tile: tileName(chosen.tile), turn: digits(chosen.rotation) }));
    preview.append(art);
    cell.after(preview);
  }

  // A lay button: the server's form (#lay-template) for this tile, square and turn.
  function layForm(tile, square, turn, current) {
    const template = document.getElementById("lay-template");
    const form = template.content.firstElementChild.cloneNode(true);
    form.elements.tile.value = tile;
    form.elements.x.value = square[0];
    form.elements.y.value = square[1];
    form.elements.rotation.value = turn;
    // The template may be from an earlier answer (a lay keeps the side's lists): the position
    // and the board's corner are the page's own, now.
    form.elements.expected.value = digest;
    form.elements.west.value = play().dataset.minX;
    form.elements.north.value = play().dataset.minY;
    const player = form.elements.player;
    if (player && chosen.player === null) player.remove();
    else if (player) player.value = chosen.player;
    const button = form.querySelector("button");
    button.dataset.tile = tile;
    button.dataset.rotation = turn;
    button.classList.toggle("current", Boolean(current));
    button.setAttribute("aria-label", word("lay", { tile: tileName(tile), turn: digits(turn) }));
    button.querySelector(".art").className = artClass(tile, turn);
    return form;
  }

  function showStatus(turns) {
    const status = document.getElementById("play-status");
    if (!status) return;
    for (const el of Array.from(status.children)) if (!el.classList.contains("extra-tile")) el.remove();
    let content;
    if (turns) {
      content = wordNode("preview", { tile: tileName(chosen.tile), x: digits(chosen.square[0]), y: digits(chosen.square[1]) });
      const buttons = $(".turn-buttons", content);
      if (turns.length > 1) {
        const here = turns.indexOf(chosen.rotation);
        $('[data-turn="left"]', buttons).setAttribute("href", query({ ...chosen, rotation: turns[(here + turns.length - 1) % turns.length] }));
        $('[data-turn="right"]', buttons).setAttribute("href", query({ ...chosen, rotation: turns[(here + 1) % turns.length] }));
      } else buttons.remove();
      const group = $(".rotations", content);
      for (const turn of turns) group.append(layForm(chosen.tile, chosen.square, turn, turn === chosen.rotation));
    } else if (chosen.square) {
      content = wordNode("square", { x: digits(chosen.square[0]), y: digits(chosen.square[1]) });
    } else if (chosen.tile) {
      content = wordNode("tile", { tile: tileName(chosen.tile) });
    } else {
      const idle = document.getElementById("idle-status");
      content = idle ? idle.content.cloneNode(true) : null;
    }
    if (content) status.append(content);
    if (window.htmx) htmx.process(status);
  }

  function showPalette() {
    const full = $(".palette-list.full");
    if (!full) return;
    for (const entry of $$(".palette-entry", full)) {
      const link = $("a.palette-tile", entry);
      const selected = Boolean(link && link.dataset.tile === chosen.tile);
      entry.classList.toggle("selected", selected);
      if (link) { if (selected) link.setAttribute("aria-current", "true"); else link.removeAttribute("aria-current"); }
      if (link && chosen.tile) link.setAttribute("tabindex", selected ? "0" : "-1");
    }
    for (const old of $$(".palette-list.narrowed, .palette .narrow-note")) old.remove();
    full.hidden = Boolean(chosen.square);
    if (!chosen.square) return;
    const note = wordNode("narrow");
    full.before(note);
    const narrowed = document.createElement("ul");
    narrowed.className = "palette-list narrowed";
    // The likeliest first for the room each takes: copies left per way it fits, so that the tile
    // drawn is, on average, the fewest buttons in (a tile fitting four ways takes four buttons).
    const fitting = $$("a.palette-tile", full)
      .map((link) => ({ link, turns: turnsAt(link.dataset.tile, chosen.square) }))
      .filter(({ turns }) => turns && turns.length)
      .sort((a, b) => Number(b.link.dataset.left) / b.turns.length - Number(a.link.dataset.left) / a.turns.length);
    for (const { link, turns } of fitting) {
      const entry = document.createElement("li");
      entry.className = "palette-entry" + (link.dataset.tile === chosen.tile ? " selected" : "");
      entry.dataset.tile = link.dataset.tile;
      entry.dataset.facts = link.dataset.facts || "";
      const name = $(".tile-name", link);
      if (name) entry.append(name.cloneNode(true));
      for (const turn of turns) entry.append(layForm(link.dataset.tile, chosen.square, turn, false));
      const left = $(".remaining", link);
      if (left) entry.append(left.cloneNode(true));
      narrowed.append(entry);
    }
    full.after(narrowed);
    if (window.htmx) htmx.process(narrowed);
    // On a phone the sheet rises with the list (play.css): keep the chosen square above it.
    const cell = openCell(chosen.square);
    if (cell && window.boardView) requestAnimationFrame(() => window.boardView.keepInView(cell));
  }

  // -- The tile finder: narrows what the palette shows by what the drawn tile shows. --
  // Each button shows only while it would leave some tile: a count no tile left has, or a mark
  // every tile shown already has, is not offered.
  function factsOf(entry) {
    const holder = entry.dataset.facts !== undefined ? entry : $("[data-facts]", entry);
    return new Set(((holder && holder.dataset.facts) || "").split(" "));
  }
  function matches(facts, except) {
    return (except === "city" || finder.city === null || facts.has("city-" + finder.city))
      && (except === "road" || finder.road === null || facts.has("road-" + finder.road))
      && Array.from(finder.marks).every((m) => facts.has(m));
  }
  function applyFinder() {
    const box = document.getElementById("finder");
    const list = $(".palette-list.narrowed") || $(".palette-list.full");
    if (!box || !list) return;
    box.hidden = false;
    const entries = $$(":scope > .palette-entry", list).map((entry) => ({ entry, facts: factsOf(entry) }));
    const left = entries.filter(({ entry }) => !entry.classList.contains("empty"));
    let shown = 0;
    for (const { entry, facts } of entries) {
      entry.hidden = !matches(facts);
      if (!entry.hidden && !entry.classList.contains("empty")) shown += 1;
    }
    const active = finder.city !== null || finder.road !== null || finder.marks.size > 0;
    const showing = left.filter(({ facts }) => matches(facts));
    for (const chip of $$(".finder-chip[data-facet]", box)) {
      const { facet, value } = chip.dataset;
      const on = facet === "mark" ? finder.marks.has(value) : finder[facet] === value;
      chip.setAttribute("aria-pressed", on ? "true" : "false");
      let offered;
      if (facet === "mark") {
        const having = showing.filter(({ facts }) => facts.has(value)).length;
        offered = having > 0 && having < showing.length;
      } else {
        offered = left.some(({ facts }) => matches(facts, facet) && facts.has(facet + "-" + value));
      }
      chip.hidden = !on && !offered;
    }
    // A handful of tiles needs no finding.
    box.hidden = !active && left.length <= FEW;
    for (const row of $$(".finder-row", box)) row.hidden = !$$(".finder-chip", row).some((c) => !c.hidden);
    // A phone shows the road sides once a count is chosen, or when the city sides narrow nothing:
    // a row more of tiles in view (play.css).
    const cities = $(".finder-cities", box);
    box.classList.toggle("counted", finder.city !== null || finder.road !== null || !cities || cities.hidden);
    const clear = $("[data-finder-clear]", box);
    if (clear) { clear.hidden = !active; if (active) clear.closest(".finder-row").hidden = false; }
    const none = $(".finder-none");
    if (none) none.hidden = !active || shown > 0;
  }

  function toggleFacet(chip) {
    const { facet, value } = chip.dataset;
    if (facet === "mark") {
      if (finder.marks.has(value)) finder.marks.delete(value); else finder.marks.add(value);
    } else finder[facet] = finder[facet] === value ? null : value;
    applyFinder();
  }

  // -- The figure step ends when the next tile or square is chosen: that means "no figure". --
  function leaveFigureStep() {
    const chooser = document.getElementById("meeple-chooser");
    for (const dot of $$("#board-grid .dot-form")) dot.remove();
    for (const cell of $$("#board-grid .cell.tile.choosing")) {
      cell.classList.remove("choosing");
      if (!$(".tile-pick", cell)) {
        const pick = document.createElement("a");
        pick.className = "tile-pick";
        const state = document.getElementById("play-state");
        const whose = chosen.player !== null ? "for=" + chosen.player + "&" : "";
        const on = state && state.dataset.mode === "final" ? "on=" + cell.dataset.x + "," + cell.dataset.y + "&" : "";
        pick.href = "?" + whose + on + "spots=1";
        pick.setAttribute("hx-get", pick.getAttribute("href"));
        pick.setAttribute("aria-label", word("pick", { tile: tileName(cell.dataset.tile), x: digits(cell.dataset.x), y: digits(cell.dataset.y) }));
        pick.tabIndex = -1;
        cell.append(pick);
        if (window.htmx) htmx.process(cell);
      }
    }
    if (chooser) chooser.remove();
    const card = document.getElementById("figure-card");
    if (card) card.remove();
  }

  // -- Speaking: what the status now says. --
  function announce() {
    const region = document.getElementById("announcer");
    if (!region) return;
    const text = $$("#play-status [data-announce]")
      .map((el) => (el.innerText ?? el.textContent).trim().replace(/\s+/g, " "))
      .filter(Boolean).join(" ");
    region.textContent = "";
    setTimeout(() => { region.textContent = text; }, 60);
  }

  // -- Taps and clicks: caught before htmx, so that choosing sends nothing. --
  function go(choice, push) {
    if (show(choice, push !== false)) return true;
    ask(choice);
    return true;
  }

  // Where the keyboard goes after a choice, as after the server's board (board.js): the turn to
  // lay, else the board's Tab stop once a tile or square is chosen, else the palette's.
  function focusNext() {
    const active = document.activeElement;
    if (active && active !== document.body && !(play() && play().contains(active))) return;
    const target = $(".rotations .option.current")
      || ($(".palette-tile[aria-current], #board-grid .cell.open.selected, #board-grid .cell.open.legal")
        && $('#board-grid .cell[tabindex="0"]'))
      || $(".palette-list.narrowed .option")
      || $('.palette-list.full .palette-tile[tabindex="0"]');
    if (target) target.focus({ preventScroll: true });
  }

  document.addEventListener("click", (event) => {
    if (!fits.size && !digest) return;
    const root = play();
    if (!root || !root.contains(event.target) || root.classList.contains("is-busy")) return;
    // The phone's figure card shows the spots of every kind it offers: switching asks nothing.
    const kind = event.target.closest(".figure-card .kind-chip[data-kind]");
    if (kind) {
      event.preventDefault();
      event.stopPropagation();
      const card = kind.closest(".figure-card");
      for (const chip of $$(".kind-chip", card)) {
        if (chip === kind) chip.setAttribute("aria-current", "true"); else chip.removeAttribute("aria-current");
      }
      for (const form of $$(".dot-form", card)) form.hidden = form.dataset.kind !== kind.dataset.kind && !("alone" in form.dataset);
      return;
    }
    const chip = event.target.closest(".finder-chip");
    if (chip) {
      event.preventDefault();
      if (chip.hasAttribute("data-finder-clear")) { finder.city = finder.road = null; finder.marks.clear(); applyFinder(); }
      else toggleFacet(chip);
      return;
    }
    let choice = null;
    const tile = event.target.closest(".palette-list.full a.palette-tile");
    const square = event.target.closest("#board-grid a.cell.open");
    const turn = event.target.closest(".turn-buttons a[data-turn]");
    const link = event.target.closest('a[href^="?"]');
    if (tile) choice = { ...chosen, tile: tile.dataset.tile, square: null, rotation: null };
    else if (square) {
      const at = [Number(square.dataset.x), Number(square.dataset.y)];
      // Tapping the chosen square again, with no tile, goes back to choosing a square.
      choice = !chosen.tile && chosen.square && key(chosen.square) === key(at)
        ? { ...chosen, square: null }
        : { ...chosen, square: at, rotation: null };
    } else if (turn || link) {
      choice = parse((turn || link).getAttribute("href"));
      if (choice && choice.player === null && !link.closest(".meeple-chooser, .figure-card")) choice.player = chosen.player;
    }
    if (!choice) return;
    event.preventDefault();
    event.stopPropagation();
    go(choice);
    focusNext();
  }, true);

  // Back and Forward step through the choices of this turn; a choice from before the last move
  // (another position) is not brought back.
  window.addEventListener("popstate", (event) => {
    if (!play() || !readChoices()) return;
    const state = event.state;
    if (state && state.digest && state.digest !== digest) {
      show({ tile: null, square: null, rotation: null, player: chosen.player, others: false }, false);
      return;
    }
    const choice = parse(location.href);
    if (!choice) {
      // A step only the server draws (the figure step of this position): ask for it again.
      if (window.htmx) htmx.ajax("GET", location.search || "?", { target: "#play", swap: "outerHTML" });
      return;
    }
    if (!show(choice, false)) show({ ...choice, tile: null, square: null, rotation: null }, false);
  });

  // The board the server sent (on opening, or after a move): read what it carries, and keep its
  // choice in the address so that a reload comes back to it.
  // Once per answer (each brings its own #play-state), as soon as it is in the page: a choice the
  // reader starts before the answer has settled is made on the new position, and kept.
  function adopt() {
    const state = document.getElementById("play-state");
    if (!play() || !state || state.dataset.adopted) return;
    if (!readChoices()) return;
    state.dataset.adopted = "1";
    if (digest !== adopted) { finder.city = finder.road = null; finder.marks.clear(); adopted = digest; }
    const here = parse(location.href);
    const at = state && state.dataset.at;
    chosen = parse(at || "?") || here || { tile: null, square: null, rotation: null, player: null, others: false };
    if (at && location.search !== (at === "?" ? "" : at)) history.replaceState({ digest, href: at }, "", at);
    else history.replaceState({ digest, href: location.search || "?" }, "", location.href);
    applyFinder();
  }

  // After a lay or a figure the server leaves this page's list of tiles in place (hx-preserve)
  // and sends only the entry that changed: show it as the server draws it with nothing chosen.
  // A page without the list (it never had one) asks for the whole board instead.
  function restorePalette() {
    const full = $(".palette-list.full");
    const links = full ? $$("a.palette-tile", full) : [];
    if (!full || !$(".palette-entry", full)) {
      if (window.htmx) htmx.ajax("GET", location.pathname, { target: "#play", swap: "outerHTML" });
      return false;
    }
    full.hidden = false;
    for (const old of $$(".palette-list.narrowed, .palette .narrow-note")) old.remove();
    for (const entry of $$(".palette-entry.selected", full)) entry.classList.remove("selected");
    links.forEach((link, i) => {
      link.removeAttribute("aria-current");
      link.setAttribute("tabindex", i === 0 ? "0" : "-1");
    });
    return true;
  }

  // For the keyboard (board.js): choose through here when this script can.
  window.boardChooser = {
    go(href) {
      const choice = parse(href);
      if (!choice || !fits.size) return false;
      if (choice.player === null) choice.player = chosen.player;
      go(choice);
      focusNext();
      return true;
    },
    get chosen() { return chosen; },
  };

  // Before anything settles (board.js moves the focus then): the list kept must look right.
  document.addEventListener("htmx:afterSwap", () => {
    const state = document.getElementById("play-state");
    if (state && state.dataset.kept === "palette") {
      delete state.dataset.kept;
      if (!restorePalette()) return;
    }
    adopt();
  });
  document.addEventListener("htmx:afterSettle", (e) => { if (e.detail.target && e.detail.target.id === "play") adopt(); });
  document.body.addEventListener("board-updated", adopt);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", adopt);
  else adopt();
})();
