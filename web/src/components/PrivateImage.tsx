import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { tokenAtom } from "../features/session/atoms.ts";
import { IconClose } from "./icons.tsx";
import "../styles/fund.css";
import { useTexts } from "../lib/i18n.ts";

/**
 * An image behind the session (private uploads: vouchers, identity photos).
 * An <img> cannot send the Authorization header, so the file is fetched with
 * the token and shown from an object URL, revoked when the image goes away.
 * A tap opens it full screen.
 */
export function PrivateImage({ src, alt, className, testId }: { src: string; alt: string; className?: string; testId?: string }) {
  useTexts("fund");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const [loaded, setLoaded] = useState<{ src: string; url?: string; failed?: boolean } | null>(null);
  const state: { url?: string; failed?: boolean } = loaded?.src === src ? loaded : {};
  const [zoom, setZoom] = useState(false);

  useEffect(() => {
    if (!src) return;
    let objectUrl: string | undefined;
    let cancelled = false;
    fetch(src, { headers: token ? { Authorization: token } : {} })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ src, url: objectUrl });
      })
      .catch(() => !cancelled && setLoaded({ src, failed: true }));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src, token]);

  if (!src || state.failed) {
    return <div className={`private-image private-image-missing ${className ?? ""}`}>{t("fund.upload.imageUnavailable")}</div>;
  }
  if (!state.url) return <div className={`private-image private-image-loading ${className ?? ""}`} aria-busy="true" />;
  return (
    <>
      <button
        type="button"
        className={`private-image ${className ?? ""}`}
        onClick={() => setZoom(true)}
        aria-label={t("fund.upload.enlarge")}
      >
        <img src={state.url} alt={alt} data-testid={testId} />
      </button>
      {zoom && (
        <div className="image-viewer" role="dialog" aria-modal="true" aria-label={alt} onClick={() => setZoom(false)}>
          <button type="button" className="icon-btn image-viewer-close" aria-label={t("common.cancel")}>
            <IconClose />
          </button>
          <img src={state.url} alt={alt} />
        </div>
      )}
    </>
  );
}
