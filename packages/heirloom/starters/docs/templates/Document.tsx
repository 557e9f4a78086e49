// The shell of every page: the head, a skip link, the header with the site's name and the search box, the
// sidebar (the guide in its order, the current page marked), the page itself with the previous and next guide
// pages and a link to edit its file, and the footer. No script but the search box's: the colours follow the
// reader's system.
import { Search } from "heirloom";
import type { ReactNode } from "react";
import type { GuidePage } from "../site.config.ts";
import type { Props } from "./pages.tsx";

export function Document({ page, content, path, assets, head, children }: Props & { children?: ReactNode }) {
  const { site } = content;
  const { labels } = site;
  const title = path === "/" ? site.name : `${page.title} · ${site.name}`;
  const here = assets.href(path);
  // A guide page's neighbours in the sidebar's order; the first has no previous page, the last no next.
  const at = content.guide.findIndex((guide) => guide.url === here);
  const previous = at > 0 ? content.guide[at - 1] : undefined;
  const next = at >= 0 ? content.guide[at + 1] : undefined;
  return (
    <html lang={site.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <title>{title}</title>
        <meta name="description" content={page.description} />
        <link rel="icon" href={site.icon.url} />
        {head.canonical && <link rel="canonical" href={head.canonical} />}
        {assets.stylesheet && <link rel="stylesheet" href={assets.stylesheet} />}
        {assets.codeStylesheet && <link rel="stylesheet" href={assets.codeStylesheet} />}
        {/* A script of the site's own, once one is written as templates/islands/main.ts (this starter has none). */}
        {assets.script && <script type="module" src={assets.script} />}
      </head>
      <body>
        <a className="skip" href="#main">
          {labels.skip}
        </a>
        <header className="masthead">
          <a className="name" href={assets.href("/")}>
            {site.name}
          </a>
          <Search className="search" {...site.search} />
        </header>
        <div className="frame">
          <nav className="sidebar" aria-label={labels.menu}>
            <h2>{labels.guide}</h2>
            <ul>
              {content.guide.map((guide) => (
                <li key={guide.slug}>
                  <a href={guide.url} aria-current={guide.url === here ? "page" : undefined}>
                    {guide.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <main id="main">
            {/* What search indexes: the page's own text, not the chrome around it. */}
            <div data-pagefind-body="">{children}</div>
            <Sequence previous={previous} next={next} labels={labels} />
            {path !== "404" && (
              <p className="edit">
                <a href={`${site.edit}${page.file}`}>{labels.edit}</a>
              </p>
            )}
          </main>
        </div>
        <footer className="colophon">
          <p>{site.description}</p>
        </footer>
      </body>
    </html>
  );
}

/** The links to the previous and the next guide page, each with its title. */
function Sequence({
  previous,
  next,
  labels,
}: {
  previous?: GuidePage;
  next?: GuidePage;
  labels: { previous: string; next: string };
}) {
  if (!previous && !next) return null;
  return (
    <nav className="sequence" aria-label={`${labels.previous} / ${labels.next}`}>
      {previous && (
        <a href={previous.url} rel="prev">
          <span>{labels.previous}</span> {previous.title}
        </a>
      )}
      {next && (
        <a href={next.url} rel="next" className="next">
          <span>{labels.next}</span> {next.title}
        </a>
      )}
    </nav>
  );
}
