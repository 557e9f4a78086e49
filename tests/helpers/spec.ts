// Facts of the product brief the tests hold the Heirloom site to, written here once and never read from the
// site's own definition: a test of the site against itself could not fail.

/** The spec's four pages. */
export const SPEC_ROUTES = ["/", "/home", "/how-it-works", "/pricing"] as const;

/** The thirteen paths the pages link to that are not published yet: each shows the 404 page. */
export const UNREGISTERED = [
  "/testimonials",
  "/contact",
  "/login",
  "/get-started",
  "/gift",
  "/about",
  "/team",
  "/careers",
  "/faq",
  "/blog",
  "/privacy",
  "/terms",
  "/cookies",
];
