import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import {
  type NftArtistView,
  type NftCollectionView,
  type NftFilters,
  loadArtists,
  loadCollections,
  loadItems,
} from "../../features/nft/api.ts";
import { NftGrid } from "../../features/nft/NftGrid.tsx";
import { useTexts } from "../../lib/i18n.ts";
import { Q } from "../../lib/query/keys.ts";
import { type PagedList, usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { Tabs } from "../fund/parts.tsx";
import "../../styles/fund.css";
import "../../styles/nft.css";
import { isImplementedRoute } from "../implemented.ts";

type Tab = "artwork" | "artist" | "collection" | "search";
const TABS: Tab[] = ["artwork", "artist", "collection", "search"];
type Status = "" | "1" | "2" | "0";

function Artworks() {
  useTexts("nft");
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState<Status>("");
  const collection = Number(params.get("collection")) || undefined;
  const filters: NftFilters = { status, collection };
  const list = usePagedQuery([Q.nft, "items", status, collection ?? 0], (page) => loadItems(filters, page));
  return (
    <div className="stack">
      <Tabs
        value={status}
        onChange={setStatus}
        options={[
          { value: "", label: t("nft.all") },
          { value: "1", label: t("nft.status.1") },
          { value: "2", label: t("nft.status.2") },
          { value: "0", label: t("nft.status.0") },
        ]}
      />
      {collection !== undefined && (
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => setParams({ tab: "artwork" }, { replace: true })}
          data-testid="nft-collection-filter"
        >
          {t("nft.collectionFilter", { name: params.get("name") ?? "" })} ×
        </button>
      )}
      <NftGrid list={list} empty={t("nft.empty.items")} />
    </div>
  );
}

function SimpleList<T>({
  list,
  empty,
  render,
  testId,
}: {
  list: PagedList<T>;
  empty: string;
  render: (x: T) => React.ReactNode;
  testId: string;
}) {
  useTexts("nft");
  const { t } = useTranslation();
  if (list.error) return <ErrorView message={list.error.message} onRetry={list.reload} />;
  if (list.loading && list.items.length === 0) return <DelayedSpinner />;
  if (list.items.length === 0) return <EmptyState text={empty} />;
  return (
    <>
      <ul className="record-list" data-testid={testId}>
        {list.items.map(render)}
      </ul>
      {list.hasMore && (
        <button type="button" className="btn btn-ghost btn-block load-more" disabled={list.loading} onClick={list.loadMore}>
          {list.loading ? t("common.loading") : t("nft.loadMore")}
        </button>
      )}
    </>
  );
}

function Artists() {
  useTexts("nft");
  const { t } = useTranslation();
  const list = usePagedQuery([Q.nft, "artists"], loadArtists);
  return (
    <SimpleList<NftArtistView>
      list={list}
      empty={t("nft.empty.artists")}
      testId="nft-artists"
      render={(a) => (
        <li key={a.uid} className="record">
          <Link to={`/nft/artistDetail?uid=${encodeURIComponent(a.uid)}`} className="nft-artist-row">
            {a.avatar ? (
              <img className="nft-avatar" src={a.avatar} alt="" />
            ) : (
              <span className="nft-avatar nft-placeholder">{a.name.slice(0, 1)}</span>
            )}
            <span className="nft-artist-name">
              <strong>{a.name}</strong>
              <span className="muted">{t("nft.works", { n: a.works })}</span>
            </span>
          </Link>
        </li>
      )}
    />
  );
}

export function CollectionRow({ c }: { c: NftCollectionView }) {
  useTexts("nft");
  const { t } = useTranslation();
  return (
    <li className="record">
      <Link to={`/nft/nft?tab=artwork&collection=${c.id}&name=${encodeURIComponent(c.name)}`} className="nft-artist-row">
        {c.cover ? (
          <img className="nft-avatar square" src={c.cover} alt="" />
        ) : (
          <span className="nft-avatar square nft-placeholder">{c.name.slice(0, 1)}</span>
        )}
        <span className="nft-artist-name">
          <strong>{c.name}</strong>
          <span className="muted">
            {c.author_name} · {t("nft.works", { n: c.works })}
          </span>
        </span>
      </Link>
    </li>
  );
}

function Collections() {
  useTexts("nft");
  const { t } = useTranslation();
  const list = usePagedQuery([Q.nft, "collections"], loadCollections);
  return (
    <SimpleList<NftCollectionView>
      list={list}
      empty={t("nft.empty.collections")}
      testId="nft-collections"
      render={(c) => <CollectionRow key={c.id} c={c} />}
    />
  );
}

function Search() {
  useTexts("nft");
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [keyword, setKeyword] = useState("");
  const [error, setError] = useState(false);
  const list = usePagedQuery([Q.nft, "search", keyword], (page) => loadItems({ keyword }, page), { enabled: keyword !== "" });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const k = text.trim();
    // Search needs a keyword: an empty one is refused here, never sent.
    setError(k === "");
    if (k) setKeyword(k);
  };
  return (
    <div className="stack">
      <form className="nft-search" onSubmit={submit} role="search" noValidate>
        <input
          className="input"
          type="search"
          value={text}
          maxLength={40}
          placeholder={t("nft.searchPlaceholder")}
          aria-label={t("nft.searchPlaceholder")}
          aria-invalid={error}
          aria-describedby={error ? "nft-search-error" : undefined}
          onChange={(e) => setText(e.target.value)}
          data-testid="nft-search-input"
        />
        <button type="submit" className="btn btn-primary" data-testid="nft-search-submit">
          {t("nft.search")}
        </button>
      </form>
      {error && (
        <p className="field-error" id="nft-search-error">
          {t("nft.keywordRequired")}
        </p>
      )}
      {keyword === "" ? <EmptyState text={t("nft.searchHint")} /> : <NftGrid list={list} empty={t("nft.empty.search", { keyword })} />}
    </div>
  );
}

/** The NFT market: artworks, artists, collections and search. */
export default function NftPage() {
  useTexts("nft");
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = (TABS as string[]).includes(params.get("tab") ?? "") ? (params.get("tab") as Tab) : "artwork";
  const right = (
    <Link to="/nft/mine" className="navbar-link" data-testid="nft-mine-link">
      {t("nft.mine.title")}
    </Link>
  );
  return (
    <>
      <NavBar title={t("nft.title")} right={right} />
      <div className="content stack">
        <Tabs
          value={tab}
          onChange={(v) => setParams({ tab: v }, { replace: true })}
          options={TABS.map((v) => ({ value: v, label: t(`nft.tabs.${v}`) }))}
        />
        {tab === "artwork" && isImplementedRoute("/nft/box/list") && (
          <Link to="/nft/box/list" className="card nft-boxes-link" data-testid="nft-boxes-link">
            <b>{t("nft.boxes.title")}</b>
            <span className="muted">{t("nft.boxes.hint")}</span>
          </Link>
        )}
        {tab === "artwork" && <Artworks />}
        {tab === "artist" && <Artists />}
        {tab === "collection" && <Collections />}
        {tab === "search" && <Search />}
      </div>
    </>
  );
}
