// How a site shapes its markdown (site.config.ts's `markdown`): markdown-it plugins, the code highlighting themes
// and the heading anchors; and the heading list every entry with a body gets for a table of contents.

/** A markdown-it plugin, as `md.use(plugin, ...options)` takes it. */
// biome-ignore lint: any, so that every plugin's own parameter types fit
export type MarkdownPlugin = (md: any, ...options: any[]) => void;

/** A Shiki theme: the name of one of its bundled themes ("github-light") or a theme object (VS Code's JSON). */
export type CodeTheme = string | Record<string, unknown>;

export interface MarkdownOptions {
  /** markdown-it plugins in the order they apply, each the plugin or [plugin, ...options]. */
  plugins?: Array<MarkdownPlugin | [MarkdownPlugin, ...unknown[]]>;
  /**
   * Fenced code blocks with a language are highlighted at build time by Shiki, in both themes (CSS variables; the
   * site's CSS picks one): default GitHub's high-contrast light and dark themes. false: left as plain text.
   */
  highlight?: false | { themes?: { light?: CodeTheme; dark?: CodeTheme } };
  /**
   * The link to each heading, after it (its id is always set): `label` names it for screen readers (default
   * "Link to this section: <heading>"). false: no link.
   */
  anchors?: false | { label?: (heading: string) => string };
}

/** One heading of an entry's markdown body, for a table of contents. */
export interface Heading {
  /** 1 for #, 2 for ##, ... 6. */
  depth: number;
  /** Its text, without markup. */
  text: string;
  /** Its id, unique in the body: the text as GitHub writes it ("Try this!" -> "try-this"), -1, -2 for repeats. */
  id: string;
}

/** The markdown settings as the content stage uses them, defaults applied. */
export interface ResolvedMarkdown {
  plugins: Array<[MarkdownPlugin, ...unknown[]]>;
  highlight: false | { light: CodeTheme; dark: CodeTheme };
  anchors: false | { label: (heading: string) => string };
}

export const DEFAULT_CODE_THEMES = { light: "github-light-high-contrast", dark: "github-dark-high-contrast" } as const;

export const defaultAnchorLabel = (heading: string) => `Link to this section: ${heading}`;
