import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { TRADERS_KEY, loadTraders } from "../../features/follow/api.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { useTexts } from "../../lib/i18n.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { RecordList } from "../fund/parts.tsx";
import { TraderCard } from "./TraderCard.tsx";
import { agreementPath } from "./agreement.ts";
import "../../styles/fund.css";
import "../../styles/follow.css";

/**
 * Copy trading's entry (`/follow/index`, also `/copytrade/copy`): approved traders, and the ways to one's copies and to
 * becoming a trader.
 */
export default function IndexPage() {
  useTexts("follow");
  const { t, i18n } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const list = usePagedQuery(TRADERS_KEY(token), loadTraders);
  const right = (
    <Link to="/copytrade/my" className="navbar-link" data-testid="follow-my">
      {t("follow.myCopies")}
    </Link>
  );
  return (
    <>
      <NavBar title={t("follow.title")} right={right} />
      <div className="content stack">
        <p className="faint">{t("follow.intro")}</p>
        <Link to="/copytrade/trader" className="btn btn-ghost btn-block" data-testid="become-trader">
          {t("follow.becomeTrader")}
        </Link>
        <Link to={agreementPath(i18n.language)} className="btn btn-ghost btn-block">
          {t("follow.agreement")}
        </Link>
        {/* Last, so the list's arrival (and its growth as pages load) moves nothing below it. */}
        <RecordList list={list} empty={t("follow.noTraders")} testId="traders" render={(x) => <TraderCard key={x.id} t={x} />} />
      </div>
    </>
  );
}
