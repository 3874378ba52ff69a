import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { IconBell } from "../../components/icons.tsx";
import { unreadAtom } from "./atoms.ts";

/** Bell with the unread-message count, linking to the message centre (for page headers). */
export function UnreadBell() {
  const { t } = useTranslation();
  const count = useAtomValue(unreadAtom);
  return (
    <Link to="/mailMessage/mailMessage" className="icon-btn" aria-label={t("common.unreadMessages", { count })} data-testid="unread-bell">
      <IconBell />
      {count > 0 && (
        <span className="badge num" data-testid="unread-count">
          {count > 99 ? "99+" : count}
        </span>
      )}
    </Link>
  );
}
