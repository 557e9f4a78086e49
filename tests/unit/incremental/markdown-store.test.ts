// The markdown a build keeps for the next: a few bodies rendered again are written as additions, the base file is
// left as it is; past a quarter of the base, everything still used is one file again.
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { RenderedMarkdown } from "../../../packages/heirloom/src/content/markdown/markdown.ts";
import { type MarkdownIndex, markdownStore } from "../../../packages/heirloom/src/incremental/markdown-store.ts";

const body = (i: number, code = false): RenderedMarkdown => ({
  html: `<p>Body ${i}</p>`,
  headings: i % 2 ? [{ depth: 2, text: `Part ${i}`, id: `part-${i}` }] : [],
  code,
});

function storeFiles() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "heirloom-markdown-store-"));
  return { base: path.join(dir, "markdown.v8"), added: path.join(dir, "markdown-added.v8") };
}

/** A store of `count` bodies, saved: its files and index. */
async function savedWith(count: number) {
  const files = storeFiles();
  const store = markdownStore(files);
  for (let i = 0; i < count; i++) store.set(`k${i}`, body(i, i === 3));
  await store.save();
  return { files, index: store.index() };
}

describe("the markdown store", () => {
  it("writes a first build's many bodies as one base file, and reads each back as it was", async () => {
    const { files, index } = await savedWith(200);
    expect(index.baseSize).toBe(200);
    expect(index.added).toEqual([]);
    expect(existsSync(files.added)).toBe(false);
    const again = markdownStore(files, index);
    expect(again.get("k7")).toEqual(body(7));
    expect(again.get("k3")).toEqual(body(3, true));
    expect(again.code("k3")).toBe(true);
    expect(again.peek?.("k7")).toBeUndefined();
  });

  it("writes one body rendered again as an addition, the base file untouched", async () => {
    const { files, index } = await savedWith(200);
    const baseBytes = readFileSync(files.base);
    const baseTime = statSync(files.base).mtimeMs;
    const next = markdownStore(files, index);
    next.set("k200", body(200));
    await next.save();
    const after = next.index();
    expect(after.added).toEqual(["k200"]);
    expect(after.baseSize).toBe(200);
    expect(statSync(files.base).mtimeMs).toBe(baseTime);
    expect(readFileSync(files.base).equals(baseBytes)).toBe(true);
    const third = markdownStore(files, after);
    expect(third.get("k200")).toEqual(body(200));
    expect(third.get("k199")).toEqual(body(199));
  });

  it("merges additions and forgotten bodies into the base once they pass a quarter of it", async () => {
    const { files, index } = await savedWith(400);
    let current: MarkdownIndex = index;
    // 99 additions stay additions (99 ≤ 400 / 4); the 101st passes the share.
    for (let i = 400; i < 501; i++) {
      const store = markdownStore(files, current);
      store.set(`k${i}`, body(i));
      await store.save();
      current = store.index();
      if (i < 499) expect(current.added.length).toBe(i - 399);
    }
    expect(current.added).toEqual([]);
    expect(current.baseSize).toBe(501);
    expect(existsSync(files.added)).toBe(false);
    const last = markdownStore(files, current);
    expect(last.get("k450")).toEqual(body(450));
    expect(last.get("k0")).toEqual(body(0));
  });

  it("forgets bodies no longer used without writing, and leaves them out when it writes the base again", async () => {
    const { files, index } = await savedWith(400);
    const store = markdownStore(files, index);
    const used = new Set(Array.from({ length: 390 }, (_, i) => `k${i}`));
    store.retain(used);
    await store.save();
    const after = store.index();
    expect(after.keys.map(([key]) => key)).toHaveLength(390);
    expect(after.baseSize).toBe(400);
    expect(markdownStore(files, after).get("k395")).toBeUndefined();
    // Past the share: 120 forgotten of 400.
    const fewer = markdownStore(files, after);
    fewer.retain(new Set(Array.from({ length: 280 }, (_, i) => `k${i}`)));
    await fewer.save();
    expect(fewer.index().baseSize).toBe(280);
    expect(markdownStore(files, fewer.index()).get("k279")).toEqual(body(279));
  });

  it("renders again what a damaged file held: get answers nothing", async () => {
    const { files, index } = await savedWith(100);
    writeFileSync(files.base, "not a serialized map");
    expect(markdownStore(files, index).get("k1")).toBeUndefined();
  });
});
