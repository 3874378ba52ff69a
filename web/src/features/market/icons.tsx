/** Icons of the market and trade pages (inline SVG, same style as components/icons.tsx). */
type IconProps = { size?: number };
const base = (size = 20) => ({
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

export const IconStar = ({ size, filled = false }: IconProps & { filled?: boolean }) => (
  <svg {...base(size)} fill={filled ? "currentColor" : "none"}>
    <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
  </svg>
);
export const IconSort = ({ size = 12, dir }: IconProps & { dir: "asc" | "desc" | null }) => (
  <svg width={size} height={size} viewBox="0 0 12 12" aria-hidden="true">
    <path d="M6 1.5 9 5H3z" fill={dir === "asc" ? "var(--primary)" : "var(--text-3)"} />
    <path d="M6 10.5 3 7h6z" fill={dir === "desc" ? "var(--primary)" : "var(--text-3)"} />
  </svg>
);
export const IconCaret = ({ size = 14 }: IconProps) => (
  <svg {...base(size)}>
    <path d="M6 9l6 6 6-6" />
  </svg>
);
export const IconOrders = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <rect x="5" y="3" width="14" height="18" rx="2" />
    <path d="M9 8h6M9 12h6M9 16h4" />
  </svg>
);
export const IconSwapVertical = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <path d="M7 4v16M7 20l-3-3M7 20l3-3M17 20V4M17 4l-3 3M17 4l3 3" />
  </svg>
);
export const IconTrash = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </svg>
);
