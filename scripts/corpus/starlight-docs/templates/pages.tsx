// The Starlight docs port's page templates: a doc (its title, the headings Starlight's table of contents lists,
// its body) or a splash page (the hero: title, tagline, actions), and plain pages (the 404 page).
import type { PageProps } from "heirloom";
import type { Content, Doc as DocEntry, Page as PageEntry } from "../site.config.ts";

export type Props<P = PageEntry | DocEntry> = PageProps<P, Content>;

export function Doc({ page }: Props<DocEntry>) {
  const splash = page.template === "splash";
  const toc = page.tableOfContents;
  const levels = typeof toc === "object" ? toc : {};
  // Starlight's default: h2 and h3, none on a splash page.
  const [min, max] = toc === false || splash ? [0, -1] : [levels.minHeadingLevel ?? 2, levels.maxHeadingLevel ?? 3];
  const headings = (page.headings ?? []).filter((h) => h.depth >= min && h.depth <= max);
  return (
    <article className={splash ? "splash" : "doc"}>
      {page.hero ? <Hero hero={page.hero} title={page.title} /> : <h1>{page.title}</h1>}
      {headings.length > 0 && (
        <nav className="toc" aria-label="On this page">
          <ul>
            {headings.map((h) => (
              <li key={h.id} className={`depth-${h.depth}`}>
                <a href={`#${h.id}`}>{h.text}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="body">
        {page.Content ? <page.Content /> : <div dangerouslySetInnerHTML={{ __html: page.html }} />}
      </div>
    </article>
  );
}

function Hero({ hero, title }: { hero: NonNullable<DocEntry["hero"]>; title: string }) {
  return (
    <div className="hero">
      <h1>{hero.title ?? title}</h1>
      {hero.tagline && <p className="tagline">{hero.tagline}</p>}
      {hero.actions && (
        <p className="actions">
          {hero.actions.map((action) => (
            <a key={action.link} className={`link-button ${action.variant ?? "primary"}`} href={action.link}>
              {action.text}
            </a>
          ))}
        </p>
      )}
    </div>
  );
}

export function Page({ page }: Props<PageEntry>) {
  return (
    <article className="page">
      <h1>{page.title}</h1>
      <div className="body" dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}
