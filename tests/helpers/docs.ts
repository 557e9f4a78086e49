// What the READMEs (the repository's and the engine's guide) are checked against: the CLI's --help (its
// commands, each one's options and usage line) and the public entry's exports; and the rows of a markdown table.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { cliPath, engineRoot, repoRoot } from "./site.ts";

/** What `heirloom <args> --help` prints. */
export function helpOf(...args: string[]): string {
  const result = spawnSync(process.execPath, [cliPath, ...args, "--help"], {
    cwd: repoRoot,
    encoding: "utf8",
    env: { PATH: process.env.PATH, NO_COLOR: "1" },
  });
  if (result.status !== 0) throw new Error(`heirloom ${args.join(" ")} --help failed:\n${result.stderr}`);
  return result.stdout;
}

/** The commands `heirloom --help` lists, in its order (not `help` itself). */
export function cliCommands(): string[] {
  return helpOf()
    .match(/^ {2}(\w+) \[options\]/gm)!
    .map((line) => line.trim().split(" ")[0]);
}

/** Each option of a command's --help as its flags are written ("-o, --out <dir>"), in its order, without --help. */
export function optionFlags(help: string): string[] {
  const options = help.slice(help.indexOf("\nOptions:\n"));
  return [...options.matchAll(/^ {2}(-.*?)(?: {2,}|$)/gm)].map((m) => m[1]).filter((flags) => !/--help$/.test(flags));
}

/** The long names of a command's options ("--out"), sorted, without --help. */
export function longOptions(command: string): string[] {
  return optionFlags(helpOf(command))
    .map((flags) => flags.match(/--[\w-]+/)![0])
    .sort();
}

/** The long options a text names ("--out", "--no-cache"), sorted. */
export function optionsNamed(text: string): string[] {
  return [...text.matchAll(/--[\w-]+/g)].map((m) => m[0]).sort();
}

/**
 * A command's usage line with `[options]` written out as --help lists them:
 * "heirloom init [-t, --template <name>] [--force] [dir]".
 */
export function usageLine(command: string): string {
  const help = helpOf(command);
  const usage = help.match(/^Usage: (.*)$/m)![1];
  return usage.replace(
    "[options]",
    optionFlags(help)
      .map((flags) => `[${flags}]`)
      .join(" "),
  );
}

/** The cells of the rows of a markdown table whose first cell starts with `start`. */
export function tableRows(markdown: string, start: string): string[][] {
  return markdown
    .split("\n")
    .filter((line) => line.startsWith(`| ${start}`))
    .map((line) => line.split(" | ").map((cell) => cell.replace(/^\| | \|$/g, "")));
}

/** The names the public entry (packages/heirloom/src/index.ts) exports, values and types, sorted. */
export function publicExports(): string[] {
  const entry = readFileSync(path.join(engineRoot, "src", "index.ts"), "utf8");
  return [...entry.matchAll(/export (?:type )?\{([^}]*)\}/g)]
    .flatMap((m) => m[1].split(","))
    .map((name) => name.trim())
    .filter(Boolean)
    .sort();
}

/** The names a markdown table headed `| export | what it is |` gives in its first column, sorted. */
export function exportsTableNames(markdown: string): string[] {
  const rows = markdown.slice(markdown.indexOf("| export | what it is |")).split("\n\n")[0].split("\n").slice(2);
  return rows.flatMap((row) => [...row.split("|")[1].matchAll(/`(\w+)(?:\([^`]*\))?`/g)].map((m) => m[1])).sort();
}
