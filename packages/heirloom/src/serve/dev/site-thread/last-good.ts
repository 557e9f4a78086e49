// The last good render of the pages dev served recently, for a page that now fails to render: it is shown, with
// the failure over it. The site thread keeps one; dev's main thread keeps its own copy of what it was answered,
// which a fresh thread starts with after its predecessor died (its memory used up by a page).

/** How many pages' last good renders are kept across builds, for a page that fails to render. */
const LAST_GOOD_PAGES = 256;

/** The last good render of recently served pages, by output file; one for the dev server's whole run. */
export class LastGoodPages {
  readonly #pages = new Map<string, string>();
  constructor(pages: Iterable<[outFile: string, html: string]> = []) {
    for (const [outFile, html] of pages) this.set(outFile, html);
  }
  get(outFile: string): string | undefined {
    return this.#pages.get(outFile);
  }
  set(outFile: string, html: string): void {
    this.#pages.delete(outFile);
    this.#pages.set(outFile, html);
    if (this.#pages.size > LAST_GOOD_PAGES) this.#pages.delete(this.#pages.keys().next().value!);
  }
  /** Every page kept, oldest first, for a fresh site thread. */
  entries(): Array<[outFile: string, html: string]> {
    return [...this.#pages];
  }
}
