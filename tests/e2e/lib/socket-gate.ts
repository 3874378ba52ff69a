import type { Page, WebSocketRoute } from "@playwright/test";

/**
 * A gate on a page's sockets to the rooms matching `room`, for tests of what a page misses while it has no socket:
 * `hold()` keeps every later handshake waiting until `release()`, so frames sent meanwhile reach no socket of the
 * page. `live()` is the first socket a frame of the room came through (a socket that failed on its own before that
 * is not it: its successor's open is the page's first).
 */
export async function socketGate(page: Page, room: RegExp) {
  let live: WebSocketRoute | null = null;
  let held: Promise<void> | null = null;
  let open = () => {};
  await page.routeWebSocket(room, async (ws) => {
    if (held) await held;
    const server = ws.connectToServer();
    server.onMessage((message) => {
      live ??= ws;
      ws.send(message);
    });
  });
  return {
    hold() {
      held = new Promise<void>((resolve) => (open = resolve));
    },
    release() {
      held = null;
      open();
    },
    live: () => live,
  };
}
