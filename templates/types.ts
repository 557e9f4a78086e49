// The contract between the generator and the templates: what every page component receives.
import type { Page, PageOf, SiteContent } from "../src/schema.ts";

/** An image after the build has copied it to dist/ under a content-hashed name. */
export interface BuiltImage {
  url: string;
  width: number;
  height: number;
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
}
