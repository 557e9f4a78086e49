// The catalogue's messages about what a build makes and where it goes: feeds, links, the output folder and the
// manifest; and about the type check.
import { errorEntry as entry } from "../errors.ts";

export const FeedEntryWithoutTitleOrDate = entry("FeedEntryWithoutTitleOrDate", {
  code: "ConfigError",
  title: "A feed entry has no title or date",
  message: ({ feed, file }: { feed: string; file: string }) =>
    `The feed ${feed} cannot describe ${file}: it needs a title and a date.`,
  hint: () =>
    "give the entries `title` and `date` (YYYY-MM-DD) fields, or map them with `feed.item` in site.config.ts.",
});

const IN_TEMPLATES = "the link is written in templates/; correct it there.";

export const BrokenLink = entry("BrokenLink", {
  code: "BrokenLinkError",
  title: "A link leads to no page or file of the site",
  message: ({ url, routes }: { url: string; routes: string[]; inContent: boolean }) =>
    `The link ${url} on ${routes.join(", ")} leads to no page or file of the site.`,
  hint: ({ inContent }) =>
    inContent
      ? "correct the link, or, if the page is meant to show the 404 page for now, add its path to `unregistered` " +
        "in site.config.ts."
      : IN_TEMPLATES,
});

export const LinkToUnpublishedFile = entry("LinkToUnpublishedFile", {
  code: "BrokenLinkError",
  title: "A link names a file of content/ by its path there, which is not published",
  message: ({ url, routes, file }: { url: string; routes: string[]; file: string; inContent: boolean }) =>
    `The link ${url} on ${routes.join(", ")} names ${file}, which the build does not publish at that address.`,
  hint: ({ inContent }) =>
    "write the picture's or file's address relative to the content file that holds it (../images/x.png), which " +
    "publishes a picture through the image pipeline; or copy it as it is by adding its folder to `passthrough` in " +
    `site.config.ts${inContent ? "" : ". The link is written in templates/"}.`,
});

export const LinkNotCanonical = entry("LinkNotCanonical", {
  code: "BrokenLinkError",
  title: "A link is not in the form its page is served at",
  message: ({ url, routes, canonical }: { url: string; routes: string[]; canonical: string; inContent: boolean }) =>
    `The link ${url} on ${routes.join(", ")} is not the page's address, which is ${canonical}.`,
  hint: ({ canonical, inContent }) =>
    `write ${canonical}: hosts answer the other form with a redirect or a 404.` +
    (inContent ? "" : " The link is written in templates/; correct it there."),
});

export const RedirectToNothing = entry("RedirectToNothing", {
  code: "BrokenLinkError",
  title: "A redirect leads to no page or file of the site",
  message: ({ from, to, canonical }: { from: string; to: string; canonical?: string }) =>
    `The redirect from "${from}" leads to ${to}, ` +
    (canonical
      ? `which is not the address of the page there, ${canonical}.`
      : "which no page or file of the site is at."),
  hint: ({ canonical }) =>
    canonical
      ? `write ${canonical}, the address that page is served at, in \`redirects\` in site.config.ts.`
      : "correct the target in `redirects` in site.config.ts, or publish a page there.",
});

export const RedirectLoop = entry("RedirectLoop", {
  code: "BrokenLinkError",
  title: "Redirects lead round in a loop",
  message: ({ chain }: { chain: string[]; where: string }) =>
    `The redirect from "${chain[0]}" leads round in a loop, ${chain.join(" → ")}: a browser would be sent on ` +
    "without end and never reach a page.",
  hint: ({ where }) => `make one of them lead to a page, in ${where}.`,
});

export const BrokenFragment = entry("BrokenFragment", {
  code: "BrokenLinkError",
  title: "A link's #fragment names no element of the page it leads to",
  message: ({ link, routes, id, target }: FragmentArgs) =>
    `The link ${link} on ${routes.join(", ")} names the id "${id}", which no element of ` +
    `${target ?? "the same page"} has.`,
  hint: ({ near, inContent }) =>
    (near.length > 0 ? `the page's ids include ${near.map((id) => `#${id}`).join(", ")}. ` : "") +
    'A heading\'s id is its text in lowercase with hyphens for spaces ("## Try this!" is #try-this). ' +
    (inContent ? "Correct the part after #." : "The link is written in templates/; correct it there."),
});

interface FragmentArgs {
  link: string;
  routes: string[];
  id: string;
  /** The linked page's URL, or undefined for the page itself. */
  target?: string;
  inContent: boolean;
  near: string[];
}

export const ProtectedOutput = entry("ProtectedOutput", {
  code: "OutputDirError",
  title: "The output folder is one of the site's own folders, inside one or around one",
  message: ({ out, relation, folder, serving }: { out: string; relation: string; folder: string; serving: boolean }) =>
    `Refusing to ${serving ? "serve" : "write the site to"} ${out}: it ${relation} ${folder}. ` +
    (serving
      ? "Preview serves every file of its folder, and this one holds files that are not the site's to publish."
      : "A build replaces its output folder whole, and this one holds files that are not build output."),
  hint: ({ serving }) =>
    serving
      ? "preview the folder a build wrote, such as dist (the default)."
      : "give --out a folder of its own, such as dist (the default), outside content/, templates/, .heirloom/, " +
        "node_modules/ and the cache.",
});

export const OutputNotAFolder = entry("OutputNotAFolder", {
  code: "OutputDirError",
  title: "The output folder is a file, or below one",
  message: ({ out, file, kind, serving }: { out: string; file: string; kind: string; serving: boolean }) =>
    `Refusing to ${serving ? "serve" : "write the site to"} ${out}: ${file === out ? "it" : file} is ${kind}, ` +
    "not a folder.",
  hint: ({ serving }) =>
    serving
      ? "preview the folder a build wrote, such as dist (the default)."
      : "give --out a folder of its own, such as dist (the default); a build never replaces a file, even with --force.",
});

export const OutputNotABuild = entry("OutputNotABuild", {
  code: "OutputDirError",
  title: "The output folder holds something else than an earlier build",
  message: ({ out }: { out: string }) =>
    `Refusing to write the site to ${out}: it is not empty and does not look like an earlier build ` +
    "(no index.html and 404.html).",
  hint: () => "choose an empty or new folder, or pass --force to replace it.",
});

export const BuildRunning = entry("BuildRunning", {
  code: "OutputDirError",
  title: "Another build of the same output folder is still running",
  message: ({ out, holder, lock, waited }: { out: string; holder: string; lock: string; waited: string }) =>
    `Another build of ${out} is still running: ${holder} has held its lock (${lock}) for over ${waited}.`,
  hint: () =>
    "let that build finish and build again, or stop it: the next build takes over the lock of a build that " +
    "has ended. A holder on another machine sharing this folder cannot be seen from here: once its build is " +
    "done, remove the lock file.",
});

export const TrackedFilesInOutput = entry("TrackedFilesInOutput", {
  code: "OutputDirError",
  title: "The build would delete files git tracks",
  message: ({ outDir, files }: { outDir: string; files: string }) =>
    `Refusing to replace ${outDir}: git tracks files in it that the site does not publish, ` +
    `and the build would delete them: ${files}.`,
  hint: () =>
    "build into a folder of its own (such as dist), or move those files out of it first; " +
    "--force does not override this.",
});

export const ManifestInOutput = entry("ManifestInOutput", {
  code: "OutputDirError",
  title: "The manifest would be written inside the output folder",
  message: ({ file, named }: { file: string; named: boolean }) =>
    `Refusing to write the manifest to ${file}: ` +
    `${named ? "it is inside the output folder, which hosts publish" : "no file is named"}.`,
  hint: () => "name a file beside the output folder, such as --manifest site-manifest.json.",
});

export const NothingToPreview = entry("NothingToPreview", {
  code: "OutputDirError",
  title: "There is no built site to preview",
  message: ({ shown, exists }: { shown: string; exists: boolean; buildCommand: string }) =>
    `There is no built site to preview: ${shown} ` +
    `${exists ? "holds neither index.html nor 404.html" : "does not exist"}.`,
  hint: ({ buildCommand }) => `run ${buildCommand} first, then preview again.`,
});

export const TypeCheckProblem = entry("TypeCheckProblem", {
  code: "TypeCheckError",
  title: "TypeScript finds a problem in site.config.ts or templates/",
  message: ({ message, code }: { message: string; code: number }) => `${message} (TS${code})`,
  hint: () =>
    "correct it at that place: a field the schema in site.config.ts does not declare, a misspelt prop or import. " +
    "`heirloom check` runs this check.",
});

export const TypeScriptMissing = entry("TypeScriptMissing", {
  code: "TypeCheckError",
  title: "TypeScript is not installed",
  message: () => "TypeScript is not installed, so site.config.ts and templates/ cannot be checked.",
  hint: () => "run npm install in the engine's folder: typescript is one of its dependencies.",
});

export const SearchIndexFailed = entry("SearchIndexFailed", {
  code: "SearchIndexError",
  title: "Pagefind could not index the pages",
  message: ({ reason }: { reason: string }) => `Pagefind could not index the built pages: ${reason}`,
  hint: () =>
    "the output folder is left as it was. Run npm install in the site's folder (Pagefind's program for this " +
    "system comes with its package, @pagefind/<platform>), then build again; --debug shows the cause.",
});

export const SearchIndexEmpty = entry("SearchIndexEmpty", {
  code: "SearchIndexError",
  title: "Pagefind indexed no page",
  message: ({ pages, reason }: { pages: number; reason: string }) =>
    `Pagefind indexed none of the ${pages} built pages: ${reason}. The search box would find nothing, and fail ` +
    'in the browser with "No language indexes found".',
  hint: () =>
    "mark the element that holds each page's main text with data-pagefind-body, and keep data-pagefind-ignore " +
    "off it; or set search: false in site.config.ts if the site has nothing to search. The output folder is left " +
    "as it was.",
});
