import { useAtomValue } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, QueryPending } from "../../components/States.tsx";
import { IconPlus, IconTrash } from "../../features/wallet/components/icons.tsx";
import { tokenAtom } from "../../features/session/atoms.ts";
import { deleteAddress, type WalletAddressItem, walletAddressesQuery } from "../../features/wallet/destinations.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import "../../styles/fund.css";
import { useTexts } from "../../lib/i18n.ts";

/** Saved withdrawal addresses, with the time a new or changed one becomes usable; deleting asks first. */
export default function WalletAddressesPage() {
  useTexts("fund", "security");
  const { t } = useTranslation();
  const query = useQuery(walletAddressesQuery(useAtomValue(tokenAtom)));
  const [deleting, setDeleting] = useState<number | null>(null);
  const [now] = useState(Date.now);

  const remove = async (a: WalletAddressItem) => {
    const ok = await confirmDialog({
      title: t("fund.addresses.deleteTitle"),
      message: t("fund.addresses.deleteMessage", { name: a.name, address: a.address }),
    });
    if (!ok) return;
    setDeleting(a.id);
    try {
      toast(await deleteAddress(a.id));
    } catch {
      // the client showed why
    } finally {
      setDeleting(null);
    }
  };

  const add = (
    <Link to="/setting/addWallet" className="icon-btn" aria-label={t("fund.addresses.add")} data-testid="add-address">
      <IconPlus />
    </Link>
  );
  let body;
  if (!query.data) body = <QueryPending query={query} />;
  else if (query.data.data.length === 0)
    body = (
      <EmptyState text={t("fund.addresses.empty")}>
        <Link className="btn btn-primary" to="/setting/addWallet">
          {t("fund.addresses.add")}
        </Link>
      </EmptyState>
    );
  else
    body = (
      <ul className="address-list">
        {query.data.data.map((a) => (
          <li key={a.id} className="card card-tight address-item" data-testid={`address-${a.id}`}>
            <div className="row-between">
              <span className="row">
                <strong>{a.currency_name}</strong>
                <span className="chip chip-static">{a.chain}</span>
              </span>
              <button
                type="button"
                className="icon-btn"
                onClick={() => void remove(a)}
                disabled={deleting === a.id}
                aria-label={t("fund.addresses.delete")}
              >
                <IconTrash size={18} />
              </button>
            </div>
            <div className="address-name">{a.name}</div>
            <code className="mono break faint">{a.address}</code>
            {a.usable_at > now && (
              <span className="chip chip-static address-wait" data-testid="address-usable-from">
                {t("security.addresses.usableFrom", { time: formatDate(a.usable_at, true) })}
              </span>
            )}
          </li>
        ))}
      </ul>
    );
  return (
    <>
      <NavBar title={t("fund.addresses.title")} right={add} />
      <main className="content">{body}</main>
    </>
  );
}
