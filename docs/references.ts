// The documentation's references, made at build time from the engine's own code so that they cannot drift from
// it: the errors from the catalogue (src/errors/catalogue.ts), the commands from the commander program the CLI
// runs (src/cli/main.ts), the configuration from the doc comments of the definition's types, read with
// TypeScript's compiler API. Each is a collection's `load` function (see site.config.ts).
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import type { Command, Option } from "commander";
import type { LoadedEntry } from "heirloom";
import ts from "typescript";
import { createProgram } from "../packages/heirloom/src/cli/main.ts";
import { catalogue } from "../packages/heirloom/src/errors/catalogue.ts";
import { errorSlug } from "../packages/heirloom/src/errors/error-docs.ts";
import { HeirloomError, formatError } from "../packages/heirloom/src/errors/errors.ts";

/** The engine's package in this repository (the workspace's link to it, followed). */
const ENGINE = path.dirname(require.resolve("heirloom/package.json"));
const REPOSITORY = "https://github.com/heirloom/heirloom/blob/main";

/** The files of the definition's types, and the interfaces of them the configuration reference shows, in order. */
export const CONFIG_TYPES: Array<{ file: string; names: string[] }> = [
  { file: "src/config/define.ts", names: ["SiteOptions"] },
  { file: "src/config/collection.ts", names: ["CollectionOptions", "LoadedEntry"] },
  { file: "src/config/define.ts", names: ["RoutesOptions", "EntryRoute", "ListRoute", "FeedOptions", "FeedItem"] },
  {
    file: "src/config/taxonomy-options.ts",
    names: [
      "TaxonomyRoute",
      "ArchiveRoute",
      "TaxonomyIndexOptions",
      "Term",
      "TermPage",
      "TermsPage",
      "ArchivePage",
      "ArchivesPage",
    ],
  },
  { file: "src/config/collection.ts", names: ["EntryMeta"] },
  { file: "src/config/markdown-options.ts", names: ["MarkdownOptions", "GfmOptions", "Heading"] },
  { file: "src/config/form-options.ts", names: ["FormOptions", "ServerOptions"] },
  { file: "src/config/headers-options.ts", names: ["HeadersOptions", "HeaderRule"] },
  { file: "src/config/i18n.ts", names: ["I18nOptions", "Translation"] },
  { file: "src/render/search.ts", names: ["SearchProps"] },
];

/** "NoDefinitionFile" → "no-definition-file". */
export const kebab = (name: string) => name.replace(/([a-z\d])([A-Z])/g, "$1-$2").toLowerCase();

/**
 * One page per entry of the catalogue, at the address the CLI prints with each error (src/errors/error-docs.ts):
 * its id, code, title, what to do, and what it prints, as an example.
 */
export function errorEntries(): LoadedEntry[] {
  return Object.values(catalogue).map((entry) => {
    const args = placeholders() as never;
    // As the CLI prints it, at a place of the file the error names; an entry whose words are chosen by what a real
    // error holds (a schema's kind of issue) has its title as its message.
    const at = { location: { file: "‹file›", line: 12, column: 3 } };
    const written = attempt(() => ({ message: String(entry.message(args)), hint: String(entry.hint?.(args) ?? "") }));
    const { message, hint } = written ?? { message: `${entry.title}.`, hint: "" };
    const error = new HeirloomError(entry.code, message, { ...at, id: entry.id, hint: hint || undefined });
    return {
      slug: errorSlug(entry.id),
      data: {
        id: entry.id,
        code: entry.code,
        title: entry.title,
        message,
        hint,
        example: formatError(error),
        source: sourceOf(entry.id),
      },
      body: "",
    };
  });
}

function attempt<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}

/** The catalogue's file that declares an entry, for its page's "edit" link. */
function sourceOf(id: string): string {
  const folder = path.join(ENGINE, "src", "errors", "messages");
  const declared = new RegExp(`export const ${id}\\b`);
  const file = readdirSync(folder)
    .filter((name) => name.endsWith(".ts") && name !== "index.ts")
    .find((name) => declared.test(readFileSync(path.join(folder, name), "utf8")));
  if (!file) throw new Error(`No file of src/errors/messages/ declares the catalogue's entry ${id}.`);
  return `src/errors/messages/${file}`;
}

/**
 * Arguments for a message that name what a real error fills in: `‹file›`, `‹reason›`. A list is one such name, a
 * number 1; what is called or read of one is the same name, so every message can be written out.
 */
function placeholders(): Record<string, unknown> {
  const named = (name: string): unknown =>
    new Proxy(() => `‹${name}›`, {
      get(_target, key) {
        if (key === Symbol.toPrimitive || key === "toString" || key === "valueOf") return () => `‹${name}›`;
        if (key === Symbol.iterator) return [named(name)][Symbol.iterator].bind([named(name)]);
        if (key === "length") return 1;
        if (typeof key === "symbol") return undefined;
        if (["map", "filter", "slice", "sort", "flatMap"].includes(key)) return () => [named(name)];
        return named(name);
      },
    });
  return new Proxy({}, { get: (_target, key) => (typeof key === "string" ? named(key) : undefined) });
}

/** One page per command of the CLI, from the program `heirloom` runs: its usage, what it does and its options. */
export function commandEntries(): LoadedEntry[] {
  const program = createProgram();
  return program.commands.map((command: Command) => ({
    slug: command.name(),
    data: {
      title: `heirloom ${command.name()}`,
      summary: command.description(),
      usage: `heirloom ${command.name()} ${command.usage()}`,
      arguments: command.registeredArguments.map((a) => ({ name: a.name(), description: a.description ?? "" })),
      options: command.options.map((option: Option) => ({
        flags: option.flags,
        description: option.description,
        default: option.defaultValue === undefined || option.negate ? "" : JSON.stringify(option.defaultValue),
      })),
      source: "src/cli/main.ts",
    },
    body: "",
  }));
}

/** One page per type of the definition: each of its fields with its type and its doc comment. */
export function configEntries(): LoadedEntry[] {
  const parsed = new Map<string, Map<string, ts.InterfaceDeclaration>>();
  const interfacesOf = (file: string) => {
    const text = readFileSync(path.join(ENGINE, file), "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const interfaces = new Map<string, ts.InterfaceDeclaration>();
    source.forEachChild((node) => {
      if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
    });
    return interfaces;
  };
  return CONFIG_TYPES.flatMap(({ file, names }) => {
    if (!parsed.has(file)) parsed.set(file, interfacesOf(file));
    const interfaces = parsed.get(file)!;
    return names.map((name) => {
      const declaration = interfaces.get(name);
      if (!declaration) throw new Error(`${file} declares no interface ${name}`);
      const fields = declaration.members.filter(ts.isPropertySignature).map((member) => ({
        name: member.name.getText(),
        type: member.type ? member.type.getText().replace(/\s+/g, " ") : "unknown",
        optional: member.questionToken !== undefined,
        doc: docOf(member),
      }));
      return {
        slug: kebab(name),
        data: { title: name, summary: docOf(declaration), fields, source: file },
        body: "",
      };
    });
  });
}

/** A node's doc comment as written, its lines joined. */
function docOf(node: ts.Node): string {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  return docs
    .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? "")
    .join("\n")
    .replace(/\s*\n\s*/g, " ")
    .trim();
}

/** Where a page's source is, in the repository. */
export const repositoryFile = (relative: string) => `${REPOSITORY}/${relative}`;
