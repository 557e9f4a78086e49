import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isValidEmail, openWaitlistStore, receiveWaitlistPost } from "../src/serve/receiver.ts";

let server: Server;
let url: string;
let file: string;

beforeEach(async () => {
  file = path.join(mkdtempSync(path.join(os.tmpdir(), "heirloom-receiver-")), ".heirloom", "waitlist.jsonl");
  const store = await openWaitlistStore(file);
  server = createServer((req, res) => void receiveWaitlistPost(req, res, store));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (email: string) =>
  fetch(url, { method: "POST", body: new URLSearchParams({ email }), headers: { "content-type": "application/x-www-form-urlencoded" } });
const entries = async () => (await readFile(file, "utf8")).trim().split("\n").map((l) => JSON.parse(l) as { email: string; at: string });

describe("the local waitlist receiver", () => {
  it("stores 200 concurrent distinct posts, each exactly once, with a timestamp", async () => {
    const emails = Array.from({ length: 200 }, (_, i) => `person${i}@example.com`);
    const statuses = await Promise.all(emails.map(async (e) => (await post(e)).status));
    expect(statuses.every((s) => s === 200)).toBe(true);
    const stored = await entries();
    expect(stored.map((e) => e.email).sort()).toEqual([...emails].sort());
    expect(stored.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
  });

  it("ignores duplicates, also when they arrive at once and differ in case", async () => {
    await Promise.all([post("ann@example.com"), post("ann@example.com"), post("ANN@example.com"), post("bob@example.com")]);
    expect((await entries()).map((e) => e.email.toLowerCase()).sort()).toEqual(["ann@example.com", "bob@example.com"]);
  });

  it("rejects a bad or missing email with 400 and stores nothing", async () => {
    for (const bad of ["", "   ", "not-an-email", "a@", "@b.com", "a b@c.com"]) expect((await post(bad)).status).toBe(400);
    await expect(readFile(file, "utf8")).rejects.toThrow(/ENOENT/);
  });

  it("answers anything but POST with 405", async () => {
    expect((await fetch(url)).status).toBe(405);
  });

  it("remembers entries across restarts", async () => {
    await post("carol@example.com");
    const reopened = await openWaitlistStore(file);
    expect(await reopened.add("Carol@example.com")).toBe("duplicate");
  });
});

describe("isValidEmail", () => {
  it("follows the browser's rule", () => {
    expect(isValidEmail("a.b+c@sub.example.org")).toBe(true);
    expect(isValidEmail("a@localhost")).toBe(true);
    expect(isValidEmail("a@-x.com")).toBe(false);
  });
});
