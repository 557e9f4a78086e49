// What the link check reads of a rendered page: its internal links, its links with a #fragment, and the ids (and
// <a name>s) of its elements. Self-contained: the page writer's threads run it for every page they write.
/**
 * Every href/src of the page that points inside the site (starts with a single /), its links with a #fragment
 * (to a page of the site, or "#id" to itself) and the ids of its elements: always with `allIds`, else only for a
 * page with a fragment of its own that its markup does not plainly hold (another page's ids are read when a link
 * names it). Self-contained: the page writer's worker runs its source.
 */
export function pageLinks(html: string, allIds = true): { links: string[]; fragments: string[]; ids?: string[] } {
  const urls = new Set<string>();
  const fragments = new Set<string>();
  // The page writer's threads run this for every page: each regular expression runs only where it can match.
  // "//host" and "/\host" name another host (browsers read a backslash there as a slash): not the site's.
  for (const match of html.matchAll(/\s(?:href|src)="((?:\/(?![/\\])|#)[^"]*)"/g)) {
    const url = match[1].includes("&") ? match[1].replace(/&amp;/g, "&") : match[1];
    const hash = url.indexOf("#");
    if (hash >= 0) fragments.add(url.includes("?") ? url.replace(/\?[^#]*/, "") : url);
    if (url[0] === "/") urls.add(hash < 0 && !url.includes("?") ? url : url.replace(/[?#].*$/, ""));
  }
  if (html.includes("srcset=")) {
    for (const match of html.matchAll(/\ssrcset="([^"]*)"/g)) {
      for (const candidate of match[1].split(",")) {
        const url = candidate.trim().split(/\s+/)[0];
        if (url.startsWith("/") && !url.startsWith("//")) urls.add(url);
      }
    }
  }
  if (!allIds) {
    // A page's own "#id" whose element is plainly there (a heading's link to itself) is settled here, without
    // reading every id; only what is left is checked against them.
    for (const fragment of fragments) {
      if (/^#[\w.:~-]+$/.test(fragment) && html.includes(` id="${fragment.slice(1)}"`)) fragments.delete(fragment);
    }
    if (fragments.size === 0) return { links: [...urls], fragments: [] };
  }
  const entities: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", "#39": "'", "#x27": "'" };
  // A fragment leads to an element's id, or to an <a name> (browsers follow both).
  const named = html.includes(" name=") ? [...html.matchAll(/<a\s[^>]*?\bname="([^"]*)"/g)] : [];
  const ids = [...html.matchAll(/\sid="([^"]*)"/g), ...named].map(([, id]) =>
    id.includes("&") ? id.replace(/&(amp|quot|lt|gt|#39|#x27);/g, (_, name: string) => entities[name]) : id,
  );
  return { links: [...urls], fragments: [...fragments], ids };
}
