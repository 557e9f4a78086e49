// The TypeScript check of a site: site.config.ts and every file of templates/, against the engine's public
// types ("heirloom" is the engine's src/index.ts). A checker keeps its last program and the parsed files,
// so a check after a one-file change redoes only what that file touches; its build info is kept on disk
// for the next process. Self-contained (TypeScript is passed in): the dev server runs it in a worker.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type * as TS from "typescript";

/** One TypeScript diagnostic in a file of the site; line and column 1-based, file relative to the root. */
export interface TypeProblem {
  file: string;
  line: number;
  column: number;
  message: string;
  code: number;
}

export interface CheckerOptions {
  root: string;
  templatesDir: string;
  /** The engine's public types: what `import ... from "heirloom"` is checked against. */
  engineTypes: string;
  /** The node_modules holding the engine's dependencies (React's types among them). */
  engineModules: string;
  /** Where the incremental build info is kept between processes. */
  buildInfoFile: string;
}

export interface TypeChecker {
  check(): TypeProblem[];
}

/** A checker for one site; each `check()` reads the files as they are now. */
export function createTypeChecker(ts: typeof TS, options: CheckerOptions): TypeChecker {
  const compilerOptions = compilerOptionsFor(ts, options);
  const parsed = new Map<string, { text: string; file: TS.SourceFile }>();
  let previous: TS.EmitAndSemanticDiagnosticsBuilderProgram | undefined;
  return {
    check() {
      const host = ts.createIncrementalCompilerHost(compilerOptions);
      const read = host.getSourceFile;
      // A file whose text is unchanged keeps its parsed form (the DOM and React types above all).
      host.getSourceFile = (fileName, language, ...rest) => {
        const text = host.readFile(fileName);
        const known = parsed.get(fileName);
        if (text !== undefined && known?.text === text) return known.file;
        const file = read(fileName, language, ...rest);
        if (file && text !== undefined) parsed.set(fileName, { text, file });
        return file;
      };
      const rootNames = siteFiles(options);
      const program = previous
        ? ts.createEmitAndSemanticDiagnosticsBuilderProgram(rootNames, compilerOptions, host, previous)
        : ts.createIncrementalProgram({ rootNames, options: compilerOptions, host });
      previous = program;
      const problems: TypeProblem[] = [];
      for (const name of rootNames) {
        const file = program.getSourceFile(name);
        if (!file) continue;
        for (const d of [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)])
          problems.push(toProblem(ts, d, file, options.root));
      }
      program.emit(); // with noEmit: the build info only
      return problems;
    },
  };
}

/** site.config.ts and every .ts/.tsx file under templates/, sorted. */
function siteFiles({ root, templatesDir }: CheckerOptions): string[] {
  // A missing templates/ (moved while dev runs) is the build's error to report; site.config.ts is checked.
  if (!existsSync(templatesDir)) return [path.join(root, "site.config.ts")];
  const templates = readdirSync(templatesDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.startsWith("."))
    .map((e) => path.join(e.parentPath, e.name));
  return [path.join(root, "site.config.ts"), ...templates.sort()];
}

/**
 * The project's tsconfig.json (if any) over strict defaults; "heirloom" is the engine's public types, and
 * packages the site does not install itself (React's types) come from the engine's node_modules.
 */
function compilerOptionsFor(ts: typeof TS, options: CheckerOptions): TS.CompilerOptions {
  const { root, engineTypes, engineModules: modules, buildInfoFile } = options;
  const defaults: TS.CompilerOptions = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
    allowImportingTsExtensions: true,
    isolatedModules: true,
    resolveJsonModule: true,
    skipLibCheck: true,
    types: ["node"],
  };
  const configFile = ts.findConfigFile(root, ts.sys.fileExists);
  const own =
    configFile && path.dirname(configFile) === root
      ? ts.parseJsonConfigFileContent(ts.readConfigFile(configFile, ts.sys.readFile).config, ts.sys, root).options
      : {};
  return {
    ...defaults,
    ...own,
    noEmit: true,
    incremental: true,
    tsBuildInfoFile: buildInfoFile,
    typeRoots: [path.join(modules, "@types")],
    paths: {
      ...own.paths,
      heirloom: [engineTypes],
      "*": [path.join(modules, "@types", "*"), path.join(modules, "*")],
    },
  };
}

function toProblem(ts: typeof TS, d: TS.Diagnostic, file: TS.SourceFile, root: string): TypeProblem {
  const { line, character } = file.getLineAndCharacterOfPosition(d.start ?? 0);
  return {
    file: path.relative(root, file.fileName).split(path.sep).join("/"),
    line: line + 1,
    column: character + 1,
    message: ts.flattenDiagnosticMessageText(d.messageText, "\n"),
    code: d.code,
  };
}
