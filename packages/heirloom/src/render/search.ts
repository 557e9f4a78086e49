// <Search />: the search box a template renders on a site with `search: true`. It is a real form (a labelled
// type="search" input, a submit button, a live status and a list for results); the page that renders one gets
// the box's script (assets/search-client.ts) and no other page does. Without JavaScript the box stays disabled
// and its status says why. Every word it shows is a prop, so a page in another language passes its own.
import type { ReactElement } from "react";
import { createElement } from "../compile/react.ts";

/** The attribute that marks the form <Search /> renders: the script looks for it, the render for its tag. */
export const SEARCH_ATTRIBUTE = "data-heirloom-search";

/** What <Search /> shows; each text is the template's to set, in its page's language. */
export interface SearchProps {
  /** The input's label: "Search this site". */
  label?: string;
  /** The submit button's text: "Search". */
  button?: string;
  /** The input's placeholder; none unless set (the label is what names the box). */
  placeholder?: string;
  /** The form's id and the start of its children's ids: "search"; give each box on one page its own. */
  id?: string;
  /** The query's name in the page's address, read when the page opens (/search/?q=word): "q". */
  name?: string;
  /** How many results are listed at most: 10. */
  limit?: number;
  /** The status without JavaScript, when the box cannot work. */
  noScript?: string;
  /** The status while Pagefind loads and searches. */
  loading?: string;
  /** The status with no result; {query} is what was searched for. */
  none?: string;
  /** With one result. */
  one?: string;
  /** With more; {count} is how many there are, {shown} how many are listed. */
  many?: string;
  /** When the index cannot be loaded (offline before it was ever loaded, or not published). */
  unavailable?: string;
  /** In `heirloom dev`, which makes no index: where search works. */
  dev?: string;
  /** A class for the form, to style it with the site's stylesheet. */
  className?: string;
}

const WORDS = {
  label: "Search this site",
  button: "Search",
  noScript: "Search needs JavaScript, which is turned off in this browser.",
  loading: "Searching…",
  none: "No results for “{query}”.",
  one: "1 result for “{query}”.",
  many: "{count} results for “{query}”.",
  unavailable: "Search could not be loaded. Check the connection and try again.",
  dev: "Search works in a built site: run heirloom build, then heirloom preview.",
};

/** The search box: a form that works once its script has run, and says so when it cannot. */
export function Search(props: SearchProps = {}): ReactElement {
  const words = { ...WORDS, ...defined(props) };
  const id = props.id ?? "search";
  const data = {
    [SEARCH_ATTRIBUTE]: "",
    "data-loading": words.loading,
    "data-none": words.none,
    "data-one": words.one,
    "data-many": words.many,
    "data-unavailable": words.unavailable,
    "data-dev": words.dev,
    "data-limit": String(props.limit ?? 10),
  };
  return createElement(
    "form",
    { role: "search", id, className: props.className ?? "heirloom-search", method: "get", ...data },
    createElement("label", { htmlFor: `${id}-input` }, words.label),
    createElement("input", {
      id: `${id}-input`,
      type: "search",
      name: props.name ?? "q",
      placeholder: props.placeholder,
      autoComplete: "off",
      disabled: true,
    }),
    createElement("button", { type: "submit", disabled: true }, words.button),
    createElement(
      "p",
      { id: `${id}-status`, role: "status", "aria-live": "polite", "data-search-status": "" },
      words.noScript,
    ),
    createElement("ul", {
      id: `${id}-results`,
      "aria-labelledby": `${id}-status`,
      "data-search-results": "",
      hidden: true,
    }),
  );
}

/** The words the template passed (a prop left out, or not text, keeps the default). */
function defined(props: SearchProps): Partial<typeof WORDS> {
  const given = Object.entries(props).filter(([name, value]) => name in WORDS && typeof value === "string");
  return Object.fromEntries(given) as Partial<typeof WORDS>;
}

const FORM = new RegExp(`<form [^>]*${SEARCH_ATTRIBUTE}=""`);

/** Whether a rendered page holds a search box: the form's tag with its attribute (text about it is escaped). */
export function rendersSearch(html: string): boolean {
  return html.includes(SEARCH_ATTRIBUTE) && FORM.test(html);
}
