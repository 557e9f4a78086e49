// The HTML shell of every page, after Starlight's: the site's name and the locales above, the page, and a footer
// naming where the files come from. A page not yet translated says so, as Starlight's fallback notice does.
import type { ReactNode } from "react";
import type { Props } from "./pages.tsx";

export function Document({ page, assets, head, locale, fallback, children }: Props & { children?: ReactNode }) {
  const description = "description" in page && page.description ? String(page.description) : "Starlight docs.";
  const translations = "translations" in page ? (page.translations ?? []) : [];
  return (
    <html lang={locale ?? "en"} dir={locale === "fa" ? "rtl" : "ltr"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${page.title} | Starlight`}</title>
        <meta name="description" content={description} />
        {head.canonical && <link rel="canonical" href={head.canonical} />}
        {head.alternates.map((a) => (
          <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.url} />
        ))}
        {assets.stylesheet && <link rel="stylesheet" href={assets.stylesheet} />}
        {assets.codeStylesheet && <link rel="stylesheet" href={assets.codeStylesheet} />}
      </head>
      <body>
        <header className="masthead">
          <a className="name" href={assets.href("/getting-started/")}>
            Starlight
          </a>
          {translations.length > 1 && (
            <nav aria-label="Languages">
              {translations.map((t) => (
                <a key={t.locale} href={t.url} hrefLang={t.locale} aria-current={t.current ? "page" : undefined}>
                  {t.locale}
                </a>
              ))}
            </nav>
          )}
        </header>
        {fallback && <p className="fallback">This page is not available in your language yet.</p>}
        <main>{children}</main>
        <footer className="colophon">
          <p>
            <a href="https://github.com/withastro/starlight/tree/main/docs/src/content/docs">
              Starlight's documentation
            </a>{" "}
            by its authors (MIT), built unchanged by Heirloom.
          </p>
        </footer>
      </body>
    </html>
  );
}
