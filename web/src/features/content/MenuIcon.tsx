/**
 * Menu icons by the `icon` name the menu carries, as small inline SVG paths
 * (no icon font or image requests on the first-load route). Unknown names get
 * the grid icon.
 */
const PATHS: Record<string, string> = {
  grid: "M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z",
  rocket: "M12 15l-3-3c1-4 4-8 10-9-1 6-5 9-9 10zM9 12l-4 1 2-4h4M12 15l-1 4 4-2v-4M6 18c-1 1-1 2-1 2s1 0 2-1",
  image: "M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15 9.5a1.5 1.5 0 1 0 0-.01",
  nft: "M12 3l8 4.5v9L12 21l-8-4.5v-9zM9 15V9l6 6V9",
  lock: "M6 11h12v10H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3M12 15v2",
  pickaxe: "M5 8c4-4 10-4 14 0M12 6l-7 14M9.5 11.5 14 16",
  chart: "M4 20V4M4 20h16M8 16l4-5 3 3 5-6",
  trending: "M3 17l6-6 4 4 8-8M15 7h6v6",
  users:
    "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c.8-3.4 3.3-5.5 6.5-5.5s5.7 2.1 6.5 5.5" +
    "M16 4.3a3.5 3.5 0 0 1 0 6.4M18 14.8c1.8.7 3 2.6 3.5 5.2",
  copy: "M8 8h12v12H8zM4 16V4h12",
  follow: "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c.8-3.4 3.3-5.5 6.5-5.5 1.5 0 2.8.4 3.9 1.2M17 13v7M13.5 16.5h7",
  gift: "M4 10h16v4H4zM5.5 14v7h13v-7M12 10v11M12 10S10.5 5 8 5s-2.5 3.5 0 5M12 10s1.5-5 4-5 2.5 3.5 0 5",
  coin: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9 9.5h4.5a1.5 1.5 0 0 1 0 3H9.5M9 12.5h5a1.5 1.5 0 0 1 0 3H9M11 8v1.5M11 15.5V17",
  bank: "M3 9l9-5 9 5M5 9v9M9.5 9v9M14.5 9v9M19 9v9M3 20h18",
  card: "M3 6h18v12H3zM3 10h18M7 15h3",
  headset: "M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H4zM17 14h3v5h-3zM20 19c0 1.5-2 2-5 2",
  book: "M4 5c3-1.5 5.5-1.5 8 0v15c-2.5-1.5-5-1.5-8 0zM12 5c2.5-1.5 5-1.5 8 0v15c-3-1.5-5.5-1.5-8 0",
  share: "M18 8a3 3 0 1 0 0-.01M6 15a3 3 0 1 0 0-.01M18 22a3 3 0 1 0 0-.01M8.6 13.5l6.8-4M8.6 16.5l6.8 4",
  crown: "M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5zM5 19h14",
  heart: "M12 20s-8-4.6-8-10.3A4.4 4.4 0 0 1 12 7a4.4 4.4 0 0 1 8 2.7C20 15.4 12 20 12 20z",
  game:
    "M6 8h12a4 4 0 0 1 4 4v2a4 4 0 0 1-7 2.6L14 15h-4l-1 1.6A4 4 0 0 1 2 14v-2a4 4 0 0 1 4-4z" +
    "M7 11v3M5.5 12.5h3M16 11.5v.01M18 13.5v.01",
  dice: "M4 4h16v16H4zM8.5 8.5v.01M15.5 8.5v.01M12 12v.01M8.5 15.5v.01M15.5 15.5v.01",
  question: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7v.5M12 17v.01",
  info: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v6M12 7.5v.01",
  message: "M4 5h16v11H9l-5 4z",
  download: "M12 4v11M7 10l5 5 5-5M4 20h16",
  shield: "M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-4.5",
  swap: "M4 8h13l-3-3M20 16H7l3 3",
  wallet: "M3 7h18v13H3zM3 11h18M16 15.5h2M6 7l9-3 1 3",
  calendar: "M4 6h16v14H4zM4 10h16M8 3v4M16 3v4",
  star: "M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8L3.5 9.7l5.9-.9z",
  layers: "M12 4l9 5-9 5-9-5zM3 14l9 5 9-5",
  globe: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z",
  buy: "M4 5h2l2 10h10l2-7H7M9 20v.01M17 20v.01",
  withdraw: "M12 16V5M7 10l5-5 5 5M4 20h16",
  seconds: "M12 21a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM12 9v4l2.5 2M10 2h4",
  clock: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2",
  contract: "M7 3h8l4 4v14H7zM15 3v4h4M10 12h6M10 16h6",
  user: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c1.5-4 4.5-6 8-6s6.5 2 8 6",
  kyc: "M3 5h18v14H3zM9 12a2.2 2.2 0 1 0 0-4.4A2.2 2.2 0 0 0 9 12zM5.5 16c.6-1.8 1.9-2.8 3.5-2.8s2.9 1 3.5 2.8M15 9.5h3.5M15 13h3.5",
};

/** Other names the menu may use for the same pictures. */
const ALIASES: Record<string, string> = {
  mining: "pickaxe",
  loan: "bank",
  support: "headset",
  invite: "follow",
  vip: "crown",
  faq: "question",
  exchange: "swap",
  dual: "layers",
  ieo: "rocket",
  cart: "buy",
  deposit: "download",
  transfer: "swap",
  document: "contract",
};

export const MENU_ICON_NAMES = [...Object.keys(PATHS), ...Object.keys(ALIASES)];

export function MenuIcon({ name, size = 24 }: { name: string; size?: number }) {
  const key = name.trim().toLowerCase();
  const d = PATHS[ALIASES[key] ?? key] ?? PATHS.grid;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}
