// The HTML document around every page: head, skip link, header, main and footer. No inline scripts or styles.
import type { ReactNode } from "react";
import { Footer } from "./components/Footer.tsx";
import { Header } from "./components/Header.tsx";
import type { PageProps } from "./types.ts";

export function Document({ children, ...props }: PageProps & { children?: ReactNode }) {
  const { page, content, assets, head } = props;
  const { site } = content;
  const social = head.socialImage;
  return (
    <html lang={site.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{page.title}</title>
        <meta name="description" content={page.description} />
        <meta name="theme-color" content={site.themeColor} />
        {head.canonical && <link rel="canonical" href={head.canonical} />}
        <link rel="icon" href={head.icon} type="image/svg+xml" />
        <link rel="apple-touch-icon" href={head.touchIcon} />
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
        {head.structuredData.map((json) => (
          // A data block, not a script: the build escapes it so content cannot close the element.
          <script key={json} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
        ))}
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
