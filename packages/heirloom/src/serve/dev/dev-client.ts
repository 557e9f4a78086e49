// The dev server's browser side: reloads on rebuild and shows build errors, and islands that did not hydrate as
// rendered, as an overlay. Never in dist/.
import { MISMATCH_EVENT } from "../../assets/island-client.ts";
import { DOCS_URL } from "../../errors/error-docs.ts";

export const DEV_EVENTS_PATH = "/__heirloom/events";
export const DEV_CLIENT_PATH = "/__heirloom/dev-client.js";

/** The address of an error's page in the documentation, as each error printed ends with it. */
const ERROR_PAGE = new RegExp(`(${DOCS_URL.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}reference/errors/[a-z0-9-]+/)`);

/**
 * Runs in the page: one EventSource. "reload" reloads; "failure" (the build failed), "types" (the background type
 * check found problems) and "links" (pages of the site have broken links; each empty when there are none) fill
 * parts of the overlay; the islands' runtime's mismatch events (told in the catalogue's words) fill the last, and
 * the overlay goes when all are empty. Each error's documentation page is a link.
 */
export const DEV_CLIENT = `(() => {
  const events = new EventSource(${JSON.stringify(`${DEV_EVENTS_PATH}?page=`)} + encodeURIComponent(location.pathname));
  const parts = ["failure", "types", "links", "islands"];
  const shown = { failure: "", types: "", links: "", islands: "" };
  const titles = {
    failure: "The build failed; the page shows the last good version underneath.",
    types: "TypeScript found problems in site.config.ts or templates/; the page shows what was built.",
    links: "Pages of the site link to what is not there (every page checked after each save); this page is as built.",
    islands: "An island did not hydrate as the build rendered it; the page shows the browser's render.",
  };
  const render = () => {
    let overlay = document.getElementById("heirloom-dev-overlay");
    if (parts.every((part) => !shown[part])) return overlay?.remove();
    if (!overlay) {
      overlay = document.createElement("div");
      overlay.id = "heirloom-dev-overlay";
      overlay.setAttribute("role", "alert");
      overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:2rem;" +
        "background:rgba(20,10,5,.94);color:#fff;font:16px/1.5 ui-monospace,Menlo,Consolas,monospace";
      document.body.append(overlay);
    }
    overlay.replaceChildren(...parts.filter((part) => shown[part]).flatMap((part) => {
      const title = document.createElement("h2");
      title.textContent = titles[part];
      title.style.cssText = "font:700 1.25rem system-ui,sans-serif;margin:0 0 1rem;color:#ffb4a1";
      const pre = document.createElement("pre");
      pre.style.whiteSpace = "pre-wrap";
      // Each error's page in the documentation, as a link (split puts what the pattern captured at odd places).
      pre.append(...shown[part].split(${ERROR_PAGE}).map((text, i) => {
        if (i % 2 === 0) return text;
        const link = document.createElement("a");
        link.href = link.textContent = text;
        link.target = "_blank";
        link.style.color = "#9fd3ff";
        return link;
      }));
      return [title, pre];
    }));
  };
  events.addEventListener("reload", () => location.reload());
  for (const part of ["failure", "types", "links"]) {
    events.addEventListener(part, (event) => {
      shown[part] = JSON.parse(event.data);
      render();
    });
  }
  document.addEventListener(${JSON.stringify(MISMATCH_EVENT)}, (event) => {
    shown.islands = [shown.islands, event.detail].filter(Boolean).join("\\n\\n");
    render();
  });
})();
`;

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".json": "application/json",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
};

export function contentType(ext: string): string {
  return TYPES[ext] ?? "application/octet-stream";
}
