// Validate stage: raw entries in, typed and ordered content out, or every problem at once.
import type { z } from "zod";
import type { CollectionName, RawContent } from "./load.ts";
import { HeirloomError, throwIfAny } from "../errors.ts";
import type { RawEntry } from "./front-matter.ts";
import { renderMarkdown } from "./markdown.ts";
import * as schemas from "./schema.ts";
import type { SiteContent } from "./schema.ts";
import { issuesToErrors } from "./schema-errors.ts";

/** Checks every entry against its schema and the cross-file rules; throws BuildFailure listing all problems. */
export function validateContent(raw: RawContent): SiteContent {
  const errors: HeirloomError[] = [];
  const check = <S extends z.ZodType>(schema: S, entry: RawEntry): z.infer<S> | undefined => {
    const result = schema.safeParse(entry.data);
    if (result.success) return result.data;
    errors.push(...issuesToErrors(result.error.issues, entry, schema));
    return undefined;
  };
  const all = <S extends z.ZodType, E>(name: CollectionName, schema: S, extra: (e: RawEntry) => E) =>
    raw.collections[name].flatMap((entry) => {
      const data = check(schema, entry);
      if (data === undefined) return [];
      try {
        return [{ ...(data as object), ...extra(entry), entry } as z.infer<S> & E & { entry: RawEntry }];
      } catch (error) {
        errors.push(error as HeirloomError);
        return [];
      }
    });
  const none = () => ({});
  const html = (e: RawEntry) => ({ html: renderMarkdown(e.body, e.file, e.bodyLine) });

  const site = check(schemas.siteSchema, raw.site);
  const conversation = check(schemas.conversationSchema, raw.conversation);
  const pages = all("pages", schemas.pageSchema, none);
  const plans = all("plans", schemas.planSchema, none);
  const testimonials = all("testimonials", schemas.testimonialSchema, none);
  const steps = all("steps", schemas.stepSchema, html);
  const benefits = all("benefits", schemas.benefitSchema, none);
  const faqs = all("faqs", schemas.faqSchema, html);
  const gifts = all("gifts", schemas.giftSchema, none);

  unique(errors, pages, "path", "page path", "give each page its own path; two pages cannot share a URL.");
  unique(errors, plans, "name", "plan name");
  unique(errors, steps, "title", "step");
  const lists: Record<string, Array<{ order: number; entry: RawEntry }>> = { plans, testimonials, steps, benefits, gifts };
  for (const [key, list] of Object.entries(lists)) {
    unique(errors, list, "order", `${key} order`, "give each item of the folder its own order number.");
  }
  for (const page of ["how-it-works", "pricing"] as const) {
    unique(errors, faqs.filter((f) => f.page === page), "order", `FAQ order on ${page}`);
  }
  requirePages(errors, pages, raw);
  checkImages(errors, raw, pages, testimonials, site);
  throwIfAny(errors);

  const sorted = <T extends { order: number; entry?: RawEntry }>(list: T[]) =>
    list.sort((a, b) => a.order - b.order).map(({ entry: _entry, ...rest }) => rest as unknown as Omit<T, "entry">);
  return {
    site: site!,
    conversation: conversation!,
    pages: pages.map(({ entry: _entry, ...page }) => page as schemas.Page),
    plans: sorted(plans),
    testimonials: sorted(testimonials),
    steps: sorted(steps),
    benefits: sorted(benefits),
    faqs: sorted(faqs),
    gifts: sorted(gifts),
  };
}

function unique<T extends { entry: RawEntry }>(
  errors: HeirloomError[],
  items: T[],
  key: keyof T & string,
  what: string,
  hint = `rename one of them; each ${what} must be unique.`,
): void {
  const seen = new Map<unknown, RawEntry>();
  for (const item of items) {
    const first = seen.get(item[key]);
    if (!first) {
      seen.set(item[key], item.entry);
      continue;
    }
    const code = key === "path" ? "RouteCollisionError" : "DuplicateItemError";
    errors.push(
      new HeirloomError(code, `The ${what} "${String(item[key])}" of ${item.entry.file} is already used by ${first.file}.`, {
        location: { file: item.entry.file, ...item.entry.locate([key]) },
        hint,
      }),
    );
  }
}

function requirePages(errors: HeirloomError[], pages: Array<{ template: string }>, raw: RawContent): void {
  if (raw.collections.pages.length === 0 || pages.some((p) => p.template === "not-found")) return;
  if (pages.length < raw.collections.pages.length) return; // a broken page file was already reported
  errors.push(
    new HeirloomError("MissingContentError", "No page uses the not-found template, so the site would have no 404.html.", {
      location: { file: "content/pages" },
      hint: 'add content/pages/404.md with `path: "404"` and `template: not-found`.',
    }),
  );
}

function checkImages(
  errors: HeirloomError[],
  raw: RawContent,
  pages: Array<schemas.Page & { entry: RawEntry }>,
  testimonials: Array<{ image: string; entry: RawEntry }>,
  site: schemas.Site | undefined,
): void {
  const known = new Set(raw.images);
  const refs: Array<{ src: string; entry: RawEntry; path: PropertyKey[] }> = [];
  if (site) {
    refs.push({ src: site.icon, entry: raw.site, path: ["icon"] });
    refs.push({ src: site.socialImage.src, entry: raw.site, path: ["socialImage", "src"] });
  }
  for (const page of pages) {
    if (page.template === "waitlist") page.photos.forEach((p, i) => refs.push({ src: p.src, entry: page.entry, path: ["photos", i, "src"] }));
    if (page.template === "home") refs.push({ src: page.hero.image.src, entry: page.entry, path: ["hero", "image", "src"] });
  }
  for (const t of testimonials) refs.push({ src: t.image, entry: t.entry, path: ["image"] });
  for (const ref of refs.filter((r) => !known.has(r.src))) {
    errors.push(
      new HeirloomError("ImageNotFoundError", `The image "${ref.src}" named in ${ref.entry.file} does not exist.`, {
        location: { file: ref.entry.file, ...ref.entry.locate(ref.path) },
        hint: `put the file at content/${ref.src}, or name one of: ${[...known].join(", ") || "(no images yet)"}.`,
      }),
    );
  }
}
