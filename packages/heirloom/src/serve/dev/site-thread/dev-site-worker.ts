// dev's site thread (started by site-thread.ts): everything that runs the site's code, on a thread whose memory
// is bounded, so that a page, an MDX body or a module that uses it all up ends this thread and never the server.
// It builds the site in memory when asked (reusing what the incremental object keeps between saves), renders each
// page asked for, and checks every page's links in the background after each build.
import { parentPort, workerData } from "node:worker_threads";
import { startHeartbeat, stalledError } from "../../../compile/stall.ts";
import { outOfMemoryError } from "../../../compile/supervisor.ts";
import { resolvePaths } from "../../../config/options.ts";
import { type CompiledPart, Incremental } from "../../../incremental/incremental.ts";
import { hasPathPolicies, pathHeaders, securityHeaders } from "../../../output/files/index.ts";
import { devNotes } from "../../../output/held-report.ts";
import { prepareSite } from "../../../pipeline/prepare.ts";
import { type DevSite, createDevSite } from "./dev-site.ts";
import { LastGoodPages } from "./last-good.ts";
import { problemsFormatter } from "./dev-problems.ts";
import type { Exhausted, FromSiteThread, SiteThreadData, ToSiteThread } from "./site-thread-messages.ts";

let given: SiteThreadData;
let answering: Int32Array;
let say: ReturnType<typeof problemsFormatter>;
let incremental: Incremental;
const post = (message: FromSiteThread) => parentPort!.postMessage(message);
let lastGood: LastGoodPages;
let site: DevSite | undefined;
/** The last build asked for: a link check of an earlier one stops. */
let latest = 0;
let redone = new Set<CompiledPart>();

// What this thread is given: in its workerData, or, for a thread started before dev knew it (bin/prestart-dev.js),
// in its first message, which workerData then holds too (compile/supervisor.ts reads its memory there).
if ((workerData as Partial<SiteThreadData>).options) serve(workerData as SiteThreadData);
else
  parentPort!.once("message", (message: ToSiteThread) => {
    if (message.type === "start") serve(Object.assign(workerData as object, message.data) as SiteThreadData);
  });

/** Starts answering dev's messages with what the thread was given. */
function serve(data: SiteThreadData): void {
  given = data;
  // site-thread.ts stops this thread once site code no budget stops runs far past its own (compile/stall.ts).
  startHeartbeat();
  // What dev was answered before this thread: its predecessor's pages, shown if they now fail.
  lastGood = new LastGoodPages(data.lastGood);
  answering = new Int32Array(data.request);
  say = problemsFormatter(data.debug);
  incremental = Incremental.forDev(resolvePaths(data.options));
  parentPort!.on("message", (message: ToSiteThread) => {
    if (message.type === "changed") for (const part of incremental.changed(message.files)) redone.add(part);
    else if (message.type === "build") void build(message.build, message.exhausted);
    else if (message.type === "get") answer(message.id, message.pathname);
  });
}

/** Prepares the site in memory (pages are rendered when asked for) and serves it from now on. */
async function build(number: number, exhausted: Exhausted[]): Promise<void> {
  latest = number;
  const steps = [...redone];
  redone = new Set();
  try {
    const onWarning = (message: string) => post({ type: "warning", message });
    const prepared = await prepareSite({ drafts: true, future: true, ...given.options, onWarning }, incremental);
    const failed = new Map(
      exhausted.map((place) => [
        place.page!,
        place.stalled ? stalledError({ place, ...place.stalled }) : outOfMemoryError(place, given.limitMb),
      ]),
    );
    site = createDevSite(prepared, { lastGood, exhausted: failed }, (problems) => {
      post({ type: "links", build: number, message: say(problems) });
    });
    const { config, site: definition } = prepared;
    post({
      type: "built",
      build: number,
      redone: steps,
      warnings: prepared.bundle.warnings,
      notes: devNotes(prepared.publication),
      base: config.base,
      allowedHosts: definition.allowedHosts,
      headers: securityHeaders(config),
      pathHeaders: pathHeaders(config, hasPathPolicies(config)),
      forms: definition.forms.map(({ name, field, type, localPath }) => ({ name, field, type, localPath })),
    });
    // Not after a page used up the memory: one template that does so on every page would end a thread a page.
    if (exhausted.length === 0) void checkEveryLink(number);
  } catch (error) {
    post({ type: "failed", build: number, redone: steps, message: say(error) });
  }
}

/** Answers a request: the file, or why its page failed; which request it is, is told while its page renders. */
function answer(id: number, pathname: string): void {
  answering[0] = id;
  try {
    const found = site?.get(pathname);
    const failure = found?.failure === undefined ? undefined : say(found.failure);
    post({ type: "got", id, file: found && { status: found.status, file: found.file, body: found.body }, failure });
  } catch (error) {
    post({ type: "got", id, failure: say(error) });
  } finally {
    answering[0] = 0;
  }
}

/**
 * After each build, every page's links, in the background: the terminal is told the problems no page asked for
 * has shown yet, and the overlay shows them all (or none).
 */
async function checkEveryLink(number: number): Promise<void> {
  const problems = await site?.checkEveryPage(() => latest !== number).catch(() => undefined);
  if (problems === undefined || latest !== number) return;
  post({ type: "all-links", build: number, links: problems.length > 0 ? say(problems) : "" });
}
