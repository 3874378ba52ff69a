/** Icons of the money pages (inline SVG, same style as components/icons.tsx). */
type IconProps = { size?: number };
const base = (size = 22) => ({
  width: size,
  height: size,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.8,
  strokeLinecap: "round" as const,
  strokeLinejoin: "round" as const,
  "aria-hidden": true,
});

export const IconReceive = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <path d="M12 4v11M7 10l5 5 5-5M4 20h16" />
  </svg>
);
export const IconSend = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <path d="M12 15V4M7 9l5-5 5 5M4 20h16" />
  </svg>
);
export const IconSwap = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <path d="M7 4v16M7 20l-3-3M7 20l3-3M17 20V4M17 4l-3 3M17 4l3 3" />
  </svg>
);
export const IconConvert = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <path d="M5 9a7 7 0 0 1 12.5-3.5L20 8M20 3v5h-5M19 15a7 7 0 0 1-12.5 3.5L4 16M4 21v-5h5" />
  </svg>
);
export const IconRecords = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <rect x="5" y="3" width="14" height="18" rx="2" />
    <path d="M9 8h6M9 12h6M9 16h4" />
  </svg>
);
export const IconCopy = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
  </svg>
);
export const IconTrash = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </svg>
);
export const IconPlus = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <path d="M12 5v14M5 12h14" />
  </svg>
);
