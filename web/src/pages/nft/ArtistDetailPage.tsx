import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { artistQuery } from "../../features/nft/api.ts";
import { NftCard } from "../../features/nft/NftCard.tsx";
import { tokenAtom } from "../../features/session/atoms.ts";
import { useTexts } from "../../lib/i18n.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { CollectionRow } from "./NftPage.tsx";
import "../../styles/fund.css";
import "../../styles/nft.css";

/** artistDetail: the artist, their artworks and their collections. */
export default function ArtistDetailPage() {
  useTexts("nft");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const [params] = useSearchParams();
  const uid = params.get("uid") ?? "";
  const query = useQuery(artistQuery(uid, token), { enabled: uid !== "" });
  let body;
  if (!uid) body = <EmptyState text={t("nft.empty.artist")} />;
  else if (query.error && !query.data) {
    body =
      query.error.status === 404 ? (
        <EmptyState text={t("nft.empty.artist")} />
      ) : (
        <ErrorView message={query.error.message} onRetry={query.reload} />
      );
  } else if (!query.data) body = <DelayedSpinner />;
  else {
    const a = query.data;
    body = (
      <div className="content stack" data-testid="nft-artist">
        <div className="nft-artist-head">
          {a.avatar ? (
            <img className="nft-avatar large" src={a.avatar} alt="" />
          ) : (
            <span className="nft-avatar large nft-placeholder">{a.name.slice(0, 1)}</span>
          )}
          <div className="stack-tight">
            <h2 className="nft-title">{a.name}</h2>
            <span className="muted">{t("nft.works", { n: a.works })}</span>
          </div>
        </div>
        {a.bio && <p className="muted">{a.bio}</p>}
        <h3 className="section-title">{t("nft.artworks")}</h3>
        {a.artworks.length === 0 ? (
          <EmptyState text={t("nft.empty.items")} />
        ) : (
          <ul className="nft-grid">
            {a.artworks.map((item) => (
              <NftCard key={item.code} item={item} />
            ))}
          </ul>
        )}
        <h3 className="section-title">{t("nft.collections")}</h3>
        {a.collects.length === 0 ? (
          <EmptyState text={t("nft.empty.collections")} />
        ) : (
          <ul className="record-list">
            {a.collects.map((c) => (
              <CollectionRow key={c.id} c={c} />
            ))}
          </ul>
        )}
      </div>
    );
  }
  return (
    <>
      <NavBar title={t("nft.artistTitle")} />
      {body}
    </>
  );
}
