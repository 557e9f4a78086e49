// Long-form pages such as /privacy or /terms: a heading, an optional lead and the page's markdown body,
// set in a narrow column with generous type for reading.
import type { PageProps } from "../types.ts";

export function ProsePage({ page }: PageProps<"prose">) {
  return (
    <article className="section prose-page" aria-labelledby="page-title">
      <div className="wrap wrap-narrow">
        <h1 id="page-title">{page.heading}</h1>
        {page.lead && <p className="lead">{page.lead}</p>}
        {page.updated && (
          <p className="prose-updated">
            Last updated <time dateTime={page.updated}>{formatDate(page.updated)}</time>
          </p>
        )}
        {/* Trusted build-time HTML: the engine renders the markdown with raw HTML escaped. */}
        <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      </div>
    </article>
  );
}

/** "2026-11-23" -> "23 November 2026", the same on every machine (no locale or time zone involved). */
function formatDate(iso: string): string {
  const months = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ];
  const [year, month, day] = iso.split("-").map(Number);
  return `${day} ${months[month - 1]} ${year}`;
}
