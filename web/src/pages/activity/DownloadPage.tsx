import { useTranslation } from "react-i18next";
import { NavBar } from "../../components/NavBar.tsx";
import { QrCode } from "../../features/qr/QrCode.tsx";
import { useTexts } from "../../lib/i18n.ts";
import "../../styles/fund.css";
import "../../styles/activity.css";

/** The app's own address (without the route), the one a phone should open. */
const appUrl = () => `${location.origin}${location.pathname}`;

/**
 * downLoad_new: the app is a web app, so "download" means adding it to the home screen; the steps for iOS and
 * Android, and a QR code of its address to open it on a phone. No store links: there is no store app.
 */
export default function DownloadPage() {
  useTexts("activity");
  const { t } = useTranslation();
  const url = appUrl();
  return (
    <>
      <NavBar title={t("activity.download.title")} />
      <div className="content stack">
        <section className="card stack">
          <h2 className="card-title">{t("activity.download.what")}</h2>
          <p>{t("activity.download.whatText")}</p>
        </section>
        <section className="card download-qr">
          <QrCode text={url} label={t("activity.download.qrLabel")} testId="download-qr" />
          <p className="muted small">{t("activity.download.scan")}</p>
          <code data-testid="download-url">{url}</code>
        </section>
        <section className="card stack" data-testid="download-ios">
          <h2 className="card-title">{t("activity.download.ios")}</h2>
          <ol className="download-steps">
            <li>{t("activity.download.ios1")}</li>
            <li>{t("activity.download.ios2")}</li>
            <li>{t("activity.download.ios3")}</li>
          </ol>
        </section>
        <section className="card stack" data-testid="download-android">
          <h2 className="card-title">{t("activity.download.android")}</h2>
          <ol className="download-steps">
            <li>{t("activity.download.android1")}</li>
            <li>{t("activity.download.android2")}</li>
            <li>{t("activity.download.android3")}</li>
          </ol>
        </section>
        <p className="muted small">{t("activity.download.note")}</p>
      </div>
    </>
  );
}
