// The catalogue's messages about `heirloom init`: a target that is not a folder it may fill (or no name at all),
// and a file of the starter that would be written through a symbolic link or over something that is not a file.
import { errorEntry as entry } from "../errors.ts";

const NEW_FOLDER = "name a new or empty folder, such as heirloom init my-site";

export const FolderNotEmpty = entry("FolderNotEmpty", {
  code: "OutputDirError",
  title: "heirloom init was given a folder that is not empty",
  message: ({ dir }: { dir: string }) => `Refusing to start a site in ${dir}: it is not empty.`,
  hint: () =>
    `${NEW_FOLDER}, or pass --force to add the starter's files ` +
    "to it (files of the same name are replaced, others are kept).",
});

export const InitTargetNotAFolder = entry("InitTargetNotAFolder", {
  code: "OutputDirError",
  title: "heirloom init was given a file, not a folder",
  message: ({ dir, kind }: { dir: string; kind: string }) =>
    `Refusing to start a site in ${dir}: it is ${kind}, not a folder.`,
  hint: () => `${NEW_FOLDER}; init never replaces a file with a folder.`,
});

export const InitTargetBelowFile = entry("InitTargetBelowFile", {
  code: "OutputDirError",
  title: "heirloom init was given a folder below a file",
  message: ({ dir, file, kind }: { dir: string; file: string; kind: string }) =>
    `Cannot start a site in ${dir}: ${file} is ${kind}, so no folder can be made inside it.`,
  hint: () => `${NEW_FOLDER}, in a folder whose parents are all folders.`,
});

export const InitTargetDanglingLink = entry("InitTargetDanglingLink", {
  code: "OutputDirError",
  title: "heirloom init was given a symbolic link to nothing",
  message: ({ dir, link, to }: { dir: string; link: string; to: string }) =>
    `Cannot start a site in ${dir}: ${link} is a symbolic link to ${to}, which does not exist.`,
  hint: ({ link }) => `make the folder ${link} points to, remove the link, or ${NEW_FOLDER}.`,
});

export const InitTargetIsLink = entry("InitTargetIsLink", {
  code: "OutputDirError",
  title: "heirloom init was given a symbolic link to a folder",
  message: ({ dir, to }: { dir: string; to: string }) =>
    `Refusing to start a site in ${dir}: it is a symbolic link (to ${to}), and init never writes through one.`,
  hint: ({ to }) => `start the site in the folder itself (heirloom init ${to}), or ${NEW_FOLDER}.`,
});

export const InitEmptyName = entry("InitEmptyName", {
  code: "UsageError",
  title: "heirloom init was given an empty folder name",
  message: () => "heirloom init was given an empty folder name.",
  hint: () => "name the folder to make the site in, such as heirloom init my-site, or . for the current one.",
});

export const InitTargetNotWritable = entry("InitTargetNotWritable", {
  code: "OutputDirError",
  title: "heirloom init cannot make or write in the folder",
  message: ({ dir, place, reason }: { dir: string; place: string; reason: string }) =>
    `Cannot start a site in ${dir}: ${place} cannot be written (${reason}).`,
  hint: ({ place }) =>
    `name a folder in a place you can write to, such as your home folder, or get permission to write in ${place}.`,
});

export const InitNameTooLong = entry("InitNameTooLong", {
  code: "OutputDirError",
  title: "heirloom init was given a name over 255 bytes",
  message: ({ dir, bytes }: { dir: string; bytes: number }) =>
    `Cannot start a site in ${dir}: a name in it is ${bytes} bytes long, and file systems take at most 255.`,
  hint: () => "choose a shorter name for the folder, such as heirloom init my-site.",
});

export const InitThroughLink = entry("InitThroughLink", {
  code: "OutputDirError",
  title: "heirloom init --force finds a symbolic link where a starter file or folder goes",
  message: ({ dir, path, to }: { dir: string; path: string; to: string }) =>
    `Refusing to write ${path} in ${dir}: it is a symbolic link (to ${to}), and init never writes through one.`,
  hint: ({ path }) =>
    `remove the link ${path} (or put a real file or folder in its place) and run heirloom init --force again, ` +
    "or start the site in a new folder.",
});

export const InitPathTaken = entry("InitPathTaken", {
  code: "OutputDirError",
  title: "heirloom init --force finds something else where a starter file or folder goes",
  message: ({ dir, path, kind, wanted }: { dir: string; path: string; kind: string; wanted: string }) =>
    `Refusing to write ${path} in ${dir}: it is ${kind}, where the starter has a ${wanted}.`,
  hint: ({ path }) => `move ${path} away and run heirloom init --force again, or start the site in a new folder.`,
});
