import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ArticleSummary } from "./api.ts";

const TICK_MS = 3500;

const IconSpeaker = () => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d="M4 10v4h3l5 4V6L7 10zM16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11" />
  </svg>
);

/** One notice at a time, rolling every 3.5 s; each opens its article; "more" opens the list. */
export function NoticeBar({ notices }: { notices: ArticleSummary[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const count = notices.length;
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), TICK_MS);
    return () => clearInterval(timer);
  }, [count]);
  if (count === 0) return null;
  const current = notices[index % count]!;
  return (
    <section className="notice-bar" aria-label={t("home.notices")} data-testid="notices">
      <span className="notice-icon">
        <IconSpeaker />
      </span>
      <div className="notice-window" aria-live="off">
        <Link key={current.id} to={`/article/${current.id}`} className="notice-item" data-testid="notice-item">
          {current.title}
        </Link>
      </div>
      <Link to="/news" className="notice-more">
        {t("home.more")}
      </Link>
    </section>
  );
}
