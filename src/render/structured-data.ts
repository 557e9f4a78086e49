// Structured data (JSON-LD) for search: the organization, the plans as offers, the FAQs as FAQPage.
import type { SiteConfig } from "../config/options.ts";
import { absoluteUrl } from "../output/hosting.ts";
import type { Route } from "../routes/routes.ts";
import type { SiteContent } from "../content/schema.ts";

type Json = Record<string, unknown>;

/** The JSON-LD objects that describe one route. */
export function structuredDataFor(route: Route, content: SiteContent, config: SiteConfig): Json[] {
  const { site } = content;
  const organization: Json = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.name,
    description: site.description,
    ...(config.siteUrl ? { url: absoluteUrl(config, "/") } : {}),
  };
  const template = route.page.template;
  if (template === "not-found") return [];
  const data: Json[] = [organization];
  if (template === "pricing") data.push(offersOf(content));
  if (template === "pricing" || template === "how-it-works") {
    const faqs = content.faqs.filter((f) => f.page === template);
    data.push({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: faqs.map((f) => ({
        "@type": "Question",
        name: f.question,
        acceptedAnswer: { "@type": "Answer", text: plainText(f.html) },
      })),
    });
  }
  return data;
}

function offersOf(content: SiteContent): Json {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: content.site.name,
    description: content.site.description,
    offers: content.plans.map((plan) => ({
      "@type": "Offer",
      name: plan.name,
      description: plan.description,
      price: plan.price.toFixed(2),
      priceCurrency: "USD",
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: plan.price.toFixed(2),
        priceCurrency: "USD",
        unitCode: "MON",
        billingDuration: "P1M",
      },
    })),
  };
}

/**
 * Serializes JSON for an HTML <script type="application/ld+json"> element. `<`, `>` and `&` are
 * escaped so no content can close the element or open a comment; U+2028/2029 for old parsers.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

function plainText(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
