import { useAtomValue } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { type NftDetailView, collectNft, itemQuery } from "../../features/nft/api.ts";
import { NftFacts } from "../../features/nft/NftFacts.tsx";
import { NftPicture } from "../../features/nft/NftCard.tsx";
import { tokenAtom } from "../../features/session/atoms.ts";
import { ApiFailure } from "../../lib/api.ts";
import { useTexts } from "../../lib/i18n.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { toast } from "../../lib/ui.ts";
import { isImplementedRoute } from "../implemented.ts";
import "../../styles/fund.css";
import "../../styles/nft.css";

/** The media itself: a picture, or an audio or video player (the server answers range requests, so both can seek). */
export function NftMedia({ item }: { item: NftDetailView }) {
  useTexts("nft");
  const { t } = useTranslation();
  if (item.type === 3) {
    return (
      <div className="nft-media stack">
        <NftPicture item={item} className="nft-hero" />
        <audio className="nft-audio" controls preload="metadata" src={item.media} data-testid="nft-audio">
          {t("nft.noPlayer")}
        </audio>
      </div>
    );
  }
  if (item.type === 4) {
    return (
      <div className="nft-media">
        <video
          className="nft-hero"
          controls
          playsInline
          preload="metadata"
          poster={item.image || undefined}
          src={item.media}
          data-testid="nft-video"
        >
          {t("nft.noPlayer")}
        </video>
      </div>
    );
  }
  return (
    <div className="nft-media">
      <NftPicture item={item} className="nft-hero" />
    </div>
  );
}

function Favourite({ item }: { item: NftDetailView }) {
  useTexts("nft");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    if (!token) {
      toast(t("nft.logInToCollect"));
      return;
    }
    setBusy(true);
    try {
      await collectNft(item.code);
    } catch (err) {
      if (err instanceof ApiFailure) toast(err.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={`btn btn-ghost btn-small nft-fav${item.collect ? " active" : ""}`}
      aria-pressed={item.collect === 1}
      disabled={busy}
      onClick={() => void toggle()}
      data-testid="nft-collect"
    >
      {item.collect ? "♥" : "♡"} {t("nft.favourites", { n: item.collect_number })}
    </button>
  );
}

function Action({ item }: { item: NftDetailView }) {
  useTexts("nft");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const code = encodeURIComponent(item.code);
  if (item.is_mine) {
    return (
      <Link to={`/nft/myNft?code=${code}`} className="btn btn-primary btn-block" data-testid="nft-manage">
        {t("nft.manage")}
      </Link>
    );
  }
  if (item.pay_type === 1 && item.buy_status === 1) {
    return (
      <Link to={token ? `/nft/purchase_one?code=${code}` : "/login"} className="btn btn-primary btn-block" data-testid="nft-buy">
        {token ? t("nft.buyNow") : t("nft.logInToBuy")}
      </Link>
    );
  }
  if (item.pay_type === 2 && item.status === 1 && isImplementedRoute("/nft/purchase")) {
    return (
      <Link to={`/nft/purchase?code=${code}`} className="btn btn-primary btn-block" data-testid="nft-bid">
        {t("nft.bid")}
      </Link>
    );
  }
  const why =
    !item.listed || item.status === 0
      ? t("nft.notForSale")
      : item.status === 2
        ? t("nft.startsLater")
        : t(`nft.payTypeElsewhere.${item.pay_type}`);
  return (
    <div className="notice" data-testid="nft-unavailable">
      {why}
    </div>
  );
}

/** artworkDetail and artworkDetail_video: one item, its media, facts, favourite and what the viewer can do with it. */
export default function ArtworkDetailPage() {
  useTexts("nft");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const [params] = useSearchParams();
  const code = params.get("code") ?? "";
  const query = useQuery(itemQuery(code, token), { enabled: code !== "" });
  const title = t("nft.detailTitle");
  let body;
  if (!code) body = <EmptyState text={t("nft.empty.item")} />;
  else if (query.error && !query.data) {
    body =
      query.error.status === 404 ? (
        <EmptyState text={t("nft.empty.item")} />
      ) : (
        <ErrorView message={query.error.message} onRetry={query.reload} />
      );
  } else if (!query.data) body = <DelayedSpinner />;
  else {
    const item = query.data;
    body = (
      <div className="content stack" data-testid="nft-detail">
        <NftMedia item={item} />
        <div className="row-between">
          <h2 className="nft-title">{item.name}</h2>
          <Favourite item={item} />
        </div>
        {item.description && <p className="muted">{item.description}</p>}
        <NftFacts item={item} />
        <Action item={item} />
      </div>
    );
  }
  return (
    <>
      <NavBar title={title} />
      {body}
    </>
  );
}
