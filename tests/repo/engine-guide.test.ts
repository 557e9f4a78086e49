// The engine's guide, packages/heirloom/README.md (the package's README, as the registry shows it), kept true to
// the engine: its command table is the usage --help prints, its table of exports the public entry's, the error
// codes and environment variables it names are the engine's, its links lead to its own headings or to files of
// this repository at the package's repository address, and its GitHub Pages workflow and netlify.toml are this
// repository's own, the workflow linted.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { parse as parseToml } from "smol-toml";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { catalogue } from "../../packages/heirloom/src/errors/catalogue.ts";
import { lintWorkflow } from "../helpers/actionlint.ts";
import { cliCommands, exportsTableNames, publicExports, tableRows, usageLine } from "../helpers/docs.ts";
import { engineRoot, repoRoot } from "../helpers/site.ts";

const guide = readFileSync(path.join(engineRoot, "README.md"), "utf8");

/** The guide's headings (not a `#` line of a code block), each with its level and where its line starts. */
const headings = guide
  .split("\n")
  .reduce<{ at: number; fenced: boolean; found: Array<{ level: number; text: string; at: number }> }>(
    ({ at, fenced, found }, line) => {
      const heading = !fenced && line.match(/^(#+) (.+)$/);
      if (heading) found.push({ level: heading[1].length, text: heading[2], at });
      return { at: at + line.length + 1, fenced: line.startsWith("```") ? !fenced : fenced, found };
    },
    { at: 0, fenced: false, found: [] },
  ).found;

/** A section of the guide, from its heading to the next heading of the same level or above. */
function section(heading: string): string {
  const i = headings.findIndex((h) => `${"#".repeat(h.level)} ${h.text}` === heading);
  expect(i, heading).toBeGreaterThan(-1);
  const next = headings.slice(i + 1).find((h) => h.level <= headings[i].level);
  return guide.slice(headings[i].at, next?.at);
}

/** The contents of a text's fenced code blocks in one language. */
const codeBlocks = (text: string, language: string) =>
  [...text.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\``, "gm"))].map((m) => m[1]);

/** GitHub's id of a heading: lower case, punctuation but hyphens dropped, spaces as hyphens. */
const headingId = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\w\- ]/g, "")
    .replace(/ /g, "-");

describe("the engine's guide", () => {
  it("has a row for every command of the CLI, with its usage line exactly as --help prints it", () => {
    const rows = tableRows(section("## Commands"), "`heirloom ");
    const documented = rows.map(([usage]) => usage.replace(/^`|`$/g, ""));
    expect(documented).toEqual(cliCommands().map(usageLine));
    // The usage line is the command's options as --help writes them, in its order, and its arguments.
    expect(usageLine("init")).toBe("heirloom init [-t, --template <name>] [--force] [dir]");
  });

  it("names every export of the package, and nothing else, in its table of exports", () => {
    expect(exportsTableNames(guide)).toEqual(publicExports());
  });

  it("names error codes of the engine's catalogue only", () => {
    const codes = new Set<string>(Object.values(catalogue).map((entry) => entry.code));
    const named = new Set(
      [...guide.matchAll(/`([A-Z]\w*Error)`|^error (\w+Error):|"code": "(\w+)"/gm)].map((m) => m[1] ?? m[2] ?? m[3]),
    );
    expect(named.size).toBeGreaterThan(5);
    expect([...named].filter((code) => !codes.has(code))).toEqual([]);
  });

  it("names environment variables the engine reads only", () => {
    const engineFiles = ["src", "bin"].flatMap((dir) =>
      readdirSync(path.join(engineRoot, dir), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), "utf8")),
    );
    const engine = engineFiles.join("\n");
    const named = new Set(
      [...guide.matchAll(/\b(HEIRLOOM_[A-Z_]+|SOURCE_DATE_EPOCH|NO_COLOR|FORCE_COLOR|BROWSER)\b/g)].map((m) => m[1]),
    );
    expect(named.size).toBeGreaterThan(5);
    expect([...named].filter((name) => !engine.includes(name))).toEqual([]);
  });

  it("links to its own headings and to files of this repository at the package's repository address", () => {
    const { repository } = JSON.parse(readFileSync(path.join(engineRoot, "package.json"), "utf8")) as {
      repository: { url: string; directory: string };
    };
    expect(repository.directory).toBe(path.relative(repoRoot, engineRoot));
    const files = `${repository.url.replace(/^git\+/, "").replace(/\.git$/, "")}/blob/main/`;
    const ids = new Set(headings.map((heading) => headingId(heading.text)));
    const prose = guide.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
    const links = [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
    expect(links.filter((link) => link.startsWith("#") && !ids.has(link.slice(1)))).toEqual([]);
    const intoRepository = links.filter((link) => link.startsWith(files)).map((link) => link.slice(files.length));
    expect(intoRepository.length).toBeGreaterThan(0);
    expect(intoRepository.filter((file) => !existsSync(path.join(repoRoot, file.split("#")[0])))).toEqual([]);
    // A relative link would lead nowhere on the registry's page of the package.
    expect(links.filter((link) => !/^(#|https:\/\/)/.test(link))).toEqual([]);
  });

  it("gives a GitHub Pages workflow that lints clean, with this repository's actions and cache step", async () => {
    const [text] = codeBlocks(section("### GitHub Pages"), "yaml");
    expect(await lintWorkflow(text, "pages.yml")).toEqual([]);
    type Step = { uses?: string; run?: string; with?: Record<string, unknown>; env?: Record<string, string> };
    const stepsOf = (source: string) =>
      Object.values((parseYaml(source) as { jobs: Record<string, { steps: Step[] }> }).jobs).flatMap((j) => j.steps);
    const steps = stepsOf(text);
    const ours = stepsOf(readFileSync(path.join(repoRoot, ".github", "workflows", "pages.yml"), "utf8"));
    const actions = new Set(ours.flatMap((step) => (step.uses ? [step.uses] : [])));
    expect(steps.flatMap((step) => (step.uses && !actions.has(step.uses) ? [step.uses] : []))).toEqual([]);
    const cache = (among: Step[]) => among.find((step) => step.uses?.startsWith("actions/cache@"));
    // The same keys; this repository's keeps its documentation's cache too.
    expect({ ...cache(steps)?.with, path: "" }).toEqual({ ...cache(ours)?.with, path: "" });
    expect(String(cache(ours)?.with?.path).split("\n")).toContain("node_modules/.cache/heirloom");
    expect(cache(steps)?.with?.path).toBe("node_modules/.cache/heirloom");
    const at = (found: (step: Step) => boolean) => steps.findIndex(found);
    expect(at((step) => step.run === "npm ci")).toBeLessThan(at((step) => step === cache(steps)));
    const build = steps.find((step) => step.run === "npm run build");
    expect(build?.env).toEqual({
      HEIRLOOM_SITE_URL: "${{ steps.pages.outputs.origin }}",
      HEIRLOOM_BASE: "${{ steps.pages.outputs.base_path }}",
    });
  });

  it("gives this repository's netlify.toml", () => {
    const [text] = codeBlocks(section("### Netlify"), "toml");
    expect(parseToml(text)).toEqual(parseToml(readFileSync(path.join(repoRoot, "netlify.toml"), "utf8")));
  });
});
