// Heirloom's site definition: what content/ may say (its collections and their schemas), which pages exist,
// and the waitlist form. The content types templates use are inferred from this file.
import { type ContentOf, defineCollection, defineSite, image, z } from "heirloom";

const text = z.string().trim().min(1, "must not be empty");
/** A site-internal path ("/pricing") or an absolute http(s)/mailto URL. */
const href = text.refine((v) => /^(\/(?!\/)|https?:\/\/|mailto:|#)/.test(v), {
  message: "must start with / (a page of this site), https://, mailto: or #",
});
const link = z.strictObject({ label: text, href });
const picture = z.strictObject({ src: image(), alt: text });
const order = z.number().int().nonnegative();
/** Names of the inline SVG icons that templates/components/Icon.tsx draws. */
export const iconNames = [
  "phone",
  "calendar",
  "book",
  "share",
  "heart",
  "gift",
  "users",
  "mic",
  "shield",
  "photo",
  "feather",
  "clock",
  "sparkle",
  "home",
  "mail",
  "check",
] as const;
export type IconName = (typeof iconNames)[number];
const icon = z.enum(iconNames);
const milliseconds = z.number().int().positive().max(60_000);

const site = defineCollection({
  file: "site.md",
  schema: z.strictObject({
    name: text,
    tagline: text,
    description: text,
    lang: text.default("en"),
    themeColor: text.regex(/^#[0-9a-f]{6}$/i, "must be a hex colour such as #7a3e1d"),
    /** The favicon, an SVG; also rendered as the PNG touch icon. */
    icon: image({ extensions: ["svg"], renditions: { touch: { width: 180, height: 180 } } }),
    /** The picture shown when a page is shared, rendered as a 1200x630 PNG. */
    socialImage: z.strictObject({ src: image({ renditions: { card: { width: 1200, height: 630 } } }), alt: text }),
    header: z.strictObject({ nav: z.array(link).min(1), cta: link, menuLabel: text }),
    footer: z.strictObject({
      blurb: text,
      groups: z.array(z.strictObject({ title: text, links: z.array(link).min(1) })).min(1),
      legal: text,
    }),
    /** Texts and timings of the waitlist form; where it posts is declared under `forms` below. */
    waitlist: z.strictObject({
      label: text,
      placeholder: text,
      button: text,
      busy: text,
      toast: text,
      toastMs: milliseconds,
      resetMs: milliseconds,
      /** Shown in place of the toast when the endpoint could not store the address, even on a second try. */
      failed: text,
      /** The button beside it, which sends the same address again. */
      retry: text,
    }),
  }),
});

const pageBase = {
  path: text,
  title: text,
  description: text.max(170, "must be at most 170 characters so search results do not cut it"),
};
const section = z.strictObject({ title: text, lead: text.optional() });
const cta = z.strictObject({ title: text, lead: text, button: link });

const pages = defineCollection({
  folder: "pages",
  // Long-form pages (privacy, terms) are written as markdown below the front matter; the others have none.
  body: (page) => (page.template === "prose" ? "markdown" : "none"),
  schema: z.discriminatedUnion("template", [
    z.strictObject({
      ...pageBase,
      template: z.literal("waitlist"),
      badge: text,
      headline: text,
      lead: text,
      note: text,
      photos: z.array(picture).length(2, "the waitlist page shows exactly two photos"),
    }),
    z.strictObject({
      ...pageBase,
      template: z.literal("home"),
      hero: z.strictObject({ eyebrow: text, title: text, lead: text, primary: link, gift: link, image: picture }),
      steps: section,
      benefits: section,
      testimonials: section,
      cta,
    }),
    z.strictObject({
      ...pageBase,
      template: z.literal("how-it-works"),
      hero: section,
      steps: section,
      conversation: section,
      faq: section,
      cta,
    }),
    z.strictObject({
      ...pageBase,
      template: z.literal("pricing"),
      hero: section,
      gifts: z.strictObject({ title: text, lead: text }),
      faq: section,
      cta: z.strictObject({ title: text, lead: text, button: text }),
    }),
    z.strictObject({
      ...pageBase,
      template: z.literal("prose"),
      heading: text,
      lead: text.optional(),
      updated: z.iso.date("must be a date such as 2026-11-23").optional(),
    }),
    z.strictObject({ ...pageBase, template: z.literal("not-found"), heading: text, message: text, home: link }),
  ]),
});

const plans = defineCollection({
  folder: "plans",
  schema: z.strictObject({
    order,
    name: text,
    price: z.number({ error: "must be a number such as 49 (no currency sign)" }).positive(),
    period: text,
    description: text,
    features: z.array(text).min(1),
    recommended: z.boolean(),
    badge: text.optional(),
    buttonText: text,
  }),
  sort: "order",
  unique: ["name", "order"],
});

const testimonials = defineCollection({
  folder: "testimonials",
  schema: z.strictObject({ order, quote: text, author: text, relation: text, image: image(), imageAlt: text }),
  sort: "order",
  unique: ["order"],
});

const steps = defineCollection({
  folder: "steps",
  schema: z.strictObject({
    order,
    title: z.enum(["Talk", "Schedule", "Create", "Share"]),
    summary: text,
    icon,
    points: z.array(text).min(1),
  }),
  body: "markdown",
  sort: "order",
  unique: ["title", "order"],
});

const cards = z.strictObject({ order, title: text, text, icon });
const benefits = defineCollection({ folder: "benefits", schema: cards, sort: "order", unique: ["order"] });
const gifts = defineCollection({ folder: "gifts", schema: cards, sort: "order", unique: ["order"] });

const faqs = defineCollection({
  folder: "faqs",
  schema: z.strictObject({ order, page: z.enum(["how-it-works", "pricing"]), question: text }),
  body: "markdown",
  sort: "order",
  unique: [["page", "order"]],
});

const conversation = defineCollection({
  file: "conversation.md",
  schema: z.strictObject({
    title: text,
    caption: text,
    lines: z.array(z.strictObject({ speaker: z.enum(["interviewer", "storyteller"]), name: text, text })).min(2),
  }),
});

const definition = defineSite({
  collections: { site, pages, plans, testimonials, steps, benefits, faqs, gifts, conversation },
  routes: { pages: "pages" },
  // The spec's paths (/home, /pricing) are the links visitors see: served from home.html, pricing.html.
  urlFormat: "file",
  forms: {
    waitlist: {
      field: "email",
      type: "email",
      // A spreadsheet-script web endpoint (see endpoint/); empty: `preview` and `dev` receive the posts.
      endpoint: "",
      env: "HEIRLOOM_WAITLIST_ENDPOINT",
      localPath: "/__heirloom/waitlist",
      // Apps Script answers a post by redirecting the hidden frame to this origin.
      frameOrigins: ["https://script.googleusercontent.com"],
    },
  },
  // Linked from the header and footer but not published yet: visitors see the 404 page.
  unregistered: [
    "/testimonials",
    "/contact",
    "/login",
    "/get-started",
    "/gift",
    "/about",
    "/team",
    "/careers",
    "/faq",
    "/blog",
    "/privacy",
    "/terms",
    "/cookies",
  ],
});

export default definition;

export type Content = ContentOf<typeof definition>;
export type Page = Content["pages"][number];
export type PageOf<T extends Page["template"]> = Extract<Page, { template: T }>;
export type Plan = Content["plans"][number];
export type Faq = Content["faqs"][number];
