// What the browser runs for <Search />, as source text esbuild minifies into assets/search-<hash>.js (the engine
// ships no files of its own to bundle). Only pages that render the box load it; it enables the form, and loads
// Pagefind (pagefind/pagefind.js beside assets/, with its WebAssembly and index) only on the box's first focus
// or input. Results are links in a list under the box, their count told in a live region; no inline script.

import { SEARCH_ATTRIBUTE } from "../render/search.ts";

/** The module's source. Strings come from the form's data-* attributes (the template's props). */
export const SEARCH_CLIENT = `
const here = new URL(import.meta.url);
const pagefindUrl = new URL("../pagefind/pagefind.js", here).href;
const baseUrl = new URL("../", here).pathname;
let loading;
let failures = 0;

// Loaded once; a load that failed (offline on first use) is tried again on the next search, at an address of its
// own (browsers remember a module that failed to load).
function loadPagefind() {
  if (loading) return loading;
  const url = failures ? pagefindUrl + "?retry=" + failures : pagefindUrl;
  loading = import(url).then(async (pagefind) => {
    if (pagefind.heirloomDev) return { dev: true };
    await pagefind.options({ baseUrl, excerptLength: 24 });
    await pagefind.init();
    return { pagefind };
  });
  loading.catch(() => {
    loading = undefined;
    failures += 1;
  });
  return loading;
}

function fill(text, values) {
  return text.replace(/\\{(\\w+)\\}/g, (all, name) => (name in values ? String(values[name]) : all));
}

// Pagefind's excerpt is text with <mark> around the words found: only those two kinds of node are kept.
function excerptNodes(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  const nodes = [];
  for (const node of template.content.childNodes) {
    if (node.nodeName === "MARK") {
      const mark = document.createElement("mark");
      mark.textContent = node.textContent;
      nodes.push(mark);
    } else nodes.push(document.createTextNode(node.textContent || ""));
  }
  return nodes;
}

function enhance(form) {
  const input = form.querySelector("input[type=search]");
  const button = form.querySelector("button[type=submit]");
  const status = form.querySelector("[data-search-status]");
  const list = form.querySelector("[data-search-results]");
  if (!input || !status || !list) return;
  const words = form.dataset;
  const limit = Number(words.limit) || 10;
  input.disabled = false;
  if (button) button.disabled = false;
  status.textContent = "";
  let asked = 0;

  const show = async (query) => {
    const turn = ++asked;
    const text = query.trim();
    if (!text) {
      list.replaceChildren();
      list.hidden = true;
      status.textContent = "";
      return;
    }
    status.textContent = words.loading;
    let search;
    let data;
    try {
      const loaded = await loadPagefind();
      if (turn !== asked) return;
      if (loaded.dev) return void (status.textContent = words.dev);
      search = await loaded.pagefind.search(text);
      if (turn !== asked || !search) return;
      data = await Promise.all(search.results.slice(0, limit).map((result) => result.data()));
    } catch {
      if (turn === asked) status.textContent = words.unavailable;
      return;
    }
    if (turn !== asked) return;
    const items = data.map((page) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = page.url;
      link.textContent = (page.meta && page.meta.title) || page.url;
      const excerpt = document.createElement("p");
      excerpt.append(...excerptNodes(page.excerpt || ""));
      item.append(link, excerpt);
      return item;
    });
    list.replaceChildren(...items);
    list.hidden = items.length === 0;
    const count = search.results.length;
    const message = count === 0 ? words.none : count === 1 ? words.one : words.many;
    status.textContent = fill(message, { count, query: text, shown: items.length });
  };

  let timer;
  input.addEventListener("focus", () => loadPagefind().catch(() => {}), { once: true });
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => show(input.value), 250);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(timer);
    show(input.value);
  });
  // Arrow keys move between the box and the results; Escape clears the box.
  form.addEventListener("keydown", (event) => {
    const links = [...list.querySelectorAll("a")];
    const at = links.indexOf(document.activeElement);
    if (event.key === "ArrowDown" && links.length > 0 && at < links.length - 1) {
      event.preventDefault();
      links[at + 1].focus();
    } else if (event.key === "ArrowUp" && at >= 0) {
      event.preventDefault();
      (at === 0 ? input : links[at - 1]).focus();
    } else if (event.key === "Escape" && document.activeElement === input && input.value) {
      input.value = "";
      show("");
    }
  });
  const asking = new URLSearchParams(location.search).get(input.name);
  if (asking) {
    input.value = asking;
    show(asking);
  }
}

for (const form of document.querySelectorAll("form[${SEARCH_ATTRIBUTE}]")) enhance(form);
`;
