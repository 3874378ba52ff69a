import { useAtomValue } from "jotai";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { tokenAtom, userAtom } from "../../features/session/atoms.ts";
import { userQuery } from "../../features/session/session.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import "../../styles/fund.css";
import "../../styles/admin.css";
import { useTexts } from "../../lib/i18n.ts";
import { CONSOLE_TEXTS } from "./console-texts.ts";

const SECTIONS = [
  { to: "/admin", key: "dashboard", end: true },
  { to: "/admin/deposits", key: "deposits" },
  { to: "/admin/withdrawals", key: "withdrawals" },
  { to: "/admin/kyc", key: "kyc" },
  { to: "/admin/users", key: "users" },
  { to: "/admin/currencies", key: "currencies" },
  { to: "/admin/deposit-addresses", key: "addresses" },
  { to: "/admin/audit", key: "audit" },
  { to: "/admin/settings", key: "settings", label: "security.admin.nav" },
  { to: "/admin/mining", key: "mining", label: "earn.admin.nav" },
  { to: "/admin/ieo", key: "ieo", label: "earn.ieoAdmin.nav" },
  { to: "/admin/dual", key: "dual", label: "invest.admin.title" },
  { to: "/admin/support", key: "support", label: "support.console.nav" },
  { to: "/admin/seconds", key: "seconds", label: "seconds.admin.nav" },
  { to: "/admin/contracts", key: "contracts", label: "contract.admin.nav" },
  { to: "/admin/onramp", key: "onramp", label: "onramp.admin.nav" },
  { to: "/admin/activity", key: "activity", label: "activity.admin.nav" },
  { to: "/admin/loans", key: "loans", label: "borrowing.admin.nav" },
  { to: "/admin/quiz", key: "quiz", label: "guess.admin.nav" },
  { to: "/admin/nft", key: "nft", label: "nft.admin.nav" },
  { to: "/admin/nft-auctions", key: "nftAuctions", label: "nftAuction.admin.nav" },
  { to: "/admin/invite", key: "invite", label: "invite.admin.nav" },
  { to: "/admin/nft-box", key: "nftBox", label: "nftBox.admin.nav" },
  { to: "/admin/traders", key: "traders", label: "follow.admin.title" },
] as const;

/** Keeps the current section visible in the scrolling section bar. */
const showActive = (nav: HTMLElement | null) => nav?.querySelector(".active")?.scrollIntoView({ block: "nearest", inline: "center" });

/** Wider than the phone column: the console is used on desktops too. */
function useWideRoot() {
  useEffect(() => {
    const root = document.getElementById("root");
    root?.classList.add("root-wide");
    return () => root?.classList.remove("root-wide");
  }, []);
}

/**
 * The operator console's frame: the role is checked against a fresh profile
 * (the stored one may be stale); anyone else sees "no permission". The worker
 * checks the role on every call as well.
 */
export function AdminShell({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  useTexts(...CONSOLE_TEXTS);
  const { t } = useTranslation();
  const stored = useAtomValue(userAtom);
  const token = useAtomValue(tokenAtom);
  const profile = useQuery(userQuery(token));
  useWideRoot();
  const user = profile.data ?? (stored?.role === "operator" || profile.error ? stored : null);

  let body: ReactNode;
  if (profile.error && !user) body = <ErrorView message={profile.error.message} onRetry={profile.reload} />;
  else if (!user) body = <DelayedSpinner />;
  else if (user.role !== "operator") body = <EmptyState text={t("admin.noPermission")} />;
  else
    body = (
      <>
        <nav className="admin-nav" aria-label={t("admin.title")} ref={showActive}>
          {SECTIONS.map((s) => (
            <NavLink key={s.to} to={s.to} end={"end" in s} className={({ isActive }) => (isActive ? "active" : "")}>
              {"label" in s ? t(s.label) : t(`admin.nav.${s.key}`)}
            </NavLink>
          ))}
        </nav>
        <main className="admin-main">{children}</main>
      </>
    );
  return (
    <div className="admin">
      <NavBar title={title} right={user?.role === "operator" ? actions : undefined} />
      {body}
    </div>
  );
}
