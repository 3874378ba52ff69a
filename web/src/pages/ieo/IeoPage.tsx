import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { type IeoProjectView, loadProjects } from "../../features/earn/ieo.ts";
import { amount } from "../../lib/format.ts";
import { Q } from "../../lib/query/keys.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { RecordList, Tabs } from "../fund/parts.tsx";
import "../../styles/fund.css";
import { useTexts } from "../../lib/i18n.ts";

const STATUS_CLASS = { 1: "warn", 2: "up", 3: "" } as const;

export function ProjectCard({ p, link = true }: { p: IeoProjectView; link?: boolean }) {
  useTexts("earn");
  const { t } = useTranslation();
  return (
    <li className="record" data-testid={`ieo-project-${p.id}`}>
      <div className="row-between">
        <strong>
          {p.name} ({p.currency})
        </strong>
        <span className={`status-badge ${STATUS_CLASS[p.time_status]}`} data-testid="time-status">
          {t(`earn.ieo.status.${p.time_status}`)}
        </span>
      </div>
      <dl className="kv kv-compact">
        <dt>{t("earn.ieo.price")}</dt>
        <dd className="num">{t("earn.ieo.priceValue", { price: amount(p.price), pay: p.pay_currency, coin: p.currency })}</dd>
        <dt>{t("earn.ieo.total")}</dt>
        <dd className="num">
          {amount(p.total_amount)} {p.currency}
        </dd>
        <dt>{t("earn.ieo.remaining")}</dt>
        <dd className="num" data-testid="remaining">
          {amount(p.remaining)} {p.currency} ({p.percentage}%)
        </dd>
        <dt>{t("earn.ieo.period")}</dt>
        <dd className="num">
          {formatDate(p.start_at, true)} – {formatDate(p.end_at, true)}
        </dd>
        <dt>{t("earn.ieo.lock")}</dt>
        <dd className="num">{t("earn.ieo.lockValue", { days: p.lock_days })}</dd>
      </dl>
      {link && (
        <Link to={`/ieo/subscribe?id=${p.id}`} className="btn btn-primary btn-block" data-testid="ieo-open">
          {p.time_status === 2 ? t("earn.ieo.subscribe") : t("earn.ieo.details")}
        </Link>
      )}
    </li>
  );
}

/** IEO projects by time status. */
export default function IeoPage() {
  useTexts("earn");
  const { t } = useTranslation();
  const [status, setStatus] = useState<"" | "1" | "2" | "3">("");
  const list = usePagedQuery([Q.earn, "ieo-projects", status], (page) => loadProjects(status, page));
  const right = (
    <Link to="/ieo/order" className="navbar-link" data-testid="ieo-my-orders">
      {t("earn.ieo.myOrders")}
    </Link>
  );
  return (
    <>
      <NavBar title={t("earn.ieo.title")} right={right} />
      <div className="content stack">
        <Tabs
          value={status}
          onChange={setStatus}
          options={[
            { value: "", label: t("earn.ieo.all") },
            { value: "1", label: t("earn.ieo.status.1") },
            { value: "2", label: t("earn.ieo.status.2") },
            { value: "3", label: t("earn.ieo.status.3") },
          ]}
        />
        <RecordList list={list} empty={t("earn.ieo.noProjects")} testId="ieo-projects" render={(p) => <ProjectCard key={p.id} p={p} />} />
      </div>
    </>
  );
}
