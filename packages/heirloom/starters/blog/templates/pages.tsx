// The page templates: the front page, the list of posts, one post (markdown or MDX), and a plain page (the 404
// page too).
import type { PageProps } from "heirloom";
import type { Content, Page as PageEntry, Post as PostEntry } from "../site.config.ts";

export type Props<P = PageEntry | PostEntry> = PageProps<P, Content, PostEntry>;

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
      {pagination && pagination.pages > 1 && (
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
      )}
    </>
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
