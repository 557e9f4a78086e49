// Entry of the templates: the document shell and one page component per `template` value of content/pages.
import type { ReactElement } from "react";
import type { Page } from "../src/content/schema.ts";
import { HomePage } from "./pages/HomePage.tsx";
import { HowItWorksPage } from "./pages/HowItWorksPage.tsx";
import { NotFoundPage } from "./pages/NotFoundPage.tsx";
import { PricingPage } from "./pages/PricingPage.tsx";
import { WaitlistPage } from "./pages/WaitlistPage.tsx";

export { Document } from "./Document.tsx";

export const pages = {
  waitlist: WaitlistPage,
  home: HomePage,
  "how-it-works": HowItWorksPage,
  pricing: PricingPage,
  "not-found": NotFoundPage,
} satisfies Record<Page["template"], (props: any) => ReactElement>;
