// The page templates: the front page, the list of posts, one post (markdown or MDX), a tag's posts, the list of
// tags, a year's posts and the list of years, and a plain page (the 404 page too).
import type { ArchivePage, ArchivesPage, PageProps, TermPage, TermsPage } from "heirloom";
import type { Content, Page as PageEntry, Post as PostEntry } from "../site.config.ts";

export type Props<P = PageEntry | PostEntry | TermPage | TermsPage | ArchivePage | ArchivesPage> = PageProps<
  P,
  Content,
  PostEntry
>;

export function Home({ page, content }: Props<PageEntry>) {
  return (
    <>
      <h1>{page.title}</h1>
      <div className="body" dangerouslySetInnerHTML={{ __html: page.html }} />
      <h2>Latest posts</h2>
      <PostList posts={content.posts.slice(0, 3)} />
    </>
  );
}

export function List({ page, pagination }: Props<PageEntry>) {
  return (
    <>
      <h1>{page.title}</h1>
      <div className="body" dangerouslySetInnerHTML={{ __html: page.html }} />
      <PostList posts={pagination?.items ?? []} />
      <Pages pagination={pagination} />
    </>
  );
}

/** A tag's page: its posts, newest first, ten to a page (its feed is named in the head of these pages only). */
export function Tag({ page, pagination, assets }: Props<TermPage>) {
  return (
    <>
      <h1>Posts tagged “{page.name}”</h1>
      <p>
        {page.count === 1 ? "One post" : `${page.count} posts`}, newest first.{" "}
        <a href={assets.href("/tags/")}>All tags</a>
      </p>
      <PostList posts={pagination?.items ?? []} />
      <Pages pagination={pagination} />
    </>
  );
}

/** Every tag, with how many posts have it. */
export function Tags({ page }: Props<TermsPage>) {
  return (
    <>
      <h1>{page.title}</h1>
      <ul className="tags">
        {page.terms.map((tag) => (
          <li key={tag.slug}>
            <a href={tag.url}>{tag.name}</a> ({tag.count})
          </li>
        ))}
      </ul>
    </>
  );
}

/** A year's posts, newest first, under a heading per month. */
export function Year({ page, pagination, assets }: Props<ArchivePage>) {
  return (
    <>
      <h1>Posts of {page.title}</h1>
      <p>
        {page.count === 1 ? "One post" : `${page.count} posts`}, newest first.{" "}
        <a href={assets.href("/archive/")}>All years</a>
      </p>
      {(pagination?.groups ?? []).map((group) => (
        <section key={group.month} aria-labelledby={`month-${group.month}`}>
          <h2 id={`month-${group.month}`}>{monthName(group.year, group.month)}</h2>
          <PostList posts={group.items} />
        </section>
      ))}
    </>
  );
}

/** Every year with posts, newest first, with how many posts each holds. */
export function Years({ page }: Props<ArchivesPage>) {
  return (
    <>
      <h1>{page.title}</h1>
      <ul className="tags">
        {page.years.map((year) => (
          <li key={year.year}>
            <a href={year.url}>{year.year}</a> ({year.count})
          </li>
        ))}
      </ul>
    </>
  );
}

function Pages({ pagination }: { pagination: Props["pagination"] }) {
  if (!pagination || pagination.pages < 2) return null;
  return (
    <nav className="pagination" aria-label="Pages of posts">
      {pagination.prev && (
        <a href={pagination.prev} rel="prev">
          Newer posts
        </a>
      )}
      <span>
        Page {pagination.page} of {pagination.pages}
      </span>
      {pagination.next && (
        <a href={pagination.next} rel="next">
          Older posts
        </a>
      )}
    </nav>
  );
}

export function Post({ page, assets }: Props<PostEntry>) {
  return (
    <article>
      <h1>{page.title}</h1>
      <p className="meta">
        <time dateTime={String(page.date)}>{formatDate(page.date)}</time>
        {page.scheduled && " · scheduled"}
      </p>
      {page.terms && page.terms.tags.length > 0 && (
        <ul className="tags" aria-label="Tags">
          {page.terms.tags.map((tag) => (
            <li key={tag.slug}>
              <a href={tag.url}>{tag.name}</a>
            </li>
          ))}
        </ul>
      )}
      {/* An .mdx post is a component (its islands hydrate); a .md post, and any post in the feed, is its html. */}
      {page.Content ? (
        <div className="body">
          <page.Content />
        </div>
      ) : (
        <div className="body" dangerouslySetInnerHTML={{ __html: page.html }} />
      )}
      <p>
        <a href={assets.href("/blog/")}>All posts</a>
      </p>
    </article>
  );
}

export function Page({ page }: Props<PageEntry>) {
  return (
    <article>
      <h1>{page.title}</h1>
      <div className="body" dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}

function PostList({ posts }: { posts: PostEntry[] }) {
  return (
    <ul className="posts">
      {posts.map((post) => (
        <li key={post.slug}>
          <a href={post.url}>{post.title}</a> <time dateTime={String(post.date)}>{formatDate(post.date)}</time>
          {post.scheduled && " · scheduled"}
          <p>{post.description}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * 2026-03-14 -> "14 March 2026": the day as the post writes it (a date-time's in its own offset), the same on
 * every machine and in every time zone.
 */
function formatDate(date: Date): string {
  return date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });
}

/** "2026", "03" -> "March 2026". */
function monthName(year: string, month: string): string {
  const first = new Date(Date.UTC(Number(year), Number(month) - 1, 1));
  return first.toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
}
