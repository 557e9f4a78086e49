// The page templates: the front page (its text, then a card for every guide page), a plain page (the 404 page
// too), and a guide page with its table of contents.
import type { PageProps } from "heirloom";
import type { Content, GuidePage, Page as PageEntry } from "../site.config.ts";

export type Props<P = PageEntry | GuidePage> = PageProps<P, Content>;

export function Home({ page, content }: Props<PageEntry>) {
  return (
    <>
      <h1>{page.title}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      <h2>{content.site.labels.guide}</h2>
      <ul className="cards">
        {content.guide.map((guide) => (
          <li key={guide.slug}>
            <a href={guide.url}>{guide.title}</a>
            <p>{guide.description}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

export function Page({ page }: Props<PageEntry>) {
  return (
    <>
      <h1>{page.title}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
    </>
  );
}

export function Guide({ page, content }: Props<GuidePage>) {
  // The sections and their subsections; deeper headings would make the list longer than it helps.
  const headings = page.headings.filter((h) => h.depth === 2 || h.depth === 3);
  const { onThisPage } = content.site.labels;
  return (
    <>
      <h1>{page.title}</h1>
      <p className="lede">{page.description}</p>
      {/* Left out of the search index: its words are the page's headings, already indexed where they stand. */}
      {headings.length > 0 && (
        <nav className="toc" aria-labelledby="toc-title" data-pagefind-ignore="">
          <h2 id="toc-title">{onThisPage}</h2>
          <ol>
            {headings.map((h) => (
              <li key={h.id} data-depth={h.depth}>
                <a href={`#${h.id}`}>{h.text}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
    </>
  );
}
