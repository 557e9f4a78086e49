// The catalogue's messages about islands: the files of templates/interactive/, and <Island> as a page renders
// it (the component, its load strategy, its props).
import { errorEntry as entry } from "../errors.ts";

/** Where an island is rendered: the route's template, the page's path and its content file. */
interface RenderedAt {
  template: string;
  path: string;
  file: string;
}

export const IslandFileName = entry("IslandFileName", {
  code: "IslandError",
  title: "A file of templates/interactive/ has a name no island can take",
  message: ({ file, name }: { file: string; name: string }) =>
    `${file} is in templates/interactive/, where every script is an island named after its file, ` +
    `and "${name}" cannot name one.`,
  hint: () =>
    "name it with letters, digits, - and _, starting with a letter, such as ReadingProgress.tsx; a module " +
    "islands share belongs in a subfolder, such as templates/interactive/shared/.",
});

export const IslandNameTaken = entry("IslandNameTaken", {
  code: "IslandError",
  title: "Two files of templates/interactive/ make islands of one name",
  message: ({ file, other, name }: { file: string; other: string; name: string }) =>
    `${file} and ${other} would both be the island "${name}".`,
  hint: () => "rename or remove one of them: an island's name is its file's name without the extension.",
});

export const IslandNameReserved = entry("IslandNameReserved", {
  code: "IslandError",
  title: "A file of templates/interactive/ takes the name of one of the engine's island modules",
  message: ({ file, name, reserved }: { file: string; name: string; reserved: string[] }) =>
    `${file} would be the island "${name}", a name the engine's own modules of the islands' bundle take ` +
    `(${reserved.join(", ")}).`,
  hint: ({ name }) =>
    `rename the file, such as ${name[0].toUpperCase()}${name.slice(1)}Island.tsx: an island's name is its ` +
    "file's name without the extension.",
});

export const IslandWithoutComponent = entry("IslandWithoutComponent", {
  code: "IslandError",
  title: "An island's file has no component as its default export",
  message: ({ file, found }: { file: string; found: string }) =>
    `${file} is an island (every script in templates/interactive/ is one), but it has ${found} as its default ` +
    "export, not a React component.",
  hint: () =>
    "export the component as the file's default: export default function Name(props) { ... }; a module " +
    "islands share belongs in a subfolder.",
});

export const IslandLoadFailed = entry("IslandLoadFailed", {
  code: "IslandError",
  title: "An island's module threw while the templates were loaded",
  message: ({ island, file, reason }: { island: string; file: string; reason: string }) =>
    `The island ${island} (${file}) threw while the templates were loaded, before any page was rendered: ${reason}`,
  hint: () =>
    "fix the code at that place: an island's module runs at build time too, where there is no window or " +
    "document; use what only the browser has inside an effect (useEffect) or an event handler.",
});

export const NotAnIsland = entry("NotAnIsland", {
  code: "IslandError",
  title: "A template renders an island that is not in templates/interactive/",
  message: ({ template, path, file, component }: RenderedAt & { component: string }) =>
    `The "${template}" template renders <Island component={${component}}> on ${path} (${file}), but ` +
    `${component} is not an island: no file of templates/interactive/ has it as its default export.`,
  hint: ({ component }) =>
    `move ${component} into its own file, templates/interactive/${component}.tsx, as its default export; ` +
    "or render it without <Island> when the page needs its HTML only.",
});

export const IslandLoadUnknown = entry("IslandLoadUnknown", {
  code: "IslandError",
  title: "An island's load is not a strategy",
  message: ({ template, path, file, island, load }: RenderedAt & { island: string; load: string }) =>
    `The "${template}" template renders the island ${island} on ${path} (${file}) with load=${JSON.stringify(load)}, ` +
    "which is not a strategy.",
  hint: () =>
    'use load="load" (as soon as the page has loaded), "idle" (when the browser is idle), "visible" (when it ' +
    'comes into view) or "media(query)", such as "media((max-width: 40em))".',
});

export const IslandPropsNotObject = entry("IslandPropsNotObject", {
  code: "IslandError",
  title: "An island's props are not an object",
  message: ({ template, path, file, island, what }: RenderedAt & { island: string; what: string }) =>
    `The "${template}" template passes ${what} as the props of the island ${island} on ${path} (${file}): ` +
    "an island's props must be an object, its fields the component's props.",
  hint: () =>
    "pass an object of named values, such as props={{ items: list }}, and read them in the island's " +
    "component as its props ({ items })",
});

export const IslandPropsNotSerializable = entry("IslandPropsNotSerializable", {
  code: "IslandError",
  title: "An island's props cannot be sent to the browser",
  message: ({ template, path, file, island, prop, what }: RenderedAt & PropProblem) =>
    `The "${template}" template passes ${prop} to the island ${island} on ${path} (${file}): ${what} ` +
    "cannot be sent to the browser, where the island gets its props as JSON.",
  hint: ({ kind }) => PROP_HINTS[kind] ?? PROP_HINTS.other,
});

interface PropProblem {
  island: string;
  /** Where in the props, such as props.onClick or props.items[2]. */
  prop: string;
  /** What it is, such as "a function". */
  what: string;
  kind: string;
}

const JSON_VALUES = "text, finite numbers, true, false, null, lists and plain objects of them";

const DATA_ONLY = `props carry data only: ${JSON_VALUES}.`;

const PROP_HINTS: Record<string, string> = {
  function: `do its work inside the island (its own event handlers and effects); ${DATA_ONLY}`,
  date: "pass date.toISOString() and make the Date inside the island; props carry data only.",
  cycle: "pass a copy without the loop back to itself; props must be a tree of plain values.",
  element:
    "render that markup inside the island's own component, or outside the island; an island takes data, not " +
    "React elements.",
  deep: "pass a flatter value (a list in place of a chain of nested objects); props must be a tree of plain values.",
  thrown:
    "pass the value the template has read, as plain data: the props are read through (getters, a Proxy's traps) " +
    `as they are sent, and this one threw; ${DATA_ONLY}`,
  other: `pass only what JSON holds: ${JSON_VALUES}.`,
};

export const IslandHydrationMismatch = entry("IslandHydrationMismatch", {
  code: "IslandError",
  title: "An island rendered differently in the browser than in the build (told in the browser)",
  message: ({ island, page, reason }: { island: string; page: string; reason: string }) =>
    `The island ${island} on ${page} rendered differently in the browser than in the HTML the build wrote, so ` +
    `React replaced that HTML with the browser's render: ${reason}`,
  hint: () =>
    "an island's first render in the browser must match its render in the build, from the same props: move what " +
    "differs (the time, a random number, window, localStorage) into an effect (useEffect), which runs after " +
    "hydration; the island's component is its file's default export in templates/interactive/.",
});

export const IslandOutsidePage = entry("IslandOutsidePage", {
  code: "IslandError",
  title: "An island is rendered outside a page the engine renders",
  message: ({ component }: { component: string }) =>
    `<Island component={${component}}> was rendered outside a page the engine renders, so its code could not ` +
    "be sent with a page.",
  hint: () => "render islands from the templates the build renders: templates/index.ts and what it uses.",
});
