// What the browser runs for islands, as the sources esbuild bundles with the site's islands (the engine ships
// no files of its own to bundle). Only pages that render an island load the loader; it loads React (the
// runtime) and an island's module only when the island's condition holds, then hydrates it.
import { IslandHydrationMismatch } from "../errors/catalogue.ts";
import { errorFrom, formatError } from "../errors/errors.ts";

/**
 * The catalogue's message of a hydration mismatch, as the runtime fills it in: {island}, {page}, {reason}. Without
 * the documentation's address: the loader is part of every published page with an island, read by its visitors.
 */
const MISMATCH = formatError(
  errorFrom(IslandHydrationMismatch, { island: "{island}", page: "{page}", reason: "{reason}" }),
  { docs: false },
);

/** The event the runtime sends from an island's host element when it did not hydrate as rendered. */
export const MISMATCH_EVENT = "heirloom:mismatch";

/** Virtual modules of the islands' bundle, by the path their imports name after `heirloom-islands:`. */
export const CLIENT_SOURCES: Record<string, string> = {
  /**
   * The loader: for each <heirloom-island src load props>, waits for its strategy (load, idle, visible,
   * media(query)), then imports its module and the runtime, and hydrates it. No inline script: the page loads
   * it as a module from its own origin, under the Content-Security-Policy the build writes.
   */
  loader: `
const runtime = () => import("heirloom-islands:runtime");

function hydrate(host) {
  Promise.all([import(host.getAttribute("src")), runtime()]).then(([island, { hydrate }]) =>
    hydrate(host, island.default, JSON.parse(host.getAttribute("props") || "{}")),
  );
}

function whenIdle(go) {
  if ("requestIdleCallback" in window) requestIdleCallback(go, { timeout: 2000 });
  else setTimeout(go, 200);
}

function whenVisible(host, go) {
  if (!("IntersectionObserver" in window)) return go();
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) {
      observer.disconnect();
      go();
    }
  });
  // The host may have no box of its own (display: contents): its children are what shows.
  const shown = host.children.length > 0 ? [...host.children] : [host];
  for (const element of shown) observer.observe(element);
}

function whenMatches(query, go) {
  const media = matchMedia(query);
  if (media.matches) return go();
  media.addEventListener("change", function changed() {
    if (!media.matches) return;
    media.removeEventListener("change", changed);
    go();
  });
}

for (const host of document.querySelectorAll("heirloom-island[src]")) {
  const load = host.getAttribute("load") || "load";
  const go = () => hydrate(host);
  if (load === "idle") whenIdle(go);
  else if (load === "visible") whenVisible(host, go);
  else if (load.startsWith("media(")) whenMatches(load.slice(6, -1), go);
  else go();
}
`,
  /**
   * The runtime, shared by every island: React and hydrateRoot, with the root every island renders under. Once
   * hydrated, the host gets data-hydrated and sends a heirloom:hydrated event (for styles and tests). An island
   * React could not hydrate as rendered (a mismatch: React renders it anew, and the page works) is told in the
   * console, in the catalogue's words rather than React's minified #418, and by an event the dev overlay shows.
   */
  runtime: `
import { createElement, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";

const MISMATCH = ${JSON.stringify(MISMATCH)};

function mismatched(host, error) {
  const island = (host.getAttribute("src") || "").split("/").pop().replace(/-[A-Z0-9]+[.]js$/, "");
  const values = { island, page: location.pathname, reason: (error && error.message) || String(error) };
  const message = MISMATCH.replace(/[{](island|page|reason)[}]/g, (_, key) => values[key]);
  console.error(message);
  host.dispatchEvent(new CustomEvent(${JSON.stringify(MISMATCH_EVENT)}, { bubbles: true, detail: message }));
}

function IslandRoot({ host, children }) {
  useEffect(() => {
    host.setAttribute("data-hydrated", "");
    host.dispatchEvent(new CustomEvent("heirloom:hydrated", { bubbles: true }));
  }, [host]);
  return children;
}

export function hydrate(host, component, props) {
  hydrateRoot(host, createElement(IslandRoot, { host }, createElement(component, props)), {
    onRecoverableError: (error) => mismatched(host, error),
  });
}
`,
};
