// The HTML document around every page: head, skip link, header, main and footer. No inline scripts or styles.
import type { ReactNode } from "react";
import { Footer } from "./components/Footer.tsx";
import { Header } from "./components/Header.tsx";
import type { PageProps } from "./types.ts";

export function Document({ children, ...props }: PageProps & { children?: ReactNode }) {
  const { page, content, assets } = props;
  const { site } = content;
  return (
    <html lang={site.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{page.title}</title>
        <meta name="description" content={page.description} />
        <meta name="theme-color" content={site.themeColor} />
        <link rel="stylesheet" href={assets.stylesheet} />
        <script type="module" src={assets.script} />
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
