// Every message and hint a user can get, as data (one entry each: id, code, title, message, hint), kept by the
// stage that finds the problem in messages/; throw sites only pick an entry and fill it in (`errorFrom`). The
// README's table of errors is this catalogue; README.md beside it says how to write a message.
import type { ErrorEntry } from "./errors.ts";
import { byStage } from "./messages/index.ts";

export * from "./messages/index.ts";

const isEntry = (value: unknown): value is ErrorEntry => typeof (value as ErrorEntry)?.message === "function";

/** Every entry of the catalogue by its id (the name it is exported under), in the order of the stages. */
export const catalogue: Record<string, ErrorEntry> = Object.fromEntries(
  byStage.flatMap((messages) => Object.values(messages).filter(isEntry)).map((entry) => [entry.id, entry]),
);
