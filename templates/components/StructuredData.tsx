// Structured data (JSON-LD) for search: the organization on every page, the plans as offers on /pricing and
// the questions as FAQPage where they are shown. The engine's serializer escapes it for the script element.
import { serializeJsonLd } from "heirloom";
import type { Content } from "../../site.config.ts";
import type { PageProps } from "../types.ts";

type Json = Record<string, unknown>;

export function StructuredData({ page, content, assets }: PageProps) {
  if (page.template === "not-found") return null;
  const url = assets.absolute(assets.href("/"));
  const data: Json[] = [
    {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: content.site.name,
      description: content.site.description,
      ...(url ? { url } : {}),
    },
  ];
  if (page.template === "pricing") data.push(offers(content));
  if (page.template === "pricing" || page.template === "how-it-works") data.push(faqPage(content, page.template));
  return (
    <>
      {data.map((item) => (
        // A data block, not a script: serialized so that content cannot close the element.
        <script
          key={String(item["@type"])}
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: serializeJsonLd(item) }}
        />
      ))}
    </>
  );
}

/** The plans as offers; prices are monthly, in US dollars. */
function offers(content: Content): Json {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: content.site.name,
    description: content.site.description,
    offers: content.plans.map((plan) => {
      const price = plan.price.toFixed(2);
      return {
        "@type": "Offer",
        name: plan.name,
        description: plan.description,
        price,
        priceCurrency: "USD",
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price,
          priceCurrency: "USD",
          unitCode: "MON",
          billingDuration: "P1M",
        },
      };
    }),
  };
}

function faqPage(content: Content, shownOn: "pricing" | "how-it-works"): Json {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: content.faqs
      .filter((faq) => faq.page === shownOn)
      .map((faq) => ({
        "@type": "Question",
        name: faq.question,
        acceptedAnswer: { "@type": "Answer", text: plainText(faq.html) },
      })),
  };
}

/** The text of build-time HTML, for search engines. */
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
