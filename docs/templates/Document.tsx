// The shell of every page of the documentation: the head, a skip link, the header, the sidebar (the guide in its
// order, then the references), the page itself with its table of contents, previous and next links and a link to
// edit its source, and the footer. No script: the colour scheme follows the reader's system.
import { Search, type Translation } from "heirloom";
import type { ReactNode } from "react";
import type { Props } from "./pages.tsx";
import { type Link, sequenceAround, sidebarOf } from "./navigation.ts";

export function Document(props: Props & { children?: ReactNode }) {
  const { page, content, path, assets, head, locale, fallback, children } = props;
  const { site } = content;
  const { labels } = site;
  const title = path === "/" ? site.name : `${page.title} · ${site.name}`;
  const description = "description" in page ? page.description : "summary" in page ? page.summary : site.description;
  const sidebar = sidebarOf(content, assets.href);
  const { previous, next } = sequenceAround(sidebar, assets.href(path === "404" ? "/404/" : path));
  const source = "source" in page ? `packages/heirloom/${page.source}` : `docs/${page.file}`;
  return (
    // The chrome is in the language of the page's address; a page not translated yet holds text of another.
    <html lang={props.siteLocale ?? locale ?? "en"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <title>{title}</title>
        <link rel="icon" href={assets.href("/icon.svg")} type="image/svg+xml" />
        <meta name="description" content={description || site.description} />
        {head.canonical && <link rel="canonical" href={head.canonical} />}
        {head.alternates.map((a) => (
          <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.url} />
        ))}
        {assets.stylesheet && <link rel="stylesheet" href={assets.stylesheet} />}
        {assets.codeStylesheet && <link rel="stylesheet" href={assets.codeStylesheet} />}
      </head>
      <body>
        <a className="skip" href="#main">
          {labels.skip}
        </a>
        <header className="masthead">
          <a className="name" href={content.pages.find((p) => p.path === "/")?.url ?? assets.href("/")}>
            {site.name}
          </a>
          {path !== "404" && <LanguageSwitch translations={page.translations ?? []} site={site} />}
          <Search className="search" {...site.search} />
        </header>
        <div className="frame">
          <nav className="sidebar" aria-label={labels.menu}>
            {sidebar.map((group) => (
              <section key={group.title}>
                <h2>{group.title}</h2>
                <ul>
                  {group.links.map((link) => (
                    <li key={link.href}>
                      <a
                        href={link.href}
                        lang={link.lang !== (props.siteLocale ?? locale) ? link.lang : undefined}
                        aria-current={link.href === assets.href(path) ? "page" : undefined}
                      >
                        {link.title}
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
          <main id="main">
            {fallback && <p className="untranslated">{labels.notTranslated}</p>}
            {/* What search indexes: the page's own text, not the chrome around it. */}
            <div data-pagefind-body="" lang={fallback ? locale : undefined}>
              {children}
            </div>
            <Sequence previous={previous} next={next} labels={labels} />
            {path !== "404" && (
              <p className="edit">
                <a href={`${site.repository}/edit/main/${source}`}>{labels.edit}</a>
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

/** Links to the page in each language it is published in; the current one marked, one not yet translated too. */
function LanguageSwitch({ translations, site }: { translations: Translation[]; site: Props["content"]["site"] }) {
  if (translations.length < 2) return null;
  return (
    <nav className="languages" aria-label={site.labels.languages}>
      <ul>
        {translations.map((t) => (
          <li key={t.locale}>
            <a
              href={t.url}
              hrefLang={t.locale}
              lang={t.locale}
              aria-current={t.current ? "page" : undefined}
              data-fallback={t.fallback || undefined}
            >
              {site.languageNames[t.locale] ?? t.locale}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Sequence({
  previous,
  next,
  labels,
}: {
  previous?: Link;
  next?: Link;
  labels: { previous: string; next: string };
}) {
  if (!previous && !next) return null;
  return (
    <nav className="sequence" aria-label={`${labels.previous} / ${labels.next}`}>
      {previous ? (
        <a href={previous.href} rel="prev">
          <span>{labels.previous}</span> <span lang={previous.lang}>{previous.title}</span>
        </a>
      ) : (
        <span />
      )}
      {next && (
        <a href={next.href} rel="next">
          <span>{labels.next}</span> <span lang={next.lang}>{next.title}</span>
        </a>
      )}
    </nav>
  );
}
