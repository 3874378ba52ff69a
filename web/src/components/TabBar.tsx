import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { IconFinance, IconHome, IconMarket, IconTrade, IconWallet } from "./icons.tsx";

/** The five tabs: home, quotes, trade, finance, assets. */
export const TABS = [
  { to: "/", label: "nav.home", Icon: IconHome, end: true },
  { to: "/market", label: "nav.market", Icon: IconMarket, end: false },
  { to: "/transaction/currency", label: "nav.trade", Icon: IconTrade, end: false },
  { to: "/financial", label: "nav.finance", Icon: IconFinance, end: false },
  { to: "/fund/assets", label: "nav.assets", Icon: IconWallet, end: false },
] as const;

export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className="tabbar" aria-label={t("nav.home")}>
      {TABS.map(({ to, label, Icon, end }) => (
        <NavLink key={to} to={to} end={end} className={({ isActive }) => (isActive ? "tab active" : "tab")}>
          <Icon />
          <span>{t(label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
