// The Journal's page templates: the front page, the paginated list of notes, one note (with its reading
// progress, an island), and plain pages.
import { Island, type PageProps } from "heirloom";
import type { Content, Page as PageEntry, Post as PostEntry } from "../site.config.ts";
import ReadingProgress from "./interactive/ReadingProgress.tsx";

export type Props<P = PageEntry | PostEntry> = PageProps<P, Content, PostEntry>;

export function Home({ page, content }: Props<PageEntry>) {
  return (
    <>
      <h1>{page.title}</h1>
      <div className="intro" dangerouslySetInnerHTML={{ __html: page.html }} />
      <h2>Latest notes</h2>
      <PostList posts={content.posts.slice(0, 3)} />
    </>
  );
}

export function Blog({ page, pagination }: Props<PageEntry>) {
  return (
    <>
      <h1>{page.title}</h1>
      <div className="intro" dangerouslySetInnerHTML={{ __html: page.html }} />
      <PostList posts={pagination?.items ?? []} />
      {pagination && pagination.pages > 1 && (
        <nav className="pagination" aria-label="Pages of notes">
          {pagination.prev ? (
            <a href={pagination.prev} rel="prev">
              Newer notes
            </a>
          ) : (
            <span />
          )}
          <span>
            Page {pagination.page} of {pagination.pages}
          </span>
          {pagination.next ? (
            <a href={pagination.next} rel="next">
              Older notes
            </a>
          ) : (
            <span />
          )}
        </nav>
      )}
    </>
  );
}

export function Post({ page, assets }: Props<PostEntry>) {
  // A table of contents for a post with more than one section: its ## and ### headings.
  const sections = page.headings.filter((heading) => heading.depth === 2 || heading.depth === 3);
  return (
    <article className="post">
      <Island load="idle" component={ReadingProgress} props={{ of: "article.post" }} />
      <h1>{page.title}</h1>
      <p className="meta">
        <time dateTime={page.date}>{formatDate(page.date)}</time>
      </p>
      {sections.length > 1 && (
        <nav className="toc" aria-label="On this page">
          <p className="toc-title">On this page</p>
          <ol>
            {sections.map((heading) => (
              <li key={heading.id} className={`depth-${heading.depth}`}>
                <a href={`#${heading.id}`}>{heading.text}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {page.Content ? (
        <div className="body">
          <page.Content />
        </div>
      ) : (
        <div className="body" dangerouslySetInnerHTML={{ __html: page.html }} />
      )}
      <p>
        <a href={assets.href("/blog/")}>All notes</a>
      </p>
    </article>
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

function PostList({ posts }: { posts: PostEntry[] }) {
  return (
    <ol className="posts">
      {posts.map((post) => (
        <li key={post.slug}>
          <a href={post.url}>{post.title}</a> <time dateTime={post.date}>{formatDate(post.date)}</time>
          <p>{post.description}</p>
        </li>
      ))}
    </ol>
  );
}

const MONTHS = [
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

/** "2026-03-14" -> "14 March 2026", the same on every machine. */
function formatDate(iso: string): string {
  return `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
}
