// The catalogue's messages about the site's time budget (`timeout` in site.config.ts): the setting itself, and
// site code stopped at it (a template, a load function, a schema, a markdown plugin; MDX bodies: markdown.ts),
// and site code no budget of its own stops, stopped with its thread (compile/stall.ts).
import { errorEntry as entry } from "../errors.ts";

const MORE_TIME =
  "if it only needs longer, timeout in site.config.ts gives each run of the site's code more milliseconds.";

export const BadTimeout = entry("BadTimeout", {
  code: "ConfigError",
  title: "timeout in site.config.ts is not a number of milliseconds",
  message: ({ value }: { value: string }) =>
    `timeout in site.config.ts is ${value}; it must be a whole number of milliseconds above 0.`,
  hint: () => "write timeout: 20000 to give each page, MDX body, loader and entry 20 s, or leave it out for 10 s.",
});

export const TemplatePastBudget = entry("TemplatePastBudget", {
  code: "TemplateRenderError",
  title: "A template ran past the site's time budget while rendering a page",
  message: ({ template, path, file, seconds }: { template: string; path: string; file: string; seconds: string }) =>
    `The "${template}" template was still rendering ${path} (${file}) after ${seconds}, so it was stopped.`,
  hint: ({ template }) =>
    `look in the "${template}" template, and the layout and components it renders, for code that does not end ` +
    `(a loop whose condition stays true); ${MORE_TIME}`,
});

export const LoaderPastBudget = entry("LoaderPastBudget", {
  code: "ConfigError",
  title: "A collection's load function ran past the site's time budget",
  message: ({ name, seconds, waiting }: { name: string; seconds: string; waiting: boolean }) =>
    `The load function of the collection "${name}" was still ${waiting ? "waiting" : "running"} after ${seconds}` +
    `${waiting ? " (the promise it returned had not settled)" : ""}, so it was stopped.`,
  hint: ({ waiting }) =>
    (waiting
      ? "look for a promise that never settles (a request without a timeout, an await of something never done); "
      : "look for a loop whose condition stays true; ") + MORE_TIME,
});

export const EntryPastBudget = entry("EntryPastBudget", {
  code: "ContentSchemaError",
  title: "A collection's schema ran past the site's time budget while it checked an entry",
  message: ({ collection, file, seconds }: { collection: string; file: string; seconds: string }) =>
    `The schema of the collection "${collection}" was still checking ${file} after ${seconds}, so it was stopped.`,
  hint: () =>
    "look in the schema's refinements and transforms (refine, superRefine, transform) in site.config.ts for code " +
    `that does not end; ${MORE_TIME}`,
});

export const PluginPastBudget = entry("PluginPastBudget", {
  code: "MarkdownRenderError",
  title: "A body's markdown ran past the site's time budget as it was rendered",
  message: ({ file, seconds }: { file: string; seconds: string }) =>
    `The markdown of ${file} was still being rendered after ${seconds}, so it was stopped.`,
  hint: () =>
    "a markdown plugin of site.config.ts (markdown.plugins) or its anchors.label does not end on this body: " +
    `look for a loop whose condition stays true; ${MORE_TIME}`,
});

interface StallArgs {
  file?: string;
  page?: string;
  template?: string;
  running?: string;
  seconds: string;
  budget: string;
  past: string;
}

export const SiteCodeStalled = entry("SiteCodeStalled", {
  code: "SiteCodeTimeoutError",
  title: "Site code that no budget of its own stops did not return, and its thread was stopped",
  message: (a: StallArgs) =>
    a.template
      ? `The "${a.template}" template was still rendering ${a.page} (${a.file}) after ${a.seconds}, so it was stopped.`
      : a.running
        ? `${a.running[0].toUpperCase()}${a.running.slice(1)} was still running after ${a.seconds}, so it was stopped.`
        : a.file
          ? `The site's code in ${a.file} was still running after ${a.seconds}, so it was stopped.`
          : `The build ran for ${a.seconds} without a pause, outside any site code it knew of, so it was stopped.`,
  hint: ({ file, budget, past }: StallArgs) =>
    file
      ? "look there for code that does not end (a loop whose condition stays true); code of the site that no budget " +
        `of its own stops is stopped, with the thread it runs on, ${past} past the site's timeout (${budget}); ` +
        MORE_TIME
      : "site code the engine does not watch may not have ended, or the engine's own work on a very large site took " +
        `that long: with no site code running, the limit is six times the site's timeout (${budget}), at least 60 s; ` +
        "raise timeout in site.config.ts if the site is that large, or report it with the site's size.",
});
