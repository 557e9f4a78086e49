// Dev and scheduled posts: dev shows a post dated later (marked, and says so), leaves an expired one out (and says
// so), and decides again at each rebuild: a post kept between saves loses its mark once its date has passed.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolvePaths } from "../../../packages/heirloom/src/config/options.ts";
import { entryHashOf } from "../../../packages/heirloom/src/content/validate.ts";
import { Incremental } from "../../../packages/heirloom/src/incremental/incremental.ts";
import { prepareSite } from "../../../packages/heirloom/src/pipeline/prepare.ts";
import { type DevEvent, type DevServer, startDev } from "../../../packages/heirloom/src/serve/dev/dev.ts";
import { copyJournal, editFile } from "../../helpers/site.ts";

const NOW = Date.parse("2026-06-01T00:00:00Z");

/** The journal with a post due on 1 July 2026 and one expired on 31 May 2026. */
function journal(): string {
  const root = copyJournal("heirloom-dev-scheduled-");
  editFile(
    root,
    "site.config.ts",
    'date: z.iso.date("',
    'expiryDate: z.string().optional(),\n        date: z.iso.date("',
  );
  const post = (slug: string, fields: string) =>
    writeFileSync(
      path.join(root, "content", "posts", `${slug}.md`),
      `---\ntitle: ${slug}\ndescription: A post.\n${fields}\n---\nText.\n`,
    );
  post("summer", "date: 2026-07-01");
  post("gone", "date: 2026-01-01\nexpiryDate: 2026-05-31");
  return root;
}

let dev: DevServer | undefined;
afterAll(async () => {
  await dev?.close();
});

describe("dev and scheduled posts", () => {
  it("shows a post dated later and leaves an expired one out, saying which", async () => {
    const root = journal();
    const events: DevEvent[] = [];
    dev = await startDev({ root, env: {}, port: 0, now: NOW, onEvent: (e) => events.push(e) });
    await expect.poll(() => events.length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(events[0]).toMatchObject({ type: "built" });
    expect(events[0].notes).toEqual([
      "showing 1 scheduled entry before its date, marked scheduled (build leaves it out without --future): " +
        "content/posts/summer.md (due 2026-07-01T00:00:00Z)",
      "leaving out 1 expired entry: content/posts/gone.md (expired 2026-05-31T00:00:00Z)",
    ]);
    const status = async (pathname: string) => (await fetch(new URL(pathname, dev!.url))).status;
    expect([await status("/blog/summer/"), await status("/blog/gone/")]).toEqual([200, 404]);
  });

  it("takes the mark off a post kept between rebuilds once it is due, and changes its hash", async () => {
    const root = journal();
    const incremental = Incremental.forDev(resolvePaths({ root }));
    const summer = async (now: number) => {
      const site = await prepareSite({ root, env: {}, drafts: true, future: true, now }, incremental);
      const posts = site.content.posts as Array<{ slug: string; scheduled?: boolean }>;
      return posts.find((post) => post.slug === "summer")!;
    };
    const before = await summer(NOW);
    const [mark, hash] = [before.scheduled, entryHashOf(before)];
    const after = await summer(Date.parse("2026-07-02T00:00:00Z"));
    expect(after).toBe(before);
    expect([mark, after.scheduled]).toEqual([true, undefined]);
    expect(entryHashOf(after)).not.toBe(hash);
  });
});
