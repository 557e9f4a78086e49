// The worker thread that lists a seed (seed-listing.ts): every file and folder under the folder it is given, each
// list as one string.
import { parentPort, workerData } from "node:worker_threads";
import { listFolder } from "./seed-listing.ts";

const { files, folders } = listFolder(workerData as string);
folders.delete("");
parentPort!.postMessage({ files: [...files].join("\0"), folders: [...folders].join("\0") });
