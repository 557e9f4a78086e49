// How a site shapes its markdown (site.config.ts's `markdown`): the preset, GitHub's extensions, the typographer,
// heading ids and anchors, the code highlighting themes, markdown-it plugins and the shown width of pictures in
// bodies; and the heading list every entry
// with a body gets for a table of contents.
import type { ShikiTransformer } from "shiki";

/** A markdown-it plugin, as `md.use(plugin, ...options)` takes it. */
// biome-ignore lint: any, so that every plugin's own parameter types fit
export type MarkdownPlugin = (md: any, ...options: any[]) => void;

/** A remark or rehype plugin (unified's), as MDX's `remarkPlugins` and `rehypePlugins` take it. */
// biome-ignore lint: any, so that every plugin's own parameter types fit
export type UnifiedPlugin = (this: any, ...options: any[]) => any;

/** A Shiki theme: the name of one of its bundled themes ("github-light") or a theme object (VS Code's JSON). */
export type CodeTheme = string | Record<string, unknown>;

/** GitHub's extensions of CommonMark, each on (true) or off. */
export interface GfmOptions {
  /** Pipe tables; a column's alignment as GitHub writes it: align="right" (never a style attribute). */
  tables?: boolean;
  /** ~~text~~ as <del>. */
  strikethrough?: boolean;
  /** A list item that starts with [ ] or [x] as a disabled checkbox, in a label with its text. */
  tasklists?: boolean;
  /** Bare https://, http:// and www. addresses, and e-mail addresses, as links. */
  autolinks?: boolean;
  /** [^1] references and their notes, listed at the end of the body. */
  footnotes?: boolean;
}

export interface MarkdownOptions {
  /**
   * What the other options default to. "default": GitHub's markdown (every `gfm` extension), the typographer,
   * heading ids with anchors, highlighted code, raw HTML escaped unless a collection says `html: true`.
   * "commonmark": CommonMark exactly: no extension, no typographer, no ids or anchors, plain code, raw HTML as
   * written unless a collection says `html: false`. An option written beside the preset wins.
   */
  preset?: "default" | "commonmark";
  /** GitHub's extensions: true or false for all of them, or some named (the others as the preset has them). */
  gfm?: boolean | GfmOptions;
  /** Curly quotes, … for ..., en and em dashes for -- and ---; never in code, URLs or raw HTML's code. */
  typographer?: boolean;
  /** GitHub's id on every heading (`## Try this!` is `#try-this`); false: none, and no anchors. */
  ids?: boolean;
  /** markdown-it plugins in the order they apply, each the plugin or [plugin, ...options]. */
  plugins?: Array<MarkdownPlugin | [MarkdownPlugin, ...unknown[]]>;
  /** remark plugins for MDX bodies (markdown-it's `plugins` do not reach them), each plugin or [plugin, options]. */
  remarkPlugins?: Array<UnifiedPlugin | [UnifiedPlugin, ...unknown[]]>;
  /** rehype plugins for MDX bodies, run on the HTML tree before it becomes the body's component. */
  rehypePlugins?: Array<UnifiedPlugin | [UnifiedPlugin, ...unknown[]]>;
  /**
   * Fenced code blocks with a language are highlighted at build time by Shiki, in both themes (CSS variables; the
   * site's CSS picks one): default GitHub's high-contrast light and dark themes. false: left as plain text.
   * `contrast`: the least contrast ratio of every token's colour with its theme's background; a fainter colour is
   * darkened (or, on a dark theme, lightened) until it has it. Default 7, WCAG's AAA for text (the default light
   * theme's comments have 5:1); 4.5 is AA; 1 keeps the themes' colours. `transformers`: the site's own Shiki
   * transformers (https://shiki.style/guide/transformers), run on every block after the engine's.
   */
  highlight?:
    | false
    | {
        themes?: { light?: CodeTheme; dark?: CodeTheme };
        timeout?: number;
        contrast?: number;
        transformers?: ShikiTransformer[];
      };
  /**
   * Pictures in bodies (markdown and MDX), published in several widths: `sizes`, how wide they are shown at each
   * viewport, as HTML's `sizes` attribute ("(min-width: 50rem) 46rem, 100vw" for a 46rem column), so that a
   * browser fetches the narrowest width that fills it. Default: the picture's own width, or the viewport's when
   * that is narrower, which is right only where the column is as wide as the window.
   */
  images?: { sizes?: string };
  /**
   * The link to each heading, after it (its id is always set): `label` names it for screen readers (default
   * "Link to this section: <heading>"). false: no link.
   */
  anchors?: false | { label?: (heading: string) => string };
  /** GitHub's alerts (`> [!NOTE]`, TIP, IMPORTANT, WARNING, CAUTION) written as GitHub writes them; default on. */
  alerts?: boolean;
  /** `:::note`, `:::tip[Title]`, `::: danger Title` … `:::` (Docusaurus, Starlight, VitePress) as alerts; off. */
  containers?: boolean;
  /** `$…$` and `$$…$$` typeset by KaTeX at build time, its stylesheet linked by pages with math; default off. */
  math?: boolean;
}

/** One heading of an entry's markdown body, for a table of contents. */
export interface Heading {
  /** 1 for #, 2 for ##, ... 6. */
  depth: number;
  /** Its text, without markup. */
  text: string;
  /**
   * Its id, unique in the body: the text as GitHub writes it ("Try this!" -> "try-this"), -1, -2 for repeats; ""
   * with `ids: false` (the commonmark preset), where headings have none.
   */
  id: string;
}

/** The markdown settings as the content stage uses them, defaults applied. */
export interface ResolvedMarkdown {
  preset: "default" | "commonmark";
  gfm: Required<GfmOptions>;
  typographer: boolean;
  ids: boolean;
  /** Whether raw HTML is kept where a collection does not say (the preset's choice). */
  html: boolean;
  plugins: Array<[MarkdownPlugin, ...unknown[]]>;
  /** MDX's plugins, each as [plugin, ...options]. */
  remarkPlugins: Array<[UnifiedPlugin, ...unknown[]]>;
  rehypePlugins: Array<[UnifiedPlugin, ...unknown[]]>;
  highlight: false | { light: CodeTheme; dark: CodeTheme };
  /** How long a code block may take to highlight, in ms, before it is written plain with a warning. */
  highlightTimeout: number;
  /** The least contrast ratio of highlighted code's colours with their theme's background. */
  codeContrast: number;
  /** The site's own Shiki transformers (`highlight.transformers`), when it has any. */
  highlightTransformers?: ShikiTransformer[];
  anchors: false | { label: (heading: string) => string };
  /** The `sizes` of pictures in bodies, when the site sets it (else each picture's own width up to the viewport). */
  imageSizes?: string;
  /** GitHub's alerts, containers as alerts, KaTeX's math, each on or off (see MarkdownOptions). */
  alerts: boolean;
  containers: boolean;
  math: boolean;
}

export const DEFAULT_CODE_THEMES = { light: "github-light-high-contrast", dark: "github-dark-high-contrast" } as const;

/** The least contrast of highlighted code's colours when `highlight.contrast` is not set: WCAG's AAA for text. */
export const DEFAULT_CODE_CONTRAST = 7;

/** A code block's time to highlight (ms) when `highlight.timeout` is not set. */
export const DEFAULT_HIGHLIGHT_TIMEOUT = 2000;

export const defaultAnchorLabel = (heading: string) => `Link to this section: ${heading}`;
