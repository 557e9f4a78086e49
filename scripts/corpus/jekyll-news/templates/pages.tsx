// The Jekyll news port's page templates: the news list (paginated), a category's posts, the list of categories,
// a post with its date, author and categories, and plain pages (the 404 page).
import type { PageProps, Pagination, TermPage, TermsPage } from "heirloom";
import type { Content, Page as PageEntry, PostEntry } from "../site.config.ts";

export type Props<P = PageEntry | PostEntry | TermPage | TermsPage> = PageProps<P, Content, PostEntry>;

export function News({ page, pagination }: Props<PageEntry>) {
  return <PostList title={page.title} pagination={pagination} />;
}

export function Category({ page, pagination }: Props<TermPage>) {
  const title = `${page.name}: ${page.count} ${page.count === 1 ? "post" : "posts"}`;
  return <PostList title={title} pagination={pagination} />;
}

export function Categories({ page }: Props<TermsPage>) {
  return (
    <article className="page">
      <h1>{page.title}</h1>
      <ul className="terms">
        {page.terms.map((term) => (
          <li key={term.slug}>
            <a href={term.url}>{term.name}</a> ({term.count})
          </li>
        ))}
      </ul>
    </article>
  );
}

function PostList({ title, pagination }: { title: string; pagination?: Pagination<PostEntry> }) {
  const posts = pagination?.items ?? [];
  return (
    <section className="news">
      <h1>{title}</h1>
      <ol className="post-list">
        {posts.map((post) => (
          <li key={post.slug}>
            <h2>
              <a href={post.url}>{post.title}</a>
            </h2>
            <Meta post={post} />
            {post.summary && <div className="summary" dangerouslySetInnerHTML={{ __html: post.summary }} />}
          </li>
        ))}
      </ol>
      {pagination && pagination.pages > 1 && (
        <nav className="pager" aria-label="Pages">
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
    </section>
  );
}

/** The date as Jekyll's date_to_string prints it ("06 May 2013"), the author and the categories. */
function Meta({ post }: { post: PostEntry }) {
  const day = post.date.toLocaleDateString("en-GB", { day: "2-digit", month: "short", year: "numeric" });
  return (
    <p className="meta">
      <time dateTime={String(post.date)}>{day}</time> · <a href={`https://github.com/${post.author}`}>{post.author}</a>
      {post.terms?.categories.map((term) => (
        <span key={term.slug}>
          {" · "}
          <a href={term.url}>{term.name}</a>
        </span>
      ))}
    </p>
  );
}

export function Post({ page }: Props<PostEntry>) {
  return (
    <article className="post">
      <h1>{page.title}</h1>
      <Meta post={page} />
      <div className="body" dangerouslySetInnerHTML={{ __html: page.html }} />
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
