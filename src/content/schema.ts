// Content schemas: the single definition of what content/ may say.
// The TypeScript types of all content are inferred from these schemas.
import { z } from "zod";

// Content is validated once per build: compiling fast paths for each schema costs more than it saves.
z.config({ jitless: true });

const text = z.string().trim().min(1, "must not be empty");
/** A site-internal path ("/pricing") or an absolute http(s)/mailto URL. */
const href = text.refine((v) => /^(\/(?!\/)|https?:\/\/|mailto:|#)/.test(v), {
  message: "must start with / (a page of this site), https://, mailto: or #",
});
const link = z.strictObject({ label: text, href });
/** A path of an image under content/, such as "images/porch.svg". */
const imagePath = text.refine((v) => /^images\/[\w./-]+\.(svg|png|jpe?g|webp|avif)$/i.test(v), {
  message: 'must be a path under content/images/, such as "images/porch.svg"',
});
const image = z.strictObject({ src: imagePath, alt: text });
const order = z.number().int().nonnegative();
/** Names of the inline SVG icons that templates/components/Icon.tsx draws. */
export const iconNames = [
  "phone", "calendar", "book", "share", "heart", "gift", "users", "mic",
  "shield", "photo", "feather", "clock", "sparkle", "home", "mail", "check",
] as const;
const icon = z.enum(iconNames);
const milliseconds = z.number().int().positive().max(60_000);

export const waitlistSchema = z.strictObject({
  /** Where the form posts. Empty: the local receiver of `heirloom preview`. */
  endpoint: z.string().trim().default(""),
  field: z.literal("email"),
  label: text,
  placeholder: text,
  button: text,
  busy: text,
  toast: text,
  toastMs: milliseconds,
  resetMs: milliseconds,
});

export const siteSchema = z.strictObject({
  name: text,
  tagline: text,
  description: text,
  lang: text.default("en"),
  themeColor: text.regex(/^#[0-9a-f]{6}$/i, "must be a hex colour such as #7a3e1d"),
  /** The favicon, an SVG; the build also renders it as the PNG touch icon. */
  icon: imagePath.refine((v) => v.endsWith(".svg"), { message: 'must be an SVG, such as "images/favicon.svg"' }),
  /** The picture shown when a page is shared (rendered as a 1200x630 PNG). */
  socialImage: image,
  base: z.string().trim().default("/"),
  siteUrl: z.string().trim().default(""),
  header: z.strictObject({ nav: z.array(link).min(1), cta: link, menuLabel: text }),
  footer: z.strictObject({
    blurb: text,
    groups: z.array(z.strictObject({ title: text, links: z.array(link).min(1) })).min(1),
    legal: text,
  }),
  waitlist: waitlistSchema,
  /** Paths that are linked but deliberately not generated: they show the 404 page. */
  unregistered: z.array(text.regex(/^\/[\w-]+$/, "must be a path such as /about")),
});

const pageBase = {
  path: text.regex(/^\/([\w-]+)?$|^404$/, 'must be "/", "/name" or "404"'),
  title: text,
  description: text.max(170, "must be at most 170 characters so search results do not cut it"),
};
const section = z.strictObject({ title: text, lead: text.optional() });

export const pageSchema = z.discriminatedUnion("template", [
  z.strictObject({
    ...pageBase,
    template: z.literal("waitlist"),
    badge: text,
    headline: text,
    lead: text,
    note: text,
    photos: z.array(image).length(2, "the waitlist page shows exactly two photos"),
  }),
  z.strictObject({
    ...pageBase,
    template: z.literal("home"),
    hero: z.strictObject({ eyebrow: text, title: text, lead: text, primary: link, gift: link, image }),
    steps: section,
    benefits: section,
    testimonials: section,
    cta: z.strictObject({ title: text, lead: text, button: link }),
  }),
  z.strictObject({
    ...pageBase,
    template: z.literal("how-it-works"),
    hero: section,
    steps: section,
    conversation: section,
    faq: section,
    cta: z.strictObject({ title: text, lead: text, button: link }),
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
    template: z.literal("not-found"),
    heading: text,
    message: text,
    home: link,
  }),
]);

export const planSchema = z.strictObject({
  order,
  name: text,
  price: z.number({ error: "must be a number such as 49 (no currency sign)" }).positive(),
  period: text,
  description: text,
  features: z.array(text).min(1),
  recommended: z.boolean(),
  badge: text.optional(),
  buttonText: text,
});

export const testimonialSchema = z.strictObject({
  order,
  quote: text,
  author: text,
  relation: text,
  image: imagePath,
  imageAlt: text,
});

export const stepSchema = z.strictObject({
  order,
  title: z.enum(["Talk", "Schedule", "Create", "Share"]),
  summary: text,
  icon,
  points: z.array(text).min(1),
});

export const benefitSchema = z.strictObject({ order, title: text, text, icon });

export const faqSchema = z.strictObject({
  order,
  page: z.enum(["how-it-works", "pricing"]),
  question: text,
});

export const giftSchema = z.strictObject({ order, title: text, text, icon });

export const conversationSchema = z.strictObject({
  title: text,
  caption: text,
  lines: z
    .array(z.strictObject({ speaker: z.enum(["interviewer", "storyteller"]), name: text, text }))
    .min(2),
});

export type Site = z.infer<typeof siteSchema>;
export type Waitlist = z.infer<typeof waitlistSchema>;
export type Link = z.infer<typeof link>;
export type Image = z.infer<typeof image>;
export type Page = z.infer<typeof pageSchema>;
export type PageOf<T extends Page["template"]> = Extract<Page, { template: T }>;
export type Plan = z.infer<typeof planSchema>;
/** Markdown bodies are rendered to HTML at build time and carried as `html`. */
export type Testimonial = z.infer<typeof testimonialSchema>;
export type Step = z.infer<typeof stepSchema> & { html: string };
export type Benefit = z.infer<typeof benefitSchema>;
export type Faq = z.infer<typeof faqSchema> & { html: string };
export type Gift = z.infer<typeof giftSchema>;
export type Conversation = z.infer<typeof conversationSchema>;

/** Everything content/ says, validated and ordered. */
export interface SiteContent {
  site: Site;
  pages: Page[];
  plans: Plan[];
  testimonials: Testimonial[];
  steps: Step[];
  benefits: Benefit[];
  faqs: Faq[];
  gifts: Gift[];
  conversation: Conversation;
}
