import { useAtomValue } from "jotai";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { IconChevron } from "../../components/icons.tsx";
import { loversQuery, vipQuery, type CoupleView } from "../../features/activity/activity.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { useTexts } from "../../lib/i18n.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { linkState } from "../common/link-state.ts";
import { useTierName } from "./tier.ts";
import "../../styles/fund.css";
import "../../styles/activity.css";

/** Other products' activity pages, listed only once their page exists (the route table decides). */
const OTHER_ACTIVITIES = [
  { to: "/setting/share", key: "share" },
  { to: "/setting/coupon", key: "coupon" },
  { to: "/game", key: "guess" },
] as const;

type StateKey =
  | `activity.lovers.state.${NonNullable<CoupleView["link"]>["reward"]}`
  | "activity.list.requestWaiting"
  | "activity.lovers.pending"
  | "activity.list.notLinked"
  | "activity.list.closed";

function coupleState(v: CoupleView): StateKey {
  if (v.link) return `activity.lovers.state.${v.link.reward}`;
  if (v.incoming.length > 0) return "activity.list.requestWaiting";
  if (v.outgoing) return "activity.lovers.pending";
  return v.config.enabled ? "activity.list.notLinked" : "activity.list.closed";
}

function Item({ to, title, desc, state, testId }: { to: string; title: string; desc: string; state?: ReactNode; testId: string }) {
  return (
    <li className="card">
      <Link to={to} className="activity-item" data-testid={testId}>
        <div>
          <strong>{title}</strong>
          <p className="muted small">{desc}</p>
        </div>
        <span className="row">
          {state}
          <IconChevron />
        </span>
      </Link>
    </li>
  );
}

/** activity/activity: the current activities, each with the caller's state in it (loading, failed or known). */
export default function ActivityPage() {
  useTexts("activity");
  const { t } = useTranslation();
  const tierName = useTierName();
  const token = useAtomValue(tokenAtom);
  const vip = useQuery(vipQuery(token));
  const lovers = useQuery(loversQuery(token));
  const badge = (text: string | null, failed: boolean, testId: string, tone = "") => (
    <span className={`status-badge ${failed ? "down" : tone}`} data-testid={testId}>
      {failed ? t("activity.list.unavailable") : (text ?? "…")}
    </span>
  );
  return (
    <>
      <NavBar title={t("activity.list.title")} />
      <div className="content stack">
        <ul className="activity-list" data-testid="activity-list">
          <Item
            to="/activity/vip"
            testId="activity-vip"
            title={t("activity.vip.title")}
            desc={t("activity.list.vipDesc")}
            state={badge(
              vip.data ? t("activity.vip.levelName", { level: vip.data.level, name: tierName(vip.data.level) }) : null,
              !!vip.error && !vip.data,
              "activity-vip-state",
              vip.data && vip.data.level > 0 ? "up" : "",
            )}
          />
          <Item
            to="/activity/lovers"
            testId="activity-lovers"
            title={t("activity.lovers.title")}
            desc={t("activity.list.loversDesc")}
            state={badge(
              lovers.data ? t(coupleState(lovers.data)) : null,
              !!lovers.error && !lovers.data,
              "activity-lovers-state",
              lovers.data?.link?.reward === "claimable" ? "warn" : "",
            )}
          />
          {OTHER_ACTIVITIES.filter((a) => linkState(a.to) === "open").map((a) => (
            <Item
              key={a.key}
              to={a.to}
              testId={`activity-${a.key}`}
              title={t(`activity.list.${a.key}`)}
              desc={t(`activity.list.${a.key}Desc`)}
            />
          ))}
          <Item to="/downLoad_new" testId="activity-download" title={t("activity.download.title")} desc={t("activity.list.downloadDesc")} />
        </ul>
      </div>
    </>
  );
}
