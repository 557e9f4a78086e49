// Head stage: what each page's <head> says beyond title and description: canonical URL, social card,
// icons and structured data. Absolute URLs are written only when the site URL is known.
import type { BuiltImage, Head } from "../../templates/types.ts";
import type { SiteConfig } from "../config/options.ts";
import { absoluteUrl } from "../output/hosting.ts";
import type { Route } from "../routes/routes.ts";
import type { SiteContent } from "../content/schema.ts";
import { serializeJsonLd, structuredDataFor } from "./structured-data.ts";

/** Size of the social card that Open Graph and Twitter cards show. */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;
/** Size of the PNG touch icon (apple-touch-icon). */
export const TOUCH_ICON = 180;

export interface SiteImages {
  icon: BuiltImage;
  touchIcon: BuiltImage;
  socialImage: BuiltImage;
}

export function headFor(route: Route, content: SiteContent, config: SiteConfig, images: SiteImages): Head {
  const origin = config.siteUrl ? new URL(config.siteUrl).origin : "";
  const isNotFound = route.page.template === "not-found";
  return {
    // 404.html is served at every missing URL; it has no canonical address of its own.
    canonical: isNotFound ? undefined : absoluteUrl(config, route.path),
    socialImage: origin
      ? { url: origin + images.socialImage.url, width: SOCIAL_CARD.width, height: SOCIAL_CARD.height, alt: content.site.socialImage.alt }
      : undefined,
    icon: images.icon.url,
    touchIcon: images.touchIcon.url,
    structuredData: structuredDataFor(route, content, config).map(serializeJsonLd),
  };
}
