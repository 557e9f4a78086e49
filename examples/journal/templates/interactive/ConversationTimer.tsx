// An island: a timer for one conversation, started and paused with one button. Rendered with the button
// disabled (without JavaScript it could do nothing); once hydrated the button works, the time left is shown as it
// runs, and the end is announced once, politely, to screen readers.
import { useEffect, useState } from "react";

const twoDigits = (n: number) => String(n).padStart(2, "0");

export default function ConversationTimer({ minutes }: { minutes: number }) {
  const total = minutes * 60;
  const [left, setLeft] = useState(total);
  const [running, setRunning] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const done = left === 0;
  useEffect(() => {
    if (!running || done) return;
    const tick = setInterval(() => setLeft((seconds) => Math.max(0, seconds - 1)), 1000);
    return () => clearInterval(tick);
  }, [running, done]);
  const label = running ? "Pause" : left < total ? "Resume" : `Start a ${minutes}-minute timer`;
  return (
    <div className="timer">
      <p className="timer-time" role="timer" aria-label="Time left">
        {twoDigits(Math.floor(left / 60))}:{twoDigits(left % 60)}
      </p>
      <button type="button" disabled={!ready || done} onClick={() => setRunning(!running)}>
        {label}
      </button>
      <p className="timer-done" aria-live="polite">
        {done ? "Time to wrap up gently." : ""}
      </p>
    </div>
  );
}
