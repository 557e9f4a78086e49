// The HTML shell of every page, after jekyllrb.com's news layout: the site's name and links above, the page, and
// a footer naming where the posts come from.
import type { ReactNode } from "react";
import type { Props } from "./pages.tsx";

export function Document({ page, assets, head, children }: Props & { children?: ReactNode }) {
  const title = `${page.title} | Jekyll • Simple, blog-aware, static sites`;
  const description = "description" in page && page.description ? String(page.description) : "News of Jekyll.";
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        {head.canonical && <link rel="canonical" href={head.canonical} />}
        {head.feeds.map((feed) => (
          <link key={feed.url} rel="alternate" type={feed.type} title={feed.title} href={feed.url} />
        ))}
        {assets.stylesheet && <link rel="stylesheet" href={assets.stylesheet} />}
        {assets.codeStylesheet && <link rel="stylesheet" href={assets.codeStylesheet} />}
      </head>
      <body>
        <header className="masthead">
          <a className="name" href={assets.href("/news/")}>
            Jekyll news
          </a>
          <nav aria-label="News">
            <a href={assets.href("/news/")}>All news</a>
            <a href={assets.href("/news/categories/release/")}>Releases</a>
            <a href={assets.href("/news/categories/")}>Categories</a>
          </nav>
        </header>
        <main>{children}</main>
        <footer className="colophon">
          <p>
            Posts of <a href="https://github.com/jekyll/jekyll/tree/master/docs/_posts">jekyllrb.com's news</a> by their
            authors (MIT), built unchanged by Heirloom.
          </p>
        </footer>
      </body>
    </html>
  );
}
