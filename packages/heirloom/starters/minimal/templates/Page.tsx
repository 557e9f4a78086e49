// The page template: the page's title and its markdown text.
import type { PageProps } from "heirloom";
import type { Content, Page as PageEntry } from "../site.config.ts";

export type Props = PageProps<PageEntry, Content>;

export function Page({ page }: Props) {
  return (
    <article>
      <h1>{page.title}</h1>
      <div className="body" dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}
