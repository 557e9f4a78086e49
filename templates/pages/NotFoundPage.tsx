// The 404 page (404.html, served at any depth): every URL in it goes through assets.href, so it is absolute.
// `data-not-found` asks templates/islands/not-found.ts to log the missing path.
import { Icon } from "../components/Icon.tsx";
import type { PageProps } from "../types.ts";

export function NotFoundPage({ page, assets }: PageProps<"not-found">) {
  return (
    <section className="page-hero not-found" aria-labelledby="page-title" data-not-found>
      <div className="wrap wrap-narrow">
        <span className="feature-icon">
          <Icon name="book" />
        </span>
        <h1 id="page-title">{page.heading}</h1>
        <p className="lead">{page.message}</p>
        <a className="btn btn-primary" href={assets.href(page.home.href)}>
          <Icon name="home" />
          {page.home.label}
        </a>
      </div>
    </section>
  );
}
