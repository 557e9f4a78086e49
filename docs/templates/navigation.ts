// The documentation's navigation, from its content: the sidebar's groups (the guide in its order, the commands,
// the configuration's types, the errors' index) and the previous and next page of a page in that order.
import type { Content } from "../site.config.ts";

export interface Link {
  title: string;
  href: string;
  /** The language its title is written in (a page not translated yet keeps its own). */
  lang?: string;
}

export interface Group {
  title: string;
  links: Link[];
}

/** The sidebar: every guide page, then each reference, with the labels of the site's language. */
export function sidebarOf(content: Content, href: (path: string) => string): Group[] {
  const { labels } = content.site;
  const link = (entry: { title: string; url?: string; locale?: string }) => ({
    title: entry.title,
    href: entry.url ?? "",
    lang: entry.locale,
  });
  // A reference's index page, at its address in the page's language.
  const index = (path: string) => {
    const page = content.pages.find((p) => p.path === path);
    return page ? [{ title: page.title, href: page.url ?? href(path), lang: page.locale }] : [];
  };
  return [
    { title: labels.guide, links: content.guide.map(link) },
    {
      title: labels.reference,
      links: [...index("/reference/commands/"), ...index("/reference/configuration/"), ...index("/reference/errors/")],
    },
  ];
}

/** The pages before and after `href` in the sidebar's order, if it is in it. */
export function sequenceAround(groups: Group[], href: string): { previous?: Link; next?: Link } {
  const links = groups.flatMap((g) => g.links);
  const at = links.findIndex((l) => l.href === href);
  if (at < 0) return {};
  return { previous: links[at - 1], next: links[at + 1] };
}
