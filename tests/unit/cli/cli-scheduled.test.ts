// `heirloom build` with a post dated later, as CI runs it: SOURCE_DATE_EPOCH decides what is due, the report and
// `--json` say what was held back and when the next post is due, and `--future` publishes it.
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cliPath, copyJournal } from "../../helpers/site.ts";

/** 1 June 2026, 00:00 UTC, as reproducible builds give it. */
const EPOCH = String(Date.UTC(2026, 5, 1) / 1000);

function heirloom(root: string, ...args: string[]) {
  const env = { PATH: process.env.PATH, NO_COLOR: "1", SOURCE_DATE_EPOCH: EPOCH };
  const result = spawnSync(process.execPath, [cliPath, "build", "--root", root, ...args], { encoding: "utf8", env });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("heirloom build and scheduled posts", () => {
  it("holds back a post dated after SOURCE_DATE_EPOCH and says when it is due; --future publishes it", () => {
    const root = copyJournal("heirloom-cli-scheduled-");
    const post = "---\ntitle: Summer\ndescription: Soon.\ndate: 2026-06-21\n---\nText.\n";
    writeFileSync(path.join(root, "content", "posts", "summer.md"), post);
    const page = path.join(root, "dist", "blog", "summer", "index.html");

    const plain = heirloom(root);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toContain(
      "Held back 1 scheduled entry; the next is due 2026-06-21T00:00:00Z (content/posts/summer.md).",
    );
    expect(existsSync(page)).toBe(false);

    const json = heirloom(root, "--json");
    expect(JSON.parse(json.stdout).held).toEqual({
      drafts: 0,
      scheduled: 1,
      expired: 0,
      early: 0,
      next: { date: "2026-06-21T00:00:00Z", file: "content/posts/summer.md" },
    });

    const future = heirloom(root, "--future", "--json");
    expect(future.code, future.stderr).toBe(0);
    expect(JSON.parse(future.stdout).held).toMatchObject({ scheduled: 0, early: 1 });
    expect(existsSync(page)).toBe(true);
  });
});
