import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NavBar } from "../../../components/NavBar.tsx";
import { EmptyState, QueryPending } from "../../../components/States.tsx";
import { boxSeriesListQuery } from "../../../features/nft-box/api.ts";
import { useTexts } from "../../../lib/i18n.ts";
import { useQuery } from "../../../lib/query/useQuery.ts";
import { SeriesCard } from "./SeriesCard.tsx";
import "../../../styles/fund.css";
import "../../../styles/nft-box.css";

/** Blind box series: on sale and coming first, then ended ones (still verifiable). */
export default function BoxListPage() {
  useTexts("nftBox");
  const { t } = useTranslation();
  const list = useQuery(boxSeriesListQuery());
  const right = (
    <Link to="/nft/box/mine" className="navbar-link" data-testid="box-mine-link">
      {t("nftBox.myBoxes")}
    </Link>
  );
  let body;
  if (!list.data) body = <QueryPending query={list} />;
  else if (list.data.length === 0) body = <EmptyState text={t("nftBox.noSeries")} />;
  else
    body = (
      <ul className="record-list" data-testid="box-series-list">
        {list.data.map((s) => (
          <SeriesCard key={s.id} s={s} />
        ))}
      </ul>
    );
  return (
    <>
      <NavBar title={t("nftBox.title")} right={right} />
      <div className="content stack">
        <p className="faint">{t("nftBox.intro")}</p>
        {body}
      </div>
    </>
  );
}
