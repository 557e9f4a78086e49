// Whole-process builds for the benchmarks: a build is { name, site (the folder it runs in), command, env, clean (what
// a cold build removes) }; each is timed with its peak memory, taken in turn with the others, and summed up as medians.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";

const gnuTime = ["/usr/bin/time"].find((p) => existsSync(p));

/** What the peak memory figures are. */
export const peakMeaning = gnuTime
  ? "GNU time's maximum resident set"
  : "the process's VmHWM (no cpu without GNU time)";

/**
 * Runs a build as a whole process: wall seconds, cpu seconds (user + system) and peak resident MiB, with GNU time;
 * without it, wall seconds and the process's high-water mark read from /proc while it runs (it only grows).
 */
export async function timed(build) {
  const [command, ...commandArgs] = build.command;
  const env = { ...process.env, ...build.env, NO_COLOR: "1" };
  const started = process.hrtime.bigint();
  const child = gnuTime
    ? spawn(gnuTime, ["-f", "%U %S %M", command, ...commandArgs], { cwd: build.site, env })
    : spawn(command, commandArgs, { cwd: build.site, env });
  let stderr = "";
  let peakKiB = Number.NaN;
  child.stderr.on("data", (chunk) => (stderr += chunk));
  child.stdout.resume();
  const poll = gnuTime ? undefined : setInterval(() => (peakKiB = highWaterMark(child.pid) ?? peakKiB), 20);
  const status = await new Promise((resolve) => child.on("close", resolve));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(poll);
  if (status !== 0) throw new Error(`${build.name} failed (exit ${status}):\n${stderr.slice(-4000)}`);
  if (!gnuTime) return { seconds, cpu: Number.NaN, peak: peakKiB / 1024 };
  const [user, system, kib] = stderr.trim().split("\n").pop().split(" ").map(Number);
  return { seconds, cpu: user + system, peak: kib / 1024 };
}

function highWaterMark(pid) {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Removes what a build left (its output and caches), so that the next one is cold. */
export const clean = (build) => build.clean.forEach((p) => rmSync(p, { recursive: true, force: true }));

/** Runs `phase` for every build, `runs` times, each time in a turned order (A B C, B C A, ...); results by name. */
export async function alternate(builds, runs, phase) {
  const results = Object.fromEntries(builds.map((b) => [b.name, []]));
  for (let i = 0; i < runs; i++) {
    for (let j = 0; j < builds.length; j++) {
      const build = builds[(i + j) % builds.length];
      results[build.name].push(await phase(build, i));
    }
  }
  return results;
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
export const fmt = (n, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : "-");

/** The median of the ratios of `runs` over `others` taken pair by pair (the i-th against the i-th), wall seconds. */
export const pairRatio = (runs, others) => median(runs.map((r, i) => r.seconds / others[i].seconds));
