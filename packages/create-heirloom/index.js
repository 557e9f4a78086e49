#!/usr/bin/env node
// `npm create heirloom@latest [folder] -- [--template blog|minimal|docs] [--yes] [--no-install]`: a new Heirloom site.
// The folder and the starter are asked for on a terminal (or taken from the arguments); the engine's own
// `heirloom init` writes the starter (it refuses what it must: a file in the way, a link, a folder not empty), and
// the site's dependencies are installed with the package manager that ran this, unless --no-install.
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";

const USAGE = `Usage: npm create heirloom@latest [folder] -- [options]

Makes a new Heirloom site in folder (asked for on a terminal; my-site with --yes).

Options:
  -t, --template <name>  starter to begin from: %STARTERS% (asked for on a terminal; blog with --yes)
  -y, --yes              take the defaults for what is not given, without asking
  --no-install           do not install the site's dependencies
  -h, --help             show this help
`;

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  process.stderr.write(`Heirloom needs Node.js 20.19 or newer; this is ${process.version}.\n`);
  process.exit(1);
}

const engine = enginePackage();
const starters = readdirSync(path.join(engine.root, "starters")).sort((a, b) => starterOrder(a) - starterOrder(b));
process.exitCode = await create(process.argv.slice(2));

/** Makes the site; returns the exit code (2 for a usage mistake, as the engine's commands do). */
async function create(args) {
  let options;
  try {
    options = parseArgs({
      args,
      allowPositionals: true,
      options: {
        template: { type: "string", short: "t" },
        yes: { type: "boolean", short: "y" },
        "no-install": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    return usageError(`${error.message}`);
  }
  const { values, positionals } = options;
  if (values.help) {
    process.stdout.write(USAGE.replace("%STARTERS%", starters.join(", ")));
    return 0;
  }
  if (positionals.length > 1) return usageError(`one folder at most; got ${positionals.join(", ")}`);
  const problem = positionals.length === 1 ? folderProblem(positionals[0]) : undefined;
  if (problem) return usageError(problem);
  if (values.template !== undefined && !starters.includes(values.template))
    return usageError(`there is no starter "${values.template}"; the starters are ${starters.join(", ")}`);
  const terminal = Boolean(process.stdin.isTTY && process.stdout.isTTY) && !values.yes;
  const missing = [positionals.length === 0 && "the folder", values.template === undefined && "--template"];
  if (!terminal && !values.yes && missing.some(Boolean))
    return usageError(`no terminal to ask for ${missing.filter(Boolean).join(" and ")}: give it, or pass --yes`);
  const asked = terminal ? await ask(positionals[0], values.template) : {};
  const folder = positionals[0] ?? asked.folder ?? "my-site";
  const template = values.template ?? asked.template ?? "blog";

  // The engine writes the starter, and says what it made (or why it could not). The folder comes after --, so it
  // is never read as one of init's options.
  const init = spawnSync(process.execPath, [engine.bin, "init", "--template", template, "--installing", "--", folder], {
    stdio: "inherit",
  });
  if (init.status !== 0) return init.status ?? 1;

  const manager = packageManager();
  const install = !values["no-install"];
  if (install) {
    process.stdout.write(`Installing the site's dependencies (${manager} install)…\n`);
    const installed = spawnSync(manager, ["install"], { cwd: path.resolve(folder), stdio: "inherit" });
    if (installed.status !== 0) {
      process.stderr.write(`\n${manager} install failed; the site is written: run it again in ${folder}.\n`);
      return installed.status ?? 1;
    }
  }
  const steps = [`cd ${shellQuoted(folder)}`, ...(install ? [] : [`${manager} install`]), `${manager} run dev`];
  process.stdout.write(`\nNext:\n${steps.map((step) => `  ${step}\n`).join("")}`);
  process.stdout.write(`Then edit content/ and templates/; ${manager} run build writes the site into dist/.\n`);
  return 0;
}

/** Asks on the terminal for what the arguments did not give. */
async function ask(folder, template) {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answers = {};
    if (folder === undefined) answers.folder = await askFolder(prompt);
    if (template === undefined) {
      const list = starters.map((name, i) => `  ${i + 1}. ${name}`).join("\n");
      for (;;) {
        const answer = (await prompt.question(`Starter:\n${list}\nWhich one (1)? `)).trim();
        const chosen = answer === "" ? starters[0] : (starters[Number(answer) - 1] ?? answer);
        if (starters.includes(chosen)) {
          answers.template = chosen;
          break;
        }
        process.stdout.write(`There is no starter "${answer}".\n`);
      }
    }
    return { folder: answers.folder || undefined, template: answers.template };
  } finally {
    prompt.close();
  }
}

/** The folder typed at the prompt ("" for the default), asked again while it is one folderProblem refuses. */
async function askFolder(prompt) {
  for (;;) {
    const answer = (await prompt.question("Folder for the site (my-site): ")).trim();
    const problem = answer === "" ? undefined : folderProblem(answer);
    if (!problem) return answer;
    process.stdout.write(`${problem.charAt(0).toUpperCase()}${problem.slice(1)}.\n`);
  }
}

/**
 * Why a folder name given is refused: an empty one (which would be this folder; "." says so), and one starting
 * with "-", which init, like most commands, would read as an option.
 */
function folderProblem(name) {
  if (name === "") return "the folder name is empty; name a folder such as my-site, or . for this one";
  if (name.startsWith("-"))
    return (
      `the folder name ${name} starts with "-", which reads as an option; ` +
      `to make a folder of that name, write ./${name}`
    );
  return undefined;
}

/** The heirloom package this depends on: its folder and its command's file. */
function enginePackage() {
  const manifest = createRequire(import.meta.url).resolve("heirloom/package.json");
  const root = path.dirname(manifest);
  const { bin } = JSON.parse(readFileSync(manifest, "utf8"));
  return { root, bin: path.join(root, typeof bin === "string" ? bin : bin.heirloom) };
}

/**
 * The blog starter first: it shows the most; then minimal, the plainest; then docs, for one kind of site. A starter
 * not named here comes last.
 */
function starterOrder(name) {
  const at = ["blog", "minimal", "docs"].indexOf(name);
  return at < 0 ? Number.MAX_SAFE_INTEGER : at;
}

/** The package manager that runs this (`npm create`, `pnpm create`, `yarn create`, `bun create`), else npm. */
function packageManager() {
  const agent = process.env.npm_config_user_agent ?? "";
  return ["pnpm", "yarn", "bun"].find((name) => agent.startsWith(`${name}/`)) ?? "npm";
}

/** A folder as a shell reads it back: quoted when it holds anything but letters, digits and . _ / -. */
function shellQuoted(name) {
  return /^[\w./-]+$/.test(name) ? name : `'${name.replaceAll("'", "'\\''")}'`;
}

function usageError(message) {
  process.stderr.write(`error: ${message}\n(npm create heirloom@latest -- --help shows the options)\n`);
  return 2;
}
