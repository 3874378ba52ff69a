import type { SupportSent, SupportThread } from "../../../../schema/api/support.ts";
import { post, read } from "../../lib/api.ts";
import { threadRead } from "./reads.ts";

export type { SupportMessage, SupportSent, SupportThread } from "../../../../schema/api/support.ts";

export { SUPPORT_PAGE_SIZE } from "./reads.ts";

export const fetchThread = (before?: number) => read<SupportThread>(threadRead(before), { silent: true, background: true });

/** Sends text or an image; a retry with the same client id stores nothing twice. */
export function sendMessage(clientId: string, content: { text: string } | { image: File }): Promise<SupportSent> {
  if ("text" in content)
    return post<SupportSent>("/chat/support/send", { client_id: clientId, text: content.text }, { silent: true, background: true });
  const form = new FormData();
  form.set("client_id", clientId);
  form.set("image", content.image);
  return post<SupportSent>("/chat/support/send", form, { silent: true, background: true });
}

export const markChatRead = (chatId: number) => post<unknown>("/chat/markRead", { chat_id: chatId }, { silent: true, background: true });

/** A fresh client message id (the server's rule: 8 to 64 of letters, digits, `_` and `-`). */
export const newClientId = () => crypto.randomUUID();
