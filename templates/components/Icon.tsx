// Inline stroke icons (24x24, currentColor) for every name in `iconNames` of site.config.ts, and the brand mark.
import type { ReactElement } from "react";
import type { IconName } from "../../site.config.ts";

export type { IconName };

const shapes: Record<IconName, ReactElement> = {
  phone: <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />,
  calendar: (
    <path
      d={
        "M5 5h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z" +
        "M8 3v4M16 3v4M3 10h18M8 14h2M14 14h2M8 17h2"
      }
    />
  ),
  book: <path d="M12 6.5C10 5 7 4.5 3 4.5v14c4 0 7 .5 9 2 2-1.5 5-2 9-2v-14c-4 0-7 .5-9 2zM12 6.5v14" />,
  share: (
    <>
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
    </>
  ),
  heart: <path d="M12 20C6.5 16.5 3 13 3 9a4.5 4.5 0 0 1 9-1 4.5 4.5 0 0 1 9 1c0 4-3.5 7.5-9 11z" />,
  gift: (
    <path
      d={
        "M4 8h16a1 1 0 0 1 1 1v3H3V9a1 1 0 0 1 1-1zM5 12v8h14v-8M12 8v12" +
        "M12 8C10.5 4.5 7 4 7 6.2S9.5 8 12 8zM12 8c1.5-3.5 5-4 5-1.8S14.5 8 12 8z"
      }
    />
  ),
  users: (
    <path
      d={
        "M9 11.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20a6.5 6.5 0 0 1 13 0" +
        "M16 4.7a3.5 3.5 0 0 1 0 6.6M18 14.2a6.5 6.5 0 0 1 3.5 5.8"
      }
    />
  ),
  mic: <path d="M12 3a3 3 0 0 1 3 3v5a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3zM5 11a7 7 0 0 0 14 0M12 18v3M9 21h6" />,
  shield: <path d="M12 3l8 3v6c0 4.5-3.2 7.8-8 9-4.8-1.2-8-4.5-8-9V6zM9 12l2 2 4-4" />,
  photo: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="8.5" cy="9.5" r="1.5" />
      <path d="M21 15l-5-5-9 10" />
    </>
  ),
  feather: <path d="M20 4C11 4 6 9.5 6 18c8.5 0 14-5 14-14zM4 20L15 9M9 15h5" />,
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  sparkle: (
    <path d="M11 4l1.8 5.2L18 11l-5.2 1.8L11 18l-1.8-5.2L4 11l5.2-1.8zM18.5 3v3.5M16.75 4.75h3.5M18 17v3M16.5 18.5h3" />
  ),
  home: <path d="M3 11l9-7 9 7M5 9.5V20h14V9.5M10 20v-6h4v6" />,
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3.5 7l8.5 6 8.5-6" />
    </>
  ),
  check: <path d="M5 12.5l4.5 4.5L19 7" />,
};

/** A decorative icon: hidden from assistive technology, sized by CSS (1em by default). */
export function Icon({ name, className = "icon" }: { name: IconName; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {shapes[name]}
    </svg>
  );
}

/** The product's mark and name, linking home (header and footer). */
export function Brand({ name, href }: { name: string; href: string }) {
  return (
    <a className="brand" href={href}>
      <span className="brand-mark">
        <Icon name="book" />
      </span>
      {name}
    </a>
  );
}
