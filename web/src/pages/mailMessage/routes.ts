import type { PageRoute } from "../types.ts";

/** The message centre: its hub, personal messages, announcements and one message. */
export const mailMessageRoutes: PageRoute[] = [
  { path: "/mailMessage/mailMessage", load: () => import("./MailMessagePage.tsx"), guard: true, texts: ["messages", "support"] },
  { path: "/mailMessage/mailMessageList", load: () => import("./MessageListPage.tsx"), guard: true, texts: ["messages"] },
  { path: "/mailMessage/ggList", load: () => import("./MessageListPage.tsx"), guard: true, texts: ["messages"] },
  { path: "/mailMessage/ggDetail/:id", load: () => import("./MessageDetailPage.tsx"), guard: true, texts: ["messages"] },
];
