// The layout of every page: the head (title, description, icon, canonical link, feed, stylesheet, script), a skip
// link, the header with the navigation and the theme switch, the page itself, and the footer.
import type { ReactNode } from "react";
import type { Props } from "./pages.tsx";

export function Layout({ page, content, path, assets, head, children }: Props & { children?: ReactNode }) {
  const { site } = content;
  const heading = "months" in page ? `Posts of ${page.title}` : page.title;
  const title = path === "/" ? site.name : `${heading} · ${site.name}`;
  // The tags' and the archive's pages are made by the build, not written in content/: their words are here.
  const description =
    "description" in page
      ? page.description
      : "terms" in page
        ? `Every tag of ${site.name}, with its posts.`
        : "years" in page
          ? `Every post of ${site.name}, year by year.`
          : "months" in page
            ? `The posts of ${site.name} written in ${page.title}, newest first.`
            : `Posts of ${site.name} tagged “${page.name}”, newest first.`;
  return (
    <html lang={site.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        <link rel="icon" href={site.icon.url} />
        {head.canonical && <link rel="canonical" href={head.canonical} />}
        {head.feeds.map((feed) => (
          <link key={feed.url} rel="alternate" type={feed.type} title={feed.title} href={feed.url} />
        ))}
        {assets.stylesheet && <link rel="stylesheet" href={assets.stylesheet} />}
        {assets.codeStylesheet && <link rel="stylesheet" href={assets.codeStylesheet} />}
        {assets.script && <script type="module" src={assets.script} />}
      </head>
      <body>
        <a className="skip" href="#main">
          Skip to the content
        </a>
        <header className="masthead">
          <a className="name" href={assets.href("/")}>
            {site.name}
          </a>
          <nav aria-label="Main">
            <a href={assets.href("/blog/")}>Blog</a>
            <a href={assets.href("/tags/")}>Tags</a>
            <a href={assets.href("/archive/")}>Archive</a>
          </nav>
          {/* Shown by templates/islands/main.ts: without JavaScript it could do nothing. */}
          <button type="button" className="theme" data-theme-switch hidden aria-pressed="false">
            Dark theme
          </button>
        </header>
        <main id="main">{children}</main>
        <footer className="colophon">
          <p>{site.description}</p>
        </footer>
      </body>
    </html>
  );
}
