import { useCallback, useEffect, useRef, useState, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ArticleSummary } from "./api.ts";

const AUTO_MS = 4000;
/** A horizontal drag longer than this (px) changes the slide. */
const SWIPE_PX = 40;

/**
 * The home banners: auto-advance every 4 s (paused while a finger is down or
 * the page is hidden), swipe, and dots. `onOpen` gets the banner when a slide
 * is tapped; slides without a link are not buttons.
 */
export function BannerCarousel({ banners, onOpen }: { banners: ArticleSummary[]; onOpen: (banner: ArticleSummary) => void }) {
  const { t } = useTranslation();
  const count = banners.length;
  const [index, setIndex] = useState(0);
  const [drag, setDrag] = useState(0);
  /** Covers that failed to load show the title instead of a broken image. */
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const moved = useRef(false);
  const width = useRef(1);

  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);
  /** The list can shrink under the index (a reload): show a slide that exists. */
  const shown = count > 0 ? Math.min(index, count - 1) : 0;

  // One timer per shown slide: every slide gets its full 4 s, also after a swipe or a dot tap.
  const dragging = drag !== 0;
  useEffect(() => {
    if (count < 2 || dragging) return;
    const timer = setTimeout(() => {
      if (document.visibilityState === "visible") go(shown + 1);
    }, AUTO_MS);
    return () => clearTimeout(timer);
  }, [count, shown, dragging, go]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (count < 2) return;
    start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
    moved.current = false;
    width.current = e.currentTarget.clientWidth || 1;
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const s = start.current;
    if (!s || s.id !== e.pointerId) return;
    const dx = e.clientX - s.x;
    if (!moved.current && Math.abs(dx) > 6 && Math.abs(dx) > Math.abs(e.clientY - s.y)) {
      moved.current = true;
      e.currentTarget.setPointerCapture(e.pointerId);
    }
    if (moved.current) setDrag(dx);
  };
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    const s = start.current;
    if (!s || s.id !== e.pointerId) return;
    start.current = null;
    const dx = e.clientX - s.x;
    setDrag(0);
    if (moved.current && Math.abs(dx) > SWIPE_PX) go(shown + (dx < 0 ? 1 : -1));
  };

  if (count === 0) return null;
  const offset = `calc(${-shown * 100}% + ${drag}px)`;
  return (
    <section className="banner" aria-roledescription="carousel" aria-label={t("home.banners")} data-testid="banners">
      <div
        className="banner-viewport"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <div className={dragging ? "banner-track dragging" : "banner-track"} style={{ transform: `translateX(${offset})` }}>
          {banners.map((b, i) => {
            const content =
              b.cover && !broken.has(b.cover) ? (
                <>
                  <img
                    src={b.cover}
                    alt=""
                    draggable={false}
                    // The first cover is the page's largest paint: fetched first; its box is sized before it arrives.
                    width={750}
                    height={300}
                    loading={i === 0 ? "eager" : "lazy"}
                    fetchPriority={i === 0 ? "high" : "low"}
                    decoding={i === 0 ? "sync" : "async"}
                    onError={() => setBroken((s) => new Set(s).add(b.cover))}
                  />
                  {/* Covers are language-neutral pictures: the translated title goes over them. */}
                  <span className="banner-caption">{b.title}</span>
                </>
              ) : (
                <span className="banner-text">
                  <strong>{b.title}</strong>
                  {b.abstract && <span>{b.abstract}</span>}
                </span>
              );
            return (
              <div className="banner-slide" key={b.id} aria-hidden={i !== shown} data-testid="banner-slide">
                {b.link ? (
                  <button type="button" className="banner-link" tabIndex={i === shown ? 0 : -1} onClick={() => !moved.current && onOpen(b)}>
                    {content}
                  </button>
                ) : (
                  content
                )}
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 && (
        <div className="banner-dots">
          {banners.map((b, i) => (
            <button
              key={b.id}
              type="button"
              className={i === shown ? "dot active" : "dot"}
              aria-label={t("home.bannerN", { n: i + 1, total: count })}
              aria-current={i === shown}
              onClick={() => go(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
