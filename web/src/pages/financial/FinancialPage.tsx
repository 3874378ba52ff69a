import { useTranslation } from "react-i18next";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, QueryPending } from "../../components/States.tsx";
import { IconChevron } from "../../components/icons.tsx";
import { MenuIcon } from "../../features/content/MenuIcon.tsx";
import { useMenuText } from "../../features/content/MenuGrid.tsx";
import { menuQuery } from "../../features/content/api.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { linkState } from "../common/link-state.ts";
import { useOpenLink } from "../common/useOpenLink.ts";
import "../../styles/content.css";

/** The finance tab: the menu's financial products (is_financial), each opening its product page. */
export default function FinancialPage() {
  const { t } = useTranslation();
  const text = useMenuText();
  const open = useOpenLink();
  const menu = useQuery(menuQuery);
  const items = menu.data?.filter((m) => m.is_financial) ?? [];

  let body;
  if (!menu.data) body = <QueryPending query={menu} />;
  else if (items.length === 0) body = <EmptyState />;
  else
    body = (
      <div className="list finance-list" data-testid="finance-list">
        {items.map((item) => {
          const desc = text.desc(item);
          // A product not built yet is shown as coming soon, not as a row that answers a tap with a toast.
          if (linkState(item.url) !== "open") {
            return (
              <div key={item.id} className="list-item finance-item soon" aria-disabled="true" data-testid="finance-item">
                <span className="finance-icon">
                  <MenuIcon name={item.icon} />
                </span>
                <span className="finance-text">
                  <span className="finance-title">{text.title(item)}</span>
                  {desc && <span className="finance-desc">{desc}</span>}
                </span>
                <span className="soon-badge" data-testid="finance-soon">
                  {t("home.soon")}
                </span>
              </div>
            );
          }
          return (
            <button
              type="button"
              key={item.id}
              className="list-item finance-item"
              onClick={() => open(item.url)}
              data-testid="finance-item"
            >
              <span className="finance-icon">
                <MenuIcon name={item.icon} />
              </span>
              <span className="finance-text">
                <span className="finance-title">{text.title(item)}</span>
                {desc && <span className="finance-desc">{desc}</span>}
              </span>
              <span className="finance-arrow">
                <IconChevron />
              </span>
            </button>
          );
        })}
      </div>
    );
  return (
    <>
      <NavBar title={t("nav.finance")} back={false} />
      {body}
    </>
  );
}
