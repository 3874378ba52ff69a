import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, QueryPending } from "../../components/States.tsx";
import { type MyCopy, type MyFollow, cancelFollow, myCopyingQuery, selfHold } from "../../features/follow/api.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { amount, trend } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { Tabs } from "../fund/parts.tsx";
import "../../styles/fund.css";
import "../../styles/follow.css";

const POLL_MS = 4_000;

const act = async (run: () => Promise<string>) => {
  try {
    toast(await run());
  } catch (err) {
    toast((err as Error).message);
  }
};

function FollowRow({ f }: { f: MyFollow }) {
  useTexts("follow");
  const { t } = useTranslation();
  const cancel = async () => {
    const ok = await confirmDialog({ title: t("follow.cancelTitle"), message: t("follow.cancelMessage", { nickname: f.nickname }) });
    if (ok) await act(() => cancelFollow(f.trader_user_id));
  };
  return (
    <li className="record" data-testid={`my-follow-${f.trader_user_id}`}>
      <div className="row-between">
        <Link to={`/follow/trader?id=${f.trader_user_id}`}>
          <strong>{f.nickname}</strong>
        </Link>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => void cancel()} data-testid="cancel-follow">
          {t("follow.cancelFollow")}
        </button>
      </div>
      <p className="faint">
        {t(f.type === 1 ? "follow.followingMultiple" : "follow.followingLots", { number: amount(f.number) })} ·{" "}
        {t("follow.since", { time: formatDate(f.created_at, true) })}
      </p>
    </li>
  );
}

function CopyRow({ c }: { c: MyCopy }) {
  useTexts("follow", "contract");
  const { t } = useTranslation();
  const open = c.status === 1 || c.status === 2;
  const hold = async () => {
    const ok = await confirmDialog({ title: t("follow.selfHoldTitle"), message: t("follow.selfHoldMessage", { symbol: c.symbol }) });
    if (ok) await act(() => selfHold(c.id));
  };
  return (
    <li className="record" data-testid={`copy-${c.id}`}>
      <div className="row-between">
        <strong>
          {c.symbol} · <span className={c.type === 1 ? "up" : "down"}>{t(c.type === 1 ? "follow.long" : "follow.short")}</span>
        </strong>
        <span className="status-badge" data-testid="copy-status">
          {open
            ? c.status === 2
              ? t("follow.closing")
              : c.order_type === 2
                ? t("follow.copying")
                : t("follow.selfHeld")
            : t(`contract.reason.${(c.close_reason || "user") as "user"}`)}
        </span>
      </div>
      <dl className="kv kv-compact">
        <dt>{t("follow.trader")}</dt>
        <dd>{c.nickname}</dd>
        <dt>{t("follow.lots")}</dt>
        <dd className="num">
          {c.share} · {c.multiple}x
        </dd>
        <dt>{t("follow.openPrice")}</dt>
        <dd className="num">{amount(c.price)}</dd>
        <dt>{open ? t("follow.currentPrice") : t("follow.closePrice")}</dt>
        <dd className="num">{c.update_price ? amount(c.update_price) : "–"}</dd>
        <dt>{t("follow.margin")}</dt>
        <dd className="num">{amount(c.caution_money)} USDT</dd>
        <dt>{t("follow.pnl")}</dt>
        <dd className={`num ${trend(c.profits)}`} data-testid="copy-pnl">
          {amount(c.profits)} USDT
        </dd>
        <dt>{open ? t("follow.openedAt") : t("follow.closedAt")}</dt>
        <dd className="num">{formatDate(open ? c.transaction_time : (c.closed_at ?? c.transaction_time), true)}</dd>
      </dl>
      {open && c.order_type === 2 && c.status === 1 && (
        <button type="button" className="btn btn-ghost btn-block" onClick={() => void hold()} data-testid="self-hold">
          {t("follow.selfHold")}
        </button>
      )}
    </li>
  );
}

/** `/copytrade/my`: the caller's follows (cancel), open copies (self-hold) and closed copies. */
export default function MyPage() {
  useTexts("follow");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const my = useQuery(myCopyingQuery(token));
  const [tab, setTab] = useState<"open" | "closed">("open");
  // Copies open and close when the trader acts, not when this user does: read them again every few seconds.
  const { reload } = my;
  useEffect(() => {
    const timer = setInterval(reload, POLL_MS);
    return () => clearInterval(timer);
  }, [reload]);
  const title = t("follow.myCopies");
  let body;
  if (!my.data) body = <QueryPending query={my} />;
  else {
    const copies = tab === "open" ? my.data.open : my.data.closed;
    body = (
      <>
        <h3>{t("follow.myFollows")}</h3>
        {my.data.follows.length === 0 ? (
          <EmptyState text={t("follow.noFollows")}>
            <Link to="/follow/index" className="btn btn-primary">
              {t("follow.findTraders")}
            </Link>
          </EmptyState>
        ) : (
          <ul className="record-list" data-testid="my-follows">
            {my.data.follows.map((f) => (
              <FollowRow key={f.trader_user_id} f={f} />
            ))}
          </ul>
        )}
        <Tabs
          value={tab}
          onChange={setTab}
          options={[
            { value: "open", label: t("follow.openCopies") },
            { value: "closed", label: t("follow.closedCopies") },
          ]}
        />
        {copies.length === 0 ? (
          <EmptyState text={tab === "open" ? t("follow.noOpenCopies") : t("follow.noClosedCopies")} />
        ) : (
          <ul className="record-list" data-testid={`copies-${tab}`}>
            {copies.map((c) => (
              <CopyRow key={c.id} c={c} />
            ))}
          </ul>
        )}
        <p className="faint">{t("follow.copyHint")}</p>
      </>
    );
  }
  return (
    <>
      <NavBar title={title} />
      <div className="content stack">{body}</div>
    </>
  );
}
