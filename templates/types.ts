// The contract between the generator and the templates: what every page component receives.
import type { Page, PageOf, SiteContent } from "../src/content/schema.ts";

/** An image after the build has copied (or converted) it to dist/ under content-hashed names. */
export interface BuiltImage {
  /** The fallback file (for raster images its largest width). */
  url: string;
  width: number;
  height: number;
  /** Raster images: every width of the fallback, as a srcset. Vector images have none. */
  srcset?: string;
  /** Raster images: AVIF and WebP variants for <source> elements, best first. Empty for vector images. */
  sources: Array<{ type: string; srcset: string }>;
}

/** What the document head says about one page beyond its title and description. */
export interface Head {
  /** Absolute URL of the page; absent when no site URL is configured. */
  canonical?: string;
  /** Absolute URL and size of the social-card image; absent when no site URL is configured. */
  socialImage?: { url: string; width: number; height: number; alt: string };
  /** The SVG favicon and the PNG touch icon. */
  icon: string;
  touchIcon: string;
  /** JSON-LD documents, already escaped so that they cannot close their script element. */
  structuredData: string[];
}

/** URLs the build resolved; templates never read files or hard-code asset paths. */
export interface Assets {
  /** A site path ("/pricing") with the configured base path applied; other URLs unchanged. */
  href(path: string): string;
  /** A content image ("images/porch.svg") as copied to dist/. */
  image(src: string): BuiltImage;
  /** URL of the site stylesheet. */
  stylesheet: string;
  /** URL of the client script. */
  script: string;
  /** URL the waitlist form posts to. */
  waitlistAction: string;
}

export interface PageProps<T extends Page["template"] = Page["template"]> {
  page: PageOf<T>;
  content: SiteContent;
  assets: Assets;
  head: Head;
}
