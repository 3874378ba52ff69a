import type { PageRoute } from "../types.ts";

/** The message centre: its hub, personal messages, announcements and one message. */
export const mailMessageRoutes: PageRoute[] = [
  { path: "/mailMessage/mailMessage", load: () => import("./MailMessagePage.tsx"), guard: true },
  { path: "/mailMessage/mailMessageList", load: () => import("./MessageListPage.tsx"), guard: true },
  { path: "/mailMessage/ggList", load: () => import("./MessageListPage.tsx"), guard: true },
  { path: "/mailMessage/ggDetail/:id", load: () => import("./MessageDetailPage.tsx"), guard: true },
];
