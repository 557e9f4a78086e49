// endpoint/Code.js and its manifest, one execution at a time: the sheet and its header, the lock taken
// before any read and released on every path, failures answered and logged, the health page.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { postEvent, toldBy } from "./fakes.ts";
import { codeSource, compile, manifestPath, SITE_ORIGIN, threadWorld } from "./harness.ts";
import { MemoryRowStore } from "./spreadsheet.ts";

const ann = "email=ann%40example.com";
const lockCalls = (calls: string[]) => calls.filter((c) => /Lock/.test(c));
const sheetCalls = (calls: string[]) => calls.filter((c) => !/Lock/.test(c));

describe("the script and its manifest", () => {
  it("is a plain script with top-level doGet and doPost, as Apps Script runs it", () => {
    expect(() => compile()).not.toThrow();
    expect(codeSource).not.toMatch(/^\s*(import|export)\b/m);
    const execution = threadWorld().execution();
    expect(typeof execution.read("doPost")).toBe("function");
    expect(typeof execution.read("doGet")).toBe("function");
  });

  it("deploys as a V8 web app run as the owner, open to anyone, on UTC", () => {
    expect(JSON.parse(readFileSync(manifestPath, "utf8"))).toMatchObject({
      timeZone: "Etc/UTC",
      runtimeVersion: "V8",
      exceptionLogging: "STACKDRIVER",
      webapp: { executeAs: "USER_DEPLOYING", access: "ANYONE_ANONYMOUS" },
    });
  });
});

describe("doPost", () => {
  it("creates the Waitlist sheet with its header when it is missing, and leaves other sheets alone", () => {
    const other = new MemoryRowStore([["keep me"]]);
    const world = threadWorld({ Sheet1: other });
    const before = new Date().toISOString();
    const { calls } = world.post(ann);
    expect(calls).toContain("insertSheet Waitlist");
    expect(calls).toContain("setFrozenRows 1");
    const [header, entry] = world.cells();
    expect(header!.map((c) => c.display)).toEqual(["Timestamp", "Email"]);
    expect(entry![1]!.display).toBe("ann@example.com");
    expect(entry![0]!.display >= before && entry![0]!.display <= new Date().toISOString()).toBe(true);
    expect(other.rows).toEqual([["keep me"]]);
  });

  it("appends after the last row of an existing sheet", () => {
    const waitlist = new MemoryRowStore([
      ["Timestamp", "Email"],
      ["2025-01-01T00:00:00.000Z", "bob@example.com"],
    ]);
    threadWorld({ Waitlist: waitlist }).post(ann);
    expect(waitlist.rows.map((r) => r[1])).toEqual(["Email", "bob@example.com", "ann@example.com"]);
  });

  it("takes the lock with a bounded wait before any read, flushes, then releases it", () => {
    const { calls, lockHeldAtEnd } = threadWorld().post(ann);
    const [first, ...rest] = lockCalls(calls);
    const wait = Number(first!.split(" ")[1]);
    expect(first).toMatch(/^tryLock \d+ granted$/);
    expect(wait).toBeGreaterThanOrEqual(1_000);
    expect(wait).toBeLessThanOrEqual(30_000);
    expect(rest).toEqual(["releaseLock"]);
    expect(calls.indexOf(first!)).toBeLessThan(calls.indexOf("getActiveSpreadsheet"));
    expect(calls.indexOf("flush")).toBeLessThan(calls.indexOf("releaseLock"));
    expect(lockHeldAtEnd).toBe(false);
  });

  it("does not wait for the lock for a post it refuses anyway", () => {
    for (const body of ["email=nope", `${ann}&${ann}`, ""]) expect(threadWorld().post(body).calls).toEqual([]);
  });

  it("answers busy and touches nothing when another execution keeps the lock past the wait", () => {
    const world = threadWorld({ Waitlist: new MemoryRowStore([["Timestamp", "Email"]]) });
    world.locks.holder = 999;
    const { page, calls, logs } = world.post(ann);
    expect(page.getContent()).toContain("busy");
    expect(sheetCalls(calls)).toEqual([]);
    expect(world.locks.clockMs).toBe(10_000);
    expect(world.cells()).toHaveLength(1);
    expect(logs).toEqual([expect.stringMatching(/^warn: .*lock/)]);
  });

  it("answers an error page, logs and releases the lock when the spreadsheet fails", () => {
    const failing = new MemoryRowStore([["Timestamp", "Email"]]);
    failing.appendRows = () => {
      throw new Error("Service Spreadsheets timed out while accessing document");
    };
    const { page, logs, calls, lockHeldAtEnd } = threadWorld({ Waitlist: failing }).post(ann);
    expect(page.getContent()).toContain("went wrong");
    expect(logs).toEqual([expect.stringContaining("Service Spreadsheets timed out")]);
    expect(logs[0]).not.toContain("ann@example.com");
    expect(calls.at(-1)).toBe("releaseLock");
    expect(lockHeldAtEnd).toBe(false);
  });

  it("commits before unlocking: the next post sees the row even before the first run has ended", () => {
    const duplicates = (source: string) => {
      const world = threadWorld({}, compile(source));
      const first = world.execution();
      first.doPost(postEvent(ann)); // not ended yet: only flush() has committed its row
      world.post("email=ANN%40example.com");
      first.end();
      return world.cells().length - 2;
    };
    expect(duplicates(codeSource)).toBe(0);
    const withoutFlush = codeSource.replace("SpreadsheetApp.flush();", "");
    expect(withoutFlush).not.toBe(codeSource);
    expect(duplicates(withoutFlush)).toBe(1);
  });

  it("gives the same answer for a new and a listed address, so it reveals no entry", () => {
    const world = threadWorld();
    const added = world.post(ann).page;
    const listed = world.post(ann).page;
    expect(listed.getContent()).toBe(added.getContent());
    expect(added.xFrameOptionsMode).toBe("ALLOWALL");
  });

  it("refuses an email in the query string and another in the body", () => {
    const world = threadWorld();
    expect(world.post("email=bob%40example.com", "email=ann%40example.com").page.getContent()).toContain(
      "one email address",
    );
    expect(world.cells()).toEqual([]);
  });

  it("does not throw without an event, as when run from the editor", () => {
    const execution = threadWorld().execution();
    expect(execution.doPost(undefined).getContent()).toContain("valid email");
  });
});

describe("the answer page tells the site's page the outcome", () => {
  const told = (world: ReturnType<typeof threadWorld>, body: string) => toldBy(world.post(body).page);

  it("received, invalid, busy or failed with the page's words, posted to the site's origin (SITE_ORIGIN) alone", () => {
    const world = threadWorld({ Waitlist: new MemoryRowStore([["Timestamp", "Email"]]) });
    const to = (outcome: string, message: string) => [
      { message: { form: "waitlist", outcome, message }, origin: SITE_ORIGIN },
    ];
    const received = to("received", "Thank you. Your address is on the Heirloom waitlist.");
    expect(told(world, ann)).toEqual(received);
    expect(told(world, ann)).toEqual(received); // listed already: the same answer
    expect(told(world, "email=ann%40")).toEqual(to("invalid", "Please enter a valid email address."));
    expect(told(world, "email=%3D1%2B1%40example.com")).toEqual(
      to("invalid", "Please check your email address: it cannot begin with =, +, - or @."),
    );
    expect(told(world, `${ann}&${ann}`)).toEqual(to("invalid", "Please send one email address at a time."));
    world.locks.holder = 999;
    expect(told(world, "email=bob%40example.com")).toEqual(
      to("busy", "The waitlist is busy. Please try again in a moment."),
    );
    world.locks.holder = null;
    const failing = new MemoryRowStore([["Timestamp", "Email"]]);
    failing.appendRows = () => {
      throw new Error("Service Spreadsheets timed out while accessing document");
    };
    expect(toldBy(threadWorld({ Waitlist: failing }).post(ann).page)).toEqual(
      to("failed", "Something went wrong on our side. Please try again later."),
    );
  });

  it("refuses an address that begins with = + - or @ in plain words, and lists nothing", () => {
    const world = threadWorld();
    for (const email of ["=1+1@example.com", "+tag@example.com", "-2+3@example.com"]) {
      const { page, calls } = world.post(new URLSearchParams({ email }).toString());
      expect(page.getContent()).toContain("Please check your email address: it cannot begin with =, +, - or @.");
      expect(calls).toEqual([]);
    }
    expect(world.cells()).toEqual([]);
  });

  it("tells nothing and warns when SITE_ORIGIN is unset or not an origin, and still stores the address", () => {
    for (const value of [
      undefined,
      "",
      "*",
      "https://heirloom.example/path",
      "javascript:alert(1)",
      "http://evil.example",
    ]) {
      const world = threadWorld({}, compile(), value === undefined ? {} : { SITE_ORIGIN: value });
      const { page, logs } = world.post(ann);
      expect(page.getContent(), value).not.toContain("<script");
      expect(logs, value).toEqual([expect.stringMatching(/^warn: SITE_ORIGIN is not (set|an origin)/)]);
      expect(world.cells().map((row) => row[1]!.display)).toEqual(["Email", "ann@example.com"]);
    }
  });

  it("tells a test page on this machine too (http://127.0.0.1 with its port)", () => {
    const world = threadWorld({}, compile(), { SITE_ORIGIN: "http://127.0.0.1:4173" });
    expect(toldBy(world.post(ann).page)).toEqual([
      {
        message: { form: "waitlist", outcome: "received", message: expect.stringContaining("Thank you") },
        origin: "http://127.0.0.1:4173",
      },
    ]);
  });
});

describe("doGet", () => {
  it("answers a health page that reads nothing and reveals no entry or count", () => {
    const waitlist = new MemoryRowStore([
      ["Timestamp", "Email"],
      ["2025-01-01T00:00:00.000Z", "bob@example.com"],
    ]);
    const execution = threadWorld({ Waitlist: waitlist }).execution();
    const content = execution.doGet(postEvent("")).getContent();
    expect(content).toContain("running");
    expect(toldBy(content)).toEqual([]);
    expect(content).not.toMatch(/@|\d/);
    expect(execution.calls).toEqual([]);
  });
});
