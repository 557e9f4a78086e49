// Whether the components an MDX body uses are there: each name it writes (<Aside>, <Aside.Note>) against what
// templates/mdx.ts exports, checked once the templates are compiled, at the place the body names it.
import { MdxComponentMemberMissing, MdxComponentMissing } from "../../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../../errors/errors.ts";
import type { CompiledMdx } from "./mdx-types.ts";
import { missingImports } from "./mdx-imports.ts";

/**
 * One error per component an MDX body uses that the site does not export from templates/mdx.ts (`components`), or
 * whose member (<Aside.Note>) the exported component lacks; `at.bodyLine` is the line of the file the body starts at.
 */
export function missingComponents(
  at: { file: string; bodyLine: number },
  body: CompiledMdx,
  components: Record<string, unknown>,
  module: string,
): HeirloomError[] {
  const { file } = at;
  const known = Object.keys(components)
    .filter((name) => name !== "HeirloomCode")
    .sort();
  // A name imported and missing is told once, at its import.
  const imported = missingImports(at, body.imports ?? [], components, module);
  const told = new Set((body.imports ?? []).filter((i) => !Object.hasOwn(components, i.name)).map((i) => i.name));
  const uses = body.uses.filter(({ name }) => !told.has(name.split(".")[0]));
  return imported.concat(
    uses.flatMap(({ name, line, column }) => {
      const location = { file, line: at.bodyLine + line - 1, column };
      const [first, ...members] = name.split(".");
      if (!Object.hasOwn(components, first)) {
        return [errorFrom(MdxComponentMissing, { file, name, known, module }, { location })];
      }
      const lacking = missingMember(first, components[first], members);
      if (!lacking) return [];
      return [errorFrom(MdxComponentMemberMissing, { file, name, module, ...lacking }, { location })];
    }),
  );
}

/** The first of `members` (Note, of Aside.Note) missing along the way from `value`, the component named `name`. */
function missingMember(name: string, value: unknown, members: string[]) {
  let owner = name;
  for (const member of members) {
    const next = value === null || value === undefined ? undefined : (value as Record<string, unknown>)[member];
    if (next === undefined || next === null) return { owner, member, known: componentMembers(value) };
    owner = `${owner}.${member}`;
    value = next;
  }
  return undefined;
}

/** The members of a value that can be components: capitalised, functions or the objects React makes of them. */
function componentMembers(value: unknown): string[] {
  if (value === null || (typeof value !== "object" && typeof value !== "function")) return [];
  const named = Object.entries(value as Record<string, unknown>).filter(([name]) => /^[A-Z]/.test(name));
  return named.filter(([, v]) => typeof v === "function" || (typeof v === "object" && v !== null)).map(([n]) => n);
}
