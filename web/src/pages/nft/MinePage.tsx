import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { loadMine } from "../../features/nft/api.ts";
import { NftGrid } from "../../features/nft/NftGrid.tsx";
import { tokenAtom } from "../../features/session/atoms.ts";
import { useTexts } from "../../lib/i18n.ts";
import { Q } from "../../lib/query/keys.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import "../../styles/fund.css";
import "../../styles/nft.css";

/** mine: the caller's items (open one to resell it). */
export default function MinePage() {
  useTexts("nft");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom) ?? "";
  const list = usePagedQuery([Q.nft, token, "mine"], loadMine);
  return (
    <>
      <NavBar title={t("nft.mine.title")} />
      <div className="content stack">
        <p className="muted">{t("nft.mine.intro")}</p>
        <NftGrid list={list} empty={t("nft.empty.mine")} testId="nft-mine" />
        <Link to="/nft/nft" className="btn btn-ghost btn-block">
          {t("nft.mine.browse")}
        </Link>
      </div>
    </>
  );
}
