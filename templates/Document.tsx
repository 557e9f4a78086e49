// The HTML document around every page: head, skip link, header, main and footer. No inline scripts or styles.
import type { ReactNode } from "react";
import { Footer } from "./components/Footer.tsx";
import { Header } from "./components/Header.tsx";
import { StructuredData } from "./components/StructuredData.tsx";
import type { PageProps } from "./types.ts";

export function Document({ children, ...props }: PageProps & { children?: ReactNode }) {
  const { page, content, assets, head } = props;
  const { site } = content;
  const card = site.socialImage.src.renditions.card;
  const cardUrl = assets.absolute(card.url);
  // Shared links show the card only with an absolute URL, so only when the site URL is known.
  const social = cardUrl
    ? { url: cardUrl, width: card.width, height: card.height, alt: site.socialImage.alt }
    : undefined;
  return (
    <html lang={site.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{page.title}</title>
        <meta name="description" content={page.description} />
        <meta name="theme-color" content={site.themeColor} />
        {head.canonical && <link rel="canonical" href={head.canonical} />}
        <link rel="icon" href={site.icon.url} type="image/svg+xml" />
        <link rel="apple-touch-icon" href={site.icon.renditions.touch.url} />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={site.name} />
        <meta property="og:title" content={page.title} />
        <meta property="og:description" content={page.description} />
        {head.canonical && <meta property="og:url" content={head.canonical} />}
        {social && <meta property="og:image" content={social.url} />}
        {social && <meta property="og:image:width" content={String(social.width)} />}
        {social && <meta property="og:image:height" content={String(social.height)} />}
        {social && <meta property="og:image:alt" content={social.alt} />}
        <meta name="twitter:card" content={social ? "summary_large_image" : "summary"} />
        <meta name="twitter:title" content={page.title} />
        <meta name="twitter:description" content={page.description} />
        {social && <meta name="twitter:image" content={social.url} />}
        {social && <meta name="twitter:image:alt" content={social.alt} />}
        <link rel="stylesheet" href={assets.stylesheet} />
        <script type="module" src={assets.script} />
        <StructuredData {...props} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <Header {...props} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer {...props} />
      </body>
    </html>
  );
}
