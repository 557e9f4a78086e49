// The Rust blog port's page templates: a blog's list of every post grouped by year, a post with its date,
// author and team, and plain pages (the 404 page).
import type { PageProps } from "heirloom";
import type { Content, Page as PageEntry, PostEntry } from "../site.config.ts";

export type Props<P = PageEntry | PostEntry> = PageProps<P, Content, PostEntry>;

/** The blog a path belongs to: its list page, which holds the blog's name and description. */
export function blogOf(content: Content, path: string): PageEntry {
  const root = path.startsWith("/inside-rust/") ? "/inside-rust/" : "/";
  return content.pages.find((page) => page.path === root) ?? content.pages[0];
}

export function BlogIndex({ page, content, pagination }: Props<PageEntry>) {
  const others = content.pages.filter((other) => other.linkText && other.path !== page.path);
  const posts = pagination?.items ?? [];
  return (
    <>
      <header className="intro">
        <div dangerouslySetInnerHTML={{ __html: page.html }} />
        <p>
          <b>See also:</b>{" "}
          {others.map((other) => (
            <a key={other.path} href={other.url}>
              {other.linkText}
            </a>
          ))}
        </p>
      </header>
      <table className="post-list">
        <tbody>
          {posts.map((post, i) => {
            const { year, month, day } = dateOf(post);
            const firstOfYear = i === 0 || dateOf(posts[i - 1]).year !== year;
            return [
              firstOfYear && (
                <tr key={year}>
                  <td />
                  <td>
                    <h2>Posts in {year}</h2>
                  </td>
                </tr>
              ),
              <tr key={post.slug}>
                <td className="day">
                  {MONTHS[month - 1]}&nbsp;{day}
                </td>
                <td>
                  <a href={post.url}>{post.title}</a>
                </td>
              </tr>,
            ];
          })}
        </tbody>
      </table>
    </>
  );
}

function Post({ page }: Props<PostEntry>) {
  const { year, month, day } = dateOf(page);
  const team = page.team ? /(?<name>[^<]*) <(?<url>[^>]+)>/.exec(page.team)?.groups : undefined;
  return (
    <article className="post">
      <h1>{page.title}</h1>
      <p className="meta">
        <time dateTime={dateOf(page).iso}>
          {MONTHS[month - 1]} {day}, {year}
        </time>{" "}
        · {page.author}
        {team && (
          <>
            {" "}
            on behalf of <a href={team.url}>{team.name}</a>
          </>
        )}
      </p>
      <div className="body" dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}

export const MainPost = Post;
export const InsidePost = Post;

export function Page({ page }: Props<PageEntry>) {
  return (
    <article className="page">
      <h1>{page.title}</h1>
      <div className="body" dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}

/** A post's date: its `date` field, or the date its file name starts with. */
function dateOf(post: { date?: string; slug: string }) {
  const iso = post.date ?? post.slug.slice(0, 10);
  return { iso, year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)), day: Number(iso.slice(8, 10)) };
}

// The original's month names (src/lib.rs).
const MONTHS = ["Jan.", "Feb.", "Mar.", "Apr.", "May", "June", "July", "Aug.", "Sept.", "Oct.", "Nov.", "Dec."];
