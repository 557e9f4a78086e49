// Entry of the templates: the document shell and one page template per `template` value of content/pages.
import type { ComponentType } from "react";
import type { Page } from "../site.config.ts";
import { HomePage } from "./pages/HomePage.tsx";
import { HowItWorksPage } from "./pages/HowItWorksPage.tsx";
import { NotFoundPage } from "./pages/NotFoundPage.tsx";
import { PricingPage } from "./pages/PricingPage.tsx";
import { ProsePage } from "./pages/ProsePage.tsx";
import { WaitlistPage } from "./pages/WaitlistPage.tsx";

export { Document } from "./Document.tsx";

export const templates = {
  waitlist: WaitlistPage,
  home: HomePage,
  "how-it-works": HowItWorksPage,
  pricing: PricingPage,
  prose: ProsePage,
  "not-found": NotFoundPage,
  // biome-ignore lint: each template takes its own page type
} satisfies Record<Page["template"], ComponentType<any>>;
