import { useTranslation } from "react-i18next";
import type { MenuEntry } from "./api.ts";
import { MenuIcon } from "./MenuIcon.tsx";

/** A menu title is an i18n key under `home` ("home.ieo" or just "ieo"). */
export const menuTitleKey = (title: string) => (title.startsWith("home.") ? title : `home.${title}`);
/** The short description shown on the finance tab: home.menuDesc.<name>. */
export const menuDescKey = (title: string) => `home.menuDesc.${menuTitleKey(title).slice("home.".length)}`;

/** Translated menu texts; an unknown key shows a readable fallback instead of the raw key. */
export function useMenuText() {
  const { t, i18n } = useTranslation();
  const text = (key: string) => (i18n.exists(key) ? t(key as "home.more") : "");
  return {
    title: (item: MenuEntry) => text(menuTitleKey(item.title)) || humanize(item.title),
    desc: (item: MenuEntry) => text(menuDescKey(item.title)),
  };
}

const humanize = (title: string) => {
  const last = title.split(".").pop() ?? title;
  return last
    .replace(/[_-]+/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/^\w/, (c) => c.toUpperCase());
};

/** The home menu grid: icon tiles with their translated titles. */
export function MenuGrid({ items, onOpen }: { items: MenuEntry[]; onOpen: (item: MenuEntry) => void }) {
  const text = useMenuText();
  if (items.length === 0) return null;
  return (
    <nav className="menu-grid" data-testid="menu-grid">
      {items.map((item) => (
        <button type="button" key={item.id} className="menu-item" onClick={() => onOpen(item)} data-testid="menu-item">
          <span className="menu-icon">
            <MenuIcon name={item.icon} />
          </span>
          <span className="menu-title">{text.title(item)}</span>
        </button>
      ))}
    </nav>
  );
}
