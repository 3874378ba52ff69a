import { useAtomValue } from "jotai";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { BannerCarousel } from "../../features/content/BannerCarousel.tsx";
import { MenuGrid } from "../../features/content/MenuGrid.tsx";
import { NoticeBar } from "../../features/content/NoticeBar.tsx";
import { PopupNotice } from "../../features/content/PopupNotice.tsx";
import { CATEGORY, menuQuery, newsQuery, type ArticleSummary, type MenuEntry } from "../../features/content/api.ts";
import { HOME_BANNERS, HOME_NOTICES } from "../../features/content/reads.ts";
import { langAtom, siteAtom } from "../../features/preferences/atoms.ts";
import { refreshSite } from "../../features/preferences/site.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { HomeAssetsSlot } from "./home/HomeAssetsSlot.tsx";
import { HomeHeader } from "./home/HomeHeader.tsx";
import { HomeMarketsSlot } from "./home/HomeMarketsSlot.tsx";
import { linkState } from "./link-state.ts";
import { useOpenLink } from "./useOpenLink.ts";
import "../../styles/home.css";

/** A compact failure line for one home section, so one failing call never blanks the page. */
function SectionError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="section-error" role="alert">
      <span>{t("common.loadFailed")}</span>
      <button type="button" className="btn btn-ghost btn-small" onClick={onRetry}>
        {t("common.retry")}
      </button>
    </div>
  );
}

/** The home tab: banners, notices, the menu grid, the pop-up notice; assets and markets have slots. */
export default function HomePage() {
  const { t } = useTranslation();
  const lang = useAtomValue(langAtom);
  const site = useAtomValue(siteAtom);
  const open = useOpenLink();

  useEffect(() => void refreshSite(), []);
  useEffect(() => {
    document.title = site.site_name;
  }, [site.site_name]);

  const banners = useQuery(newsQuery(CATEGORY.banner, lang, HOME_BANNERS.page, HOME_BANNERS.limit));
  const notices = useQuery(newsQuery(CATEGORY.news, lang, HOME_NOTICES.page, HOME_NOTICES.limit));
  const menu = useQuery(menuQuery);
  const sections = [banners, notices, menu];
  const reloadAll = () => sections.forEach((s) => s.error && s.reload());
  // The live boards come last on the page and wait until every section above has its final height:
  // content arriving above them would push them down (a layout shift) on a slow first visit.
  const settled = sections.every((s) => s.data || s.error);

  const openBanner = (banner: ArticleSummary) => open(banner.link);
  // Shortcuts to products not built yet are left out, and a banner about one is a picture, not a button.
  const shortcuts = menu.data?.filter((m) => linkState(m.url) === "open");
  const bannerList = banners.data?.list.map((b) => (linkState(b.link) === "open" ? b : { ...b, link: "" }));
  const openMenu = (item: MenuEntry) => open(item.url);

  let body;
  if (sections.every((s) => s.error && !s.data)) {
    body = <ErrorView onRetry={reloadAll} />;
  } else if (sections.every((s) => s.loading && !s.data)) {
    body = (
      <>
        <div className="banner banner-skeleton" aria-hidden="true" />
        <DelayedSpinner />
      </>
    );
  } else if (
    sections.every((s) => !s.loading && !s.error) &&
    !banners.data?.list.length &&
    !notices.data?.list.length &&
    !menu.data?.length
  ) {
    body = <EmptyState />;
  } else {
    body = (
      <>
        {banners.error && !banners.data ? (
          <SectionError onRetry={banners.reload} />
        ) : banners.data ? (
          <BannerCarousel banners={bannerList ?? []} onOpen={openBanner} />
        ) : (
          <div className="banner banner-skeleton" aria-hidden="true" />
        )}
        {notices.error && !notices.data ? (
          <SectionError onRetry={notices.reload} />
        ) : notices.data ? (
          <NoticeBar notices={notices.data.list} />
        ) : (
          <div className="notice-bar notice-skeleton" aria-hidden="true" />
        )}
        {menu.error && !menu.data ? (
          <SectionError onRetry={menu.reload} />
        ) : (
          shortcuts &&
          shortcuts.length > 0 && (
            <section className="home-section" aria-label={t("home.services")}>
              <MenuGrid items={shortcuts} onOpen={openMenu} />
            </section>
          )
        )}
      </>
    );
  }

  return (
    <>
      <HomeHeader />
      <main className="home">
        <HomeAssetsSlot />
        {body}
        {settled && <HomeMarketsSlot />}
      </main>
      <PopupNotice key={lang} />
    </>
  );
}
