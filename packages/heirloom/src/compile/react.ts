// React as the engine renders with: the same cached instance the site's compiled templates require. Of React's
// server renderers only the one the engine calls is loaded (renderToStaticMarkup, renderToString: React's "legacy"
// build): react-dom/server loads its streaming renderer too, which every command's start would pay for, unused.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

// React is CommonJS: required directly, Node skips scanning it for named exports as an ES import would.
const require = createRequire(import.meta.url);

export const { createContext, createElement, useContext } = require("react") as typeof import("react");
export const jsxRuntime = require("react/jsx-runtime") as Record<string, unknown>;
export const { renderToStaticMarkup, renderToString } = serverRenderer();

/** The legacy server build, picked by NODE_ENV as react-dom/server picks it; react-dom/server if it moved. */
function serverRenderer(): Pick<typeof import("react-dom/server"), "renderToStaticMarkup" | "renderToString"> {
  const mode = process.env.NODE_ENV === "production" ? "production" : "development";
  const folder = path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs");
  const legacy = path.join(folder, `react-dom-server-legacy.node.${mode}.js`);
  return require(existsSync(legacy) ? legacy : "react-dom/server");
}
