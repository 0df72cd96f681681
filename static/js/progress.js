// Which chapters this browser has read, kept in localStorage (no account, nothing sent anywhere).
// A chapter counts as read once its end (the pager to the next chapter) has been on screen. The
// contents and home pages tick the chapters read and offer to forget them. Without this script,
// or without storage, the pages simply show no ticks.
(function () {
  "use strict";
  const KEY = "carcassonne:chapters-read";

  function load() {
    try {
      const saved = JSON.parse(window.localStorage.getItem(KEY) || "[]");
      return new Set(Array.isArray(saved) ? saved.filter((s) => typeof s === "string") : []);
    } catch (error) {
      return new Set();
    }
  }

  function save(read) {
    try {
      if (read.size) window.localStorage.setItem(KEY, JSON.stringify([...read]));
      else window.localStorage.removeItem(KEY);
      return true;
    } catch (error) {
      return false; // storage refused (private mode, full): nothing to remember with
    }
  }

  // Chapters are read in any language: the slug is the same everywhere.
  function chapterSlug() {
    if (!document.querySelector("article.chapter .pager")) return null;
    const match = window.location.pathname.match(/\/learn\/([a-z0-9-]+)\/$/);
    return match ? match[1] : null;
  }

  function markWhenFinished(slug) {
    const end = document.querySelector("article.chapter .pager");
    const remember = () => {
      const read = load();
      if (!read.has(slug)) { read.add(slug); save(read); }
    };
    if (!("IntersectionObserver" in window)) { remember(); return; }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) { remember(); observer.disconnect(); }
    });
    observer.observe(end);
  }

  function digits(n) {
    try {
      return new Intl.NumberFormat(document.documentElement.lang || undefined).format(n);
    } catch (error) {
      return String(n);
    }
  }

  function showTicks() {
    const lists = document.querySelectorAll("[data-reading-list]");
    if (!lists.length) return;
    const read = load();
    lists.forEach((list) => {
      const items = [...list.querySelectorAll("[data-chapter]")];
      let next = null;
      let count = 0;
      items.forEach((item) => {
        const done = read.has(item.dataset.chapter);
        if (done) count += 1;
        else if (!next) next = item;
        item.classList.toggle("is-read", done);
        const mark = item.querySelector(".read-mark");
        if (mark) mark.hidden = !done;
      });
      const panel = list.parentElement.querySelector("[data-reading-progress]");
      if (!panel) return;
      panel.hidden = count === 0;
      const counter = panel.querySelector("[data-reading-count]");
      counter.textContent = counter.dataset.template.replace("{read}", digits(count));
      const nextLine = panel.querySelector("[data-reading-next]");
      const nextLink = next && next.querySelector("a");
      nextLine.hidden = !nextLink;
      if (nextLink) {
        const link = nextLine.querySelector("a");
        link.href = nextLink.getAttribute("href");
        link.textContent = (nextLink.querySelector(".chapter-title") || nextLink).textContent.trim();
      }
    });
  }

  document.addEventListener("click", (event) => {
    const forget = event.target.closest("[data-forget-reading]");
    if (!forget) return;
    save(new Set());
    showTicks();
    const list = document.querySelector("[data-reading-list] a");
    if (list) list.focus(); // the button has just hidden itself: keep the keyboard on the page
  });

  const slug = chapterSlug();
  if (slug) markWhenFinished(slug);
  showTicks();
})();
