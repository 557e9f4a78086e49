// The props of Heirloom's templates: the engine's contract, typed with the content site.config.ts declares.
import type { PageProps as EnginePageProps } from "heirloom";
import type { Content, Page, PageOf } from "../site.config.ts";

export type { Assets, BuiltImage, ContentImage, Head } from "heirloom";

export type PageProps<T extends Page["template"] = Page["template"]> = EnginePageProps<PageOf<T>, Content>;
