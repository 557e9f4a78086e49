// Where a template renders an <Island>: React calls a component after the template has returned its elements, so
// the template's line is no longer on the stack when <Island> finds a mistake. The JSX runtime a site's modules get
// can record, for the elements of one component, the call that made each element: only while a render is made
// again to locate such a mistake (an Error for each element would cost every page with an island, mistake or not).
import { jsxRuntime } from "../compile/react.ts";

/** The prop an element of the recorded component carries its call site in (an Error, its stack read if asked). */
export const CALL_SITE = "__heirloomCallSite";

type Jsx = (type: unknown, props: Record<string, unknown>, key?: unknown) => unknown;

let recording = false;

/** React's JSX runtime, with each element of the `recorded` component given its CALL_SITE while recording. */
export function recordingJsxRuntime(recorded: unknown): Record<string, unknown> {
  const record =
    (make: Jsx): Jsx =>
    (type, props, key) =>
      make(type, recording && type === recorded ? { ...props, [CALL_SITE]: new Error("call site") } : props, key);
  return { ...jsxRuntime, jsx: record(jsxRuntime.jsx as Jsx), jsxs: record(jsxRuntime.jsxs as Jsx) };
}

/** Whether call sites are being recorded now. */
export const recordingCallSites = () => recording;

/** Runs `render` with the call site of each element of the recorded component kept on its props. */
export function withCallSites<T>(render: () => T): T {
  const outer = recording;
  recording = true;
  try {
    return render();
  } finally {
    recording = outer;
  }
}
