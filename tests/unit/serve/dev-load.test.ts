// What the dev server reads again after a save: only the saved files, and content/ is walked again only
// when a file was added or removed (a save of an existing file reuses the last walk).
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { prepareSite } from "../../../packages/heirloom/src/pipeline/prepare.ts";
import { resolvePaths } from "../../../packages/heirloom/src/config/options.ts";
import { Incremental } from "../../../packages/heirloom/src/incremental/incremental.ts";
import { makeFixture, ownTemplates } from "../../helpers/site.ts";

async function session() {
  const root = makeFixture();
  ownTemplates(root);
  const incremental = Incremental.forDev(resolvePaths({ root }));
  let site = await prepareSite({ root, env: {}, drafts: true }, incremental);
  /** Prepares again after saving `changed` (relative to content/), as the dev server does. */
  const next = async (...changed: string[]) => {
    incremental.changed(changed.map((file) => path.join(root, "content", file)));
    const before = site;
    site = await prepareSite({ root, env: {}, drafts: true }, incremental);
    return { before, after: site };
  };
  const notes = (s: typeof site) => s.content.notes as Array<{ slug: string; title: string }>;
  const entry = (s: typeof site, slug: string) =>
    s.raw.entries.find((e) => e.slug === slug && e.collection === "notes");
  return { root, next, entry, notes };
}

describe("dev's content reload", () => {
  it("reuses the last walk and every unchanged entry when an existing file is saved", async () => {
    const { root, next, entry, notes } = await session();
    const file = path.join(root, "content", "notes", "first.md");
    writeFileSync(file, readFileSync(file, "utf8").replace("title: First", "title: First, edited"));
    const { before, after } = await next("notes/first.md", "../templates/Pages.tsx");
    expect(after.raw.placement).toBe(before.raw.placement);
    expect(entry(after, "second")).toBe(entry(before, "second"));
    expect(entry(after, "first")).not.toBe(entry(before, "first"));
    expect(notes(after).find((n) => n.slug === "first")).toMatchObject({ title: "First, edited" });
  });

  it(
    "keeps each unchanged entry's route and URL; " + "the saved entry's route and place in the order are made anew",
    async () => {
      const { root, next, notes } = await session();
      const route = (s: Awaited<ReturnType<typeof next>>["after"], slug: string) =>
        s.routes.find((r) => r.path === `/notes/${slug}`);
      const file = path.join(root, "content", "notes", "first.md");
      writeFileSync(file, readFileSync(file, "utf8").replace("order: 1", "order: 5"));
      const { before, after } = await next("notes/first.md");
      expect(route(after, "second")).toBe(route(before, "second"));
      expect(route(after, "first")).not.toBe(route(before, "first"));
      expect(route(after, "first")?.entry).toMatchObject({ order: 5, url: "/notes/first" });
      expect(notes(after).map((n) => n.slug)).toEqual(["second", "first"]);
      expect(after.routes.filter((r) => r.path.startsWith("/notes/")).map((r) => r.path)).toEqual([
        "/notes/first",
        "/notes/second",
      ]);
    },
  );

  it(
    "reuses the last walk after a save that renames a temporary file over the saved one " + "(editors, sed -i)",
    async () => {
      const { root, next, notes } = await session();
      const file = path.join(root, "content", "notes", "first.md");
      const temporary = path.join(root, "content", "notes", ".first.md.swp~");
      writeFileSync(temporary, readFileSync(file, "utf8").replace("title: First", "title: First, renamed over"));
      renameSync(temporary, file);
      // The watcher reports the temporary file too (sed -i names it sedXXXXXX): gone by now, never placed.
      // A file's own watch may name the temporary file as its child: not a path that can exist.
      const { before, after } = await next("notes/sedA1b2C3", "notes/first.md/.first.md.swp~", "notes/first.md");
      expect(after.raw.placement).toBe(before.raw.placement);
      expect(notes(after).find((n) => n.slug === "first")).toMatchObject({ title: "First, renamed over" });
    },
  );

  it("walks content/ again when a file is added or removed", async () => {
    const { root, next, entry, notes } = await session();
    writeFileSync(
      path.join(root, "content", "notes", "third.md"),
      "---\norder: 3\ntitle: Third\nprice: 9\ntags:\n  - three\nfeatured: false\n---\nA third note.\n",
    );
    const added = await next("notes/third.md");
    expect(added.after.raw.placement).not.toBe(added.before.raw.placement);
    expect(entry(added.after, "third")).toMatchObject({ file: "content/notes/third.md" });
    // Entries found by file after a new walk: the unchanged ones are still not read again.
    expect(entry(added.after, "first")).toBe(entry(added.before, "first"));

    rmSync(path.join(root, "content", "notes", "second.md"));
    const removed = await next("notes/second.md");
    expect(removed.after.raw.placement).not.toBe(removed.before.raw.placement);
    expect(entry(removed.after, "second")).toBeUndefined();
    expect(notes(removed.after).map((n) => n.slug)).toEqual(["first", "third"]);
  });
});
