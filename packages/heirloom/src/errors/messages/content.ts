// The catalogue's messages about what is under content/: files that cannot be placed, read or parsed,
// front matter the schema refuses, bodies, images, duplicates and unsafe links.
import { errorEntry as entry } from "../errors.ts";

export const NoContentFolder = entry("NoContentFolder", {
  code: "MissingContentError",
  title: "The project has no content folder",
  message: ({ contentDir }: { contentDir: string }) => `There is no content folder at ${contentDir}.`,
  hint: () =>
    "run heirloom in the project's root folder (the one with site.config.ts, content/ and templates/), or pass --root.",
});

export const SingleFileMissing = entry("SingleFileMissing", {
  code: "MissingContentError",
  title: "A single-file collection's file does not exist",
  message: ({ file }: { file: string; collection: string }) => `${file} does not exist.`,
  hint: ({ file, collection }) => `create ${file}; site.config.ts declares it as the collection "${collection}".`,
});

export const InNoCollection = entry("InNoCollection", {
  code: "UnexpectedFileError",
  title: "A markdown file belongs to no collection",
  message: ({ file }: { file: string; folders: string[] }) => `${file} belongs to no collection.`,
  hint: ({ folders }) =>
    `move it into a collection's folder (${folders.join(", ") || "none is declared"}), ` +
    "or declare a collection for it in site.config.ts.",
});

export const UnknownLocaleFolder = entry("UnknownLocaleFolder", {
  code: "UnexpectedFileError",
  title: "A folder of a locale the site does not declare",
  message: ({ folder }: { folder: string; locale: string; locales: string[] }) =>
    `${folder} holds entries as a locale's folder does, but its name is not one of i18n.locales.`,
  hint: ({ locales }) =>
    `add its name to i18n.locales in site.config.ts, or rename it to one of ${locales.join(", ")}; ` +
    "the default locale's entries stay directly under content/.",
});

export const DefaultLocaleFolder = entry("DefaultLocaleFolder", {
  code: "UnexpectedFileError",
  title: "A folder of the default locale",
  message: ({ folder }: { folder: string; locale: string; locales: string[] }) =>
    `${folder} is a folder of the default locale, whose entries are directly under content/.`,
  hint: ({ locale }) =>
    `move its files up to content/ (content/${locale}/pages/x.md to content/pages/x.md); ` +
    "only the other locales have folders of their own.",
});

export const NeitherEntryNorImage = entry("NeitherEntryNorImage", {
  code: "UnexpectedFileError",
  title: "A file under content/ is neither an entry nor an image",
  message: ({ file }: { file: string }) => `${file} is neither a markdown entry nor an image.`,
  hint: () =>
    "content/ holds markdown entries and images only: move the file out of content/, " +
    "or list it under `passthrough` in site.config.ts to publish it as it is.",
});

export const NotAFile = entry("NotAFile", {
  code: "UnexpectedFileError",
  title: "Something under content/ is neither a file nor a folder",
  message: ({ file, kind }: { file: string; kind: string }) => `${file} is ${kind}, not a file the build can read.`,
  hint: () => "remove it from content/, or put the file it stands for in its place.",
});

export const LinkOutOfSite = entry("LinkOutOfSite", {
  code: "UnexpectedFileError",
  title: "A symbolic link leads out of the site's folder",
  message: ({ link, target }: { link: string; target: string }) =>
    `${link} is a symbolic link to ${target}, outside the site's folder (the one with site.config.ts). The build ` +
    "reads nothing through a link that leaves it, so that no other file of the machine can be published.",
  hint: ({ link }) =>
    `replace ${link} with a copy of the file (or folder) it points at, or point it at one inside the site's folder.`,
});

export const LinkToNothing = entry("LinkToNothing", {
  code: "MissingContentError",
  title: "A content file is a link to nothing",
  message: ({ file }: { file: string }) => `${file} is a link to a file that does not exist.`,
  hint: () => "point the link at an existing file, or remove it.",
});

export const Unreadable = entry("Unreadable", {
  code: "MissingContentError",
  title: "A content file cannot be read",
  message: ({ file }: { file: string }) => `Could not read ${file}.`,
  hint: () => "check the file's permissions.",
});

export const TooLarge = entry("TooLarge", {
  code: "FileTooLargeError",
  title: "A content file is over the size limit",
  message: ({ file, mb, limitMb }: { file: string; mb: string; limitMb: number }) =>
    `${file} is ${mb} MB; a content file may be at most ${limitMb} MB.`,
  hint: () =>
    "split it into several entries; large downloads belong under a `passthrough` folder, " +
    "pictures under content/images/.",
});

export const Utf16 = entry("Utf16", {
  code: "FileEncodingError",
  title: "A content file is saved as UTF-16",
  message: ({ file }: { file: string }) => `${file} is saved as UTF-16.`,
  hint: () => "save it as UTF-8 (most editors offer it under Save As or the status bar's encoding).",
});

export const NotUtf8 = entry("NotUtf8", {
  code: "FileEncodingError",
  title: "A content file is not valid UTF-8",
  message: ({ file, line }: { file: string; line: number }) =>
    `${file} is not valid UTF-8 (the first bad byte is on line ${line}).`,
  hint: () => "save it as UTF-8; it was probably saved as Latin-1 or Windows-1252.",
});

export const EmptyFile = entry("EmptyFile", {
  code: "EmptyFileError",
  title: "A content file is empty",
  message: ({ file }: { file: string }) => `${file} is empty.`,
  hint: () => "write its front matter between two --- lines, or delete the file.",
});

export const FrontMatterNotFields = entry("FrontMatterNotFields", {
  code: "FrontMatterParseError",
  title: "The front matter is not a list of fields",
  message: ({ file }: { file: string }) => `The front matter of ${file} is not a list of fields.`,
  hint: () => "write one `name: value` per line between the --- lines.",
});

export const FrontMatterOtherLanguage = entry("FrontMatterOtherLanguage", {
  code: "FrontMatterParseError",
  title: "The front matter is marked as another language than YAML or TOML",
  message: ({ file, language }: { file: string; language: string }) =>
    `The front matter of ${file} is marked as "${language}"; only YAML (between --- lines) ` +
    "and TOML (between +++ lines) are read.",
  hint: () =>
    "write the first line as --- alone with the fields as YAML below it (`name: value`), " +
    "or as +++ alone with the fields as TOML (`name = value`).",
});

export const FrontMatterTooDeep = entry("FrontMatterTooDeep", {
  code: "FrontMatterParseError",
  title: "The front matter nests too deep",
  message: ({ file, depth }: { file: string; depth: number }) =>
    `The front matter of ${file} nests lists or fields more than ${depth} levels deep.`,
  hint: () => "flatten the front matter; content needs a few levels at most.",
});

export const FrontMatterAliasBomb = entry("FrontMatterAliasBomb", {
  code: "FrontMatterParseError",
  title: "The front matter's aliases repeat too much",
  message: ({ file, limit, field }: { file: string; limit: number; field: string }) =>
    `The aliases (*name) in the front matter of ${file} repeat more than ${limit.toLocaleString("en")} values ` +
    `(the most in "${field}"); the file is not read.`,
  hint: () => "write the values out, or use an alias a few times at most; aliases of aliases multiply.",
});

export const FrontMatterSyntax = entry("FrontMatterSyntax", {
  code: "FrontMatterParseError",
  title: "The front matter is not valid YAML",
  message: ({ file, reason }: { file: string; reason: string }) =>
    `Could not parse the front matter of ${file}: ${reason}.`,
  hint: () =>
    "look for an unclosed quote, a missing colon, a tab, or wrong indentation between the --- lines; " +
    "quote values that contain a colon.",
});

export const FrontMatterTomlSyntax = entry("FrontMatterTomlSyntax", {
  code: "FrontMatterParseError",
  title: "The front matter is not valid TOML",
  message: ({ file, reason }: { file: string; reason: string }) =>
    `Could not parse the front matter of ${file}: ${reason}.`,
  hint: () =>
    'write one `name = value` a line between the +++ lines, text in quotes (title = "A day out"), ' +
    'dates as 2024-01-15 and lists as ["a", "b"]; look for an unclosed quote or a field written twice.',
});
