import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { QueryPending } from "../../components/States.tsx";
import { HISTORY_KEY, type HistoryTrade, cancelFollow, loadHistory, traderDetailQuery } from "../../features/follow/api.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { amount, trend } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { RecordList } from "../fund/parts.tsx";
import { StatsList } from "./StatsList.tsx";
import "../../styles/fund.css";
import "../../styles/follow.css";

function HistoryRow({ h }: { h: HistoryTrade }) {
  useTexts("follow");
  const { t } = useTranslation();
  return (
    <li className="record" data-testid={`history-${h.id}`}>
      <div className="row-between">
        <strong>
          {h.symbol} · <span className={h.type === 1 ? "up" : "down"}>{t(h.type === 1 ? "follow.long" : "follow.short")}</span>
        </strong>
        <span className={`num ${trend(h.profits)}`}>{amount(h.profits)} USDT</span>
      </div>
      <dl className="kv kv-compact">
        <dt>{t("follow.lots")}</dt>
        <dd className="num">
          {h.share} · {h.multiple}x
        </dd>
        <dt>{t("follow.openClose")}</dt>
        <dd className="num">
          {amount(h.price)} → {amount(h.close_price)}
        </dd>
        <dt>{t("follow.closedAt")}</dt>
        <dd className="num">{h.closed_at ? formatDate(h.closed_at, true) : "–"}</dd>
      </dl>
    </li>
  );
}

/** A trader's page (`/follow/trader?id=`): bio, figures, follow or cancel, and closed history. */
export default function TraderPage() {
  useTexts("follow");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const [params] = useSearchParams();
  const id = Number(params.get("id")) || 0;
  const detail = useQuery(traderDetailQuery(token, id), { enabled: id > 0 });
  const history = usePagedQuery(HISTORY_KEY(token, id), (page) => loadHistory(id, page));
  const title = t("follow.traderTitle");
  const d = detail.data;
  if (!d) {
    return (
      <>
        <NavBar title={title} />
        <QueryPending query={detail} />
      </>
    );
  }
  const cancel = async () => {
    const ok = await confirmDialog({
      title: t("follow.cancelTitle"),
      message: t("follow.cancelMessage", { nickname: d.trader_info.nickname }),
    });
    if (!ok) return;
    try {
      toast(await cancelFollow(id));
    } catch (err) {
      toast((err as Error).message);
    }
  };
  return (
    <>
      <NavBar title={title} />
      <div className="content stack">
        <section className="card trader-head">
          <span className="trader-avatar trader-avatar-lg" aria-hidden="true">
            {d.trader_info.head_portrait ? (
              <img src={d.trader_info.head_portrait} alt="" width={48} height={48} />
            ) : (
              d.trader_info.nickname.slice(0, 1)
            )}
          </span>
          <div>
            <h2 data-testid="trader-nickname">{d.trader_info.nickname}</h2>
            {d.trader_info.bio && <p className="faint">{d.trader_info.bio}</p>}
          </div>
        </section>
        <StatsList data={d.data} />
        {d.follow ? (
          <div className="stack">
            <p className="notice" data-testid="following-rule">
              {t(d.follow.type === 1 ? "follow.followingMultiple" : "follow.followingLots", { number: amount(d.follow.number) })}
            </p>
            <button type="button" className="btn btn-ghost btn-block" onClick={() => void cancel()} data-testid="cancel-follow">
              {t("follow.cancelFollow")}
            </button>
          </div>
        ) : d.can_follow ? (
          <Link to={`/follow/follow?id=${id}`} className="btn btn-primary btn-block" data-testid="follow-open">
            {t("follow.follow")}
          </Link>
        ) : (
          <p className="notice">{t("follow.cannotFollow")}</p>
        )}
        <h3>{t("follow.history")}</h3>
        <RecordList list={history} empty={t("follow.noHistory")} testId="trader-history" render={(h) => <HistoryRow key={h.id} h={h} />} />
      </div>
    </>
  );
}
