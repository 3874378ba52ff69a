import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, QueryPending } from "../../components/States.tsx";
import { DUAL_COINS, dualProductsQuery } from "../../features/earn/dual.ts";
import { useTexts } from "../../lib/i18n.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { Tabs } from "../fund/parts.tsx";
import { ProductCard } from "./ProductCard.tsx";
import "../../styles/fund.css";

/** Dual products by coin and by call or put. */
export default function InvestPage() {
  useTexts("invest");
  const { t } = useTranslation();
  const [coin, setCoin] = useState<"1" | "2">("1");
  const [type, setType] = useState<"call" | "put">("call");
  const products = useQuery(dualProductsQuery(coin, type));
  const right = (
    <Link to="/invest/mine" className="navbar-link" data-testid="dual-my-orders">
      {t("invest.myOrders")}
    </Link>
  );
  let body;
  if (!products.data) body = <QueryPending query={products} />;
  else if (products.data.length === 0) body = <EmptyState text={t("invest.noProducts")} />;
  else
    body = (
      <ul className="record-list" data-testid="dual-products">
        {products.data.map((p) => (
          <ProductCard key={p.id} p={p} />
        ))}
      </ul>
    );
  return (
    <>
      <NavBar title={t("invest.title")} right={right} />
      <div className="content stack">
        <Tabs value={coin} onChange={setCoin} options={DUAL_COINS.map((c) => ({ value: c.id, label: c.name }))} />
        <Tabs
          value={type}
          onChange={setType}
          options={[
            { value: "call", label: t("invest.type.call") },
            { value: "put", label: t("invest.type.put") },
          ]}
        />
        <p className="faint">{t(`invest.typeHint.${type}`)}</p>
        {/* The help link sits above the list, so the products' arrival moves nothing below them. */}
        <Link to="/invest/help" className="btn btn-ghost btn-block" data-testid="dual-help">
          {t("invest.help.link")}
        </Link>
        {body}
      </div>
    </>
  );
}
