import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { NavBar } from "../../components/NavBar.tsx";
import { unreadQuery } from "../../features/messages/api.ts";
import { unreadAtom } from "../../features/messages/atoms.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { LinkRow } from "../setting/LinkRow.tsx";
import "../../styles/setting.css";
import "../../styles/messages.css";
import { useTexts } from "../../lib/i18n.ts";

/** /mailMessage/mailMessage: the message centre, one row per kind of message with its unread count. */
export default function MailMessagePage() {
  useTexts("messages", "support");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const badge = useAtomValue(unreadAtom);
  const unread = useQuery(unreadQuery(token, badge)).data;
  return (
    <>
      <NavBar title={t("messages.centre")} />
      <main className="setting-page messages-hub">
        <ul className="list setting-list">
          <LinkRow to="/mailMessage/mailMessageList" label={t("messages.personal")} testId="personal-row">
            <Pill count={unread?.personal ?? 0} />
          </LinkRow>
          <LinkRow to="/mailMessage/ggList" label={t("messages.announcements")} testId="announcements-row">
            <Pill count={unread?.announcement ?? 0} />
          </LinkRow>
          <LinkRow to="/kefu" label={t("support.entry")} testId="support-row">
            <Pill count={unread?.support ?? 0} />
          </LinkRow>
        </ul>
      </main>
    </>
  );
}

function Pill({ count }: { count: number }) {
  useTexts("messages", "support");
  return count > 0 ? <span className="count-pill num">{count > 99 ? "99+" : count}</span> : null;
}
