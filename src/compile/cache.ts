// Where the generator keeps work between builds: compiled templates and processed images.
import { createRequire } from "node:module";
import path from "node:path";

/** Inside the node_modules that holds React, so compiled templates' `react` import resolves to it. */
const nodeModules = path.resolve(createRequire(import.meta.url).resolve("react/package.json"), "../..");

export const cacheDir = path.join(nodeModules, ".cache", "heirloom");
