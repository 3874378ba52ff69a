import { useAtom, useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { IconChevron, IconEye, IconEyeOff } from "../../components/icons.tsx";
import { useFiat } from "../../features/preferences/fiat.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { totalUsdt, walletQuery } from "../../features/wallet/api.ts";
import { hideBalanceAtom } from "../../features/wallet/atoms.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import "../../styles/home-assets.css";
import { HIDDEN, money } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";

function Card({ token }: { token: string }) {
  useTexts("fund");
  const { t } = useTranslation();
  const [hidden, setHidden] = useAtom(hideBalanceAtom);
  const fiat = useFiat();
  const query = useQuery(walletQuery(token));
  const total = query.data ? totalUsdt(query.data) : null;
  return (
    <section className="home-assets" aria-label={t("fund.assets.total")} data-testid="home-assets">
      <div className="home-assets-head">
        <span>{t("fund.assets.total")}</span>
        <Link to="/fund/transfer" className="home-assets-convert" data-testid="home-convert">
          {t("fund.assets.convert")}
        </Link>
        <button
          type="button"
          className="icon-btn"
          onClick={() => setHidden(!hidden)}
          aria-label={hidden ? t("fund.assets.show") : t("fund.assets.hide")}
          aria-pressed={hidden}
        >
          {hidden ? <IconEyeOff size={18} /> : <IconEye size={18} />}
        </button>
      </div>
      <Link to="/fund/assets" className="home-assets-body">
        <span>
          <span className="home-assets-total num" data-testid="home-assets-total">
            {total ? (hidden ? HIDDEN : money(total)) : "--"} <small>USDT</small>
          </span>
          <span className="home-assets-fiat num">
            {total
              ? hidden
                ? `≈ ${HIDDEN}`
                : t("fund.assets.approx", { value: fiat.format(total), code: fiat.code })
              : query.error
                ? t("common.loadFailed")
                : " "}
          </span>
        </span>
        <IconChevron />
      </Link>
    </section>
  );
}

/** The home page's total-assets card: only with a session; taps through to the assets tab. */
export function HomeAssetsCard() {
  useTexts("fund");
  const token = useAtomValue(tokenAtom);
  return token ? <Card token={token} /> : null;
}
