// An island: a React component that runs in the browser on the pages that show it (here, through <Counter /> in
// an MDX post; see mdx.tsx). The page is rendered with the button disabled, since without JavaScript it could do
// nothing; once hydrated it counts each press, by mouse, touch or keyboard (Enter or Space, as any button), and the
// count is announced politely to screen readers.
import { useEffect, useState } from "react";

export default function Counter({ start = 0 }: { start?: number }) {
  const [count, setCount] = useState(start);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <div className="counter">
      <button type="button" disabled={!ready} onClick={() => setCount((n) => n + 1)}>
        Count a press
      </button>
      {/* One text, so that the whole of it is read out when it changes. */}
      <p aria-live="polite">{`Pressed ${count} ${count === 1 ? "time" : "times"}`}</p>
    </div>
  );
}
