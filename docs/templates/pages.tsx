// The documentation's page templates: the front page, a guide page (with its table of contents), the reference
// indexes, and one page each for a command, a type of the configuration and an error of the catalogue.
import { type PageProps, renderMarkdown } from "heirloom";
import type { CommandPage, Content, ErrorPage, GuidePage, OptionPage, Page as PageEntry } from "../site.config.ts";

type Entry = PageEntry | GuidePage | ErrorPage | CommandPage | OptionPage;
export type Props<P = Entry> = PageProps<P, Content>;

export function Home({ page, content }: Props<PageEntry>) {
  return (
    <>
      <h1>{page.title}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      <ul className="cards">
        {content.guide.map((guide) => (
          <li key={guide.slug} lang={guide.locale !== page.locale ? guide.locale : undefined}>
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
  const headings = page.headings.filter((h) => h.depth === 2 || h.depth === 3);
  return (
    <>
      <h1>{page.title}</h1>
      <p className="lede">{page.description}</p>
      {headings.length > 0 && (
        <nav className="toc" aria-label={content.site.labels.onThisPage}>
          <h2>{content.site.labels.onThisPage}</h2>
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

/** An index of a reference: its introduction, then every entry of its collection (errors grouped by code, with ids). */
export function ReferenceIndex({ page, content, path }: Props<PageEntry>) {
  const list = (entries: Array<{ title: string; url?: string; slug: string }>, describe: (slug: string) => string) => (
    <ul className="index">
      {entries.map((entry) => (
        <li key={entry.slug}>
          <a href={entry.url}>{entry.title}</a> {describe(entry.slug)}
        </li>
      ))}
    </ul>
  );
  const codes = [...new Set(content.errors.map((e) => e.code))];
  return (
    <>
      <h1>{page.title}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      {path.endsWith("/commands/") && list(content.commands, (slug) => summaryOf(content.commands, slug))}
      {path.endsWith("/configuration/") && list(content.options, (slug) => summaryOf(content.options, slug))}
      {path.endsWith("/errors/") &&
        codes.map((code) => (
          <section key={code}>
            <h2 id={code}>
              <code>{code}</code>
            </h2>
            {list(
              content.errors.filter((e) => e.code === code),
              (slug) => `(${content.errors.find((e) => e.slug === slug)?.id})`,
            )}
          </section>
        ))}
    </>
  );
}

function summaryOf(entries: Array<{ slug: string; summary: string }>, slug: string): string {
  const summary = entries.find((e) => e.slug === slug)?.summary ?? "";
  return summary ? `: ${summary.split(". ")[0].replace(/\.$/, "")}.` : "";
}

export function Command({ page }: Props<CommandPage>) {
  return (
    <>
      <h1>{page.title}</h1>
      <p className="lede">{page.summary}</p>
      <pre className="usage">
        <code>{page.usage}</code>
      </pre>
      {page.arguments.length > 0 && (
        <>
          <h2 id="arguments">Arguments</h2>
          <dl>
            {page.arguments.map((a) => (
              <div key={a.name}>
                <dt>
                  <code>{a.name}</code>
                </dt>
                <dd>{a.description}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      <h2 id="options">Options</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Option</th>
            <th scope="col">What it does</th>
            <th scope="col">Default</th>
          </tr>
        </thead>
        <tbody>
          {page.options.map((o) => (
            <tr key={o.flags}>
              <td>
                <code>{o.flags}</code>
              </td>
              <td>{o.description}</td>
              <td>{o.default && <code>{o.default}</code>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** A field's type, each name of a type the reference has a page for linked to it. */
function TypeOf({ type, options }: { type: string; options: OptionPage[] }) {
  const pages = new Map(options.map((o) => [o.title, o.url]));
  return (
    <code>
      {type.split(/(\b[A-Z]\w*\b)/).map((part, i) =>
        pages.has(part) ? (
          <a key={i} href={pages.get(part)}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </code>
  );
}

export function Option({ page, content }: Props<OptionPage>) {
  return (
    <>
      <h1>
        <code>{page.title}</code>
      </h1>
      {page.summary && <p className="lede">{page.summary}</p>}
      <table>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">What it is</th>
          </tr>
        </thead>
        <tbody>
          {page.fields.map((f) => (
            <tr key={f.name} id={`field-${f.name}`}>
              <td>
                <code>{f.name}</code>
                {f.optional ? "" : " (required)"}
              </td>
              <td>
                <TypeOf type={f.type} options={content.options} />
              </td>
              <td dangerouslySetInnerHTML={{ __html: inline(f.doc) }} />
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function ErrorEntry({ page }: Props<ErrorPage>) {
  return (
    <>
      <h1>{page.title}</h1>
      <p className="lede">
        Code <code>{page.code}</code>, the catalogue's entry <code>{page.id}</code>.
      </p>
      <h2 id="what-to-do">What to do</h2>
      <p>{page.hint ? capitalized(page.hint) : "Read the message: it names the file and what is wrong."}</p>
      <h2 id="example">An example</h2>
      <p>What the build prints, with the parts a real error fills in written ‹like this›:</p>
      <pre className="example">
        <code>{page.example}</code>
      </pre>
    </>
  );
}

/** A doc comment's markdown (`code`, *emphasis*) as inline HTML. */
const inline = (text: string) =>
  renderMarkdown(text)
    .html.trim()
    .replace(/^<p>|<\/p>$/g, "");

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
