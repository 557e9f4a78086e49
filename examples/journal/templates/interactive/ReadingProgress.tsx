// An island: a bar along the top of the window that fills as the reader moves through a note. The page is
// rendered with the bar hidden, since without JavaScript it could show nothing true; once hydrated it shows and
// follows the scroll. It only repeats what the scroll bar says, so assistive technology is not told about it.
import { useEffect, useState } from "react";

export default function ReadingProgress({ of }: { of: string }) {
  const [read, setRead] = useState<number>();
  useEffect(() => {
    const text = document.querySelector(of);
    if (!text) return;
    const measure = () => {
      // Read to the end when the text's bottom edge reaches the bottom of the window.
      const { top, height } = text.getBoundingClientRect();
      const span = height - window.innerHeight;
      setRead(span <= 0 ? 100 : Math.round(Math.min(1, Math.max(0, -top / span)) * 100));
    };
    measure();
    window.addEventListener("scroll", measure, { passive: true });
    window.addEventListener("resize", measure);
    return () => {
      window.removeEventListener("scroll", measure);
      window.removeEventListener("resize", measure);
    };
  }, [of]);
  return <progress className="reading-progress" max={100} value={read ?? 0} hidden={read === undefined} aria-hidden />;
}
