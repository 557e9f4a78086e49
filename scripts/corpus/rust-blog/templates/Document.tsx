// The HTML shell of every page, after the original's layout: the blog's name and the Rust site's links above,
// the page, and a footer naming where the posts come from.
import type { ReactNode } from "react";
import { blogOf, type Props } from "./pages.tsx";

export function Document({ page, content, path, assets, head, children }: Props & { children?: ReactNode }) {
  const blog = blogOf(content, path);
  const title = "blog" in page && page.blog ? page.title : `${page.title} | ${blog.blog ?? blog.title}`;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={blog.description} />
        {head.canonical && <link rel="canonical" href={head.canonical} />}
        {head.feeds
          .filter((feed) => feed.title === blog.blog)
          .map((feed) => (
            <link key={feed.url} rel="alternate" type={feed.type} title={feed.title} href={feed.url} />
          ))}
        {assets.stylesheet && <link rel="stylesheet" href={assets.stylesheet} />}
        {assets.codeStylesheet && <link rel="stylesheet" href={assets.codeStylesheet} />}
      </head>
      <body>
        <header className="masthead">
          <a className="name" href={assets.href(blog.path)}>
            {blog.blog}
          </a>
          <nav aria-label="Rust">
            <a href="https://www.rust-lang.org">Rust</a>
            <a href="https://www.rust-lang.org/tools/install">Install</a>
            <a href="https://www.rust-lang.org/learn">Learn</a>
            <a href="https://www.rust-lang.org/governance">Governance</a>
            <a href="https://www.rust-lang.org/community">Community</a>
          </nav>
        </header>
        <main>{children}</main>
        <footer className="colophon">
          <p>
            Posts of <a href="https://github.com/rust-lang/blog.rust-lang.org">blog.rust-lang.org</a> by their authors
            (MIT or Apache-2.0), built unchanged by Heirloom.
          </p>
        </footer>
      </body>
    </html>
  );
}
