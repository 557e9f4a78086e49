// The components an .mdx post may use without an import: every component exported here. One of them renders an
// island, a component of interactive/ that React hydrates in the browser; the others would render plain HTML.
import { Island } from "heirloom";
import CounterButton from "./interactive/Counter.tsx";

/** The counter island, hydrated once it scrolls into view: `<Counter />` or `<Counter start={10} />`. */
export function Counter({ start = 0 }: { start?: number }) {
  return <Island load="visible" component={CounterButton} props={{ start }} />;
}
