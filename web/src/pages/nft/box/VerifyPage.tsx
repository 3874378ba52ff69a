import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DelayedSpinner } from "../../../components/Feedback.tsx";
import { NavBar } from "../../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../../components/States.tsx";
import { type BoxVerifyView, type VerifyResult, boxVerifyQuery, verifyDraws } from "../../../features/nft-box/api.ts";
import { useTexts } from "../../../lib/i18n.ts";
import { useQuery } from "../../../lib/query/useQuery.ts";
import { Odds, SeriesStatus } from "./SeriesCard.tsx";
import "../../../styles/fund.css";
import "../../../styles/nft-box.css";

const RESULT_CLASS = { match: "up", mismatch: "down", unopened: "", pending: "warn" } as const;

/** The recomputation, done here in the browser; "pending" while it runs. */
function useVerification(data: BoxVerifyView | undefined): VerifyResult | "pending" {
  const [result, setResult] = useState<{ of: BoxVerifyView; value: VerifyResult } | null>(null);
  useEffect(() => {
    if (!data) return;
    let live = true;
    void verifyDraws(data).then((value) => live && setResult({ of: data, value }));
    return () => {
      live = false;
    };
  }, [data]);
  return result && result.of === data ? result.value : "pending";
}

/** Public: recomputes every box's draw of a series from its revealed seed and compares it with what was assigned. */
export default function VerifyPage() {
  useTexts("nftBox");
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get("id")) || 0;
  const q = useQuery(boxVerifyQuery(id), { enabled: id > 0 });
  const check = useVerification(q.data);
  const title = t("nftBox.verifyTitle");
  let body;
  if (q.error && !q.data) body = <ErrorView message={q.error.message} onRetry={q.reload} />;
  else if (!q.data || check === "pending") body = <DelayedSpinner />;
  else {
    const v = q.data;
    const names = new Map(v.items.map((i) => [i.position, i]));
    const itemLabel = (position: number | null) => {
      const item = position === null ? undefined : names.get(position);
      return item ? `${item.name} · ${t(`nftBox.rarity.${item.rarity}`)}` : "–";
    };
    body = (
      <div className="stack">
        <section className="card stack box-card">
          <div className="row-between">
            <strong>{v.series.name}</strong>
            <SeriesStatus s={v.series} />
          </div>
          <Odds s={v.series} />
        </section>
        <section className="card stack box-card">
          <h2 className="card-title">{t("nftBox.commitment")}</h2>
          <p className="box-hash" data-testid="verify-commitment">
            {v.series.commitment}
          </p>
          <h2 className="card-title">{t("nftBox.seed")}</h2>
          {v.seed ? (
            <p className="box-hash" data-testid="verify-seed">
              {v.seed}
            </p>
          ) : (
            <p className="notice" data-testid="verify-not-revealed">
              {t("nftBox.notRevealed")}
            </p>
          )}
          {check.commitmentOk !== null && (
            <p className={check.commitmentOk ? "up" : "down"} data-testid="verify-commitment-result">
              {check.commitmentOk ? t("nftBox.commitmentMatches") : t("nftBox.commitmentMismatch")}
            </p>
          )}
          <p className="faint">{t("nftBox.algorithm")}</p>
        </section>
        {check.boxes.length === 0 ? (
          <EmptyState text={t("nftBox.noneSold")} />
        ) : (
          <ul className="record-list" data-testid="verify-boxes">
            {check.boxes.map((b) => (
              <li key={b.code} className="record box-check" data-testid={`verify-${b.code}`} data-result={b.result}>
                <strong className="num">{b.code}</strong>
                <span className={`status-badge ${RESULT_CLASS[b.result]}`}>{t(`nftBox.result.${b.result}`)}</span>
                <span className="faint">
                  {t("nftBox.expected")}: {itemLabel(b.expected)}
                </span>
                <span />
                <span className="faint">
                  {t("nftBox.assigned")}: {itemLabel(b.actual)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  return (
    <>
      <NavBar title={title} />
      <div className="content stack">{body}</div>
    </>
  );
}
