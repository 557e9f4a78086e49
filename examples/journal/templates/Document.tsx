// The HTML shell of every page: head tags (title, description, canonical, social tags when the site URL
// is known, the feed), a header with the navigation, and a footer with the legal links.
import type { ReactNode } from "react";
import type { Props } from "./pages.tsx";

export function Document({
  page,
  content,
  path,
  assets,
  head,
  pagination,
  children,
}: Props & { children?: ReactNode }) {
  const { site } = content;
  const title =
    path === "/"
      ? site.name
      : `${page.title}${pagination && pagination.page > 1 ? ` (page ${pagination.page})` : ""} · ${site.name}`;
  const isPost = "date" in page;
  return (
    <html lang={site.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={page.description} />
        {head.canonical && <link rel="canonical" href={head.canonical} />}
        {head.canonical && (
          <>
            <meta property="og:type" content={isPost ? "article" : "website"} />
            <meta property="og:site_name" content={site.name} />
            <meta property="og:title" content={page.title} />
            <meta property="og:description" content={page.description} />
            <meta property="og:url" content={head.canonical} />
            <meta name="twitter:card" content="summary" />
          </>
        )}
        {head.feeds.map((feed) => (
          <link key={feed.url} rel="alternate" type={feed.type} title={feed.title} href={feed.url} />
        ))}
        {assets.stylesheet && <link rel="stylesheet" href={assets.stylesheet} />}
        {assets.codeStylesheet && <link rel="stylesheet" href={assets.codeStylesheet} />}
      </head>
      <body>
        <header className="masthead">
          <a className="name" href={assets.href("/")}>
            {site.name}
          </a>
          <nav aria-label="Main">
            <a href={assets.href("/blog/")}>All notes</a>
          </nav>
        </header>
        <main>{children}</main>
        <footer className="colophon">
          <p>
            {site.tagline}. Written by {site.author}.
          </p>
          <nav aria-label="Legal">
            <a href={assets.href("/legal/privacy/")}>Privacy</a> · <a href={assets.href("/legal/terms/")}>Terms</a>
          </nav>
        </footer>
      </body>
    </html>
  );
}
