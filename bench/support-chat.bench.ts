// Customer-service chat in local workerd (the bundle run by Miniflare): one support desk (the agents' room) and 1,000
// open conversations, each with a user who has written once. A message is sent by one of those users in turn
// (POST /api/chat/support/send), stamped at the client before the POST; the figure is its arrival on the operator's
// desk socket minus that stamp. So it holds the whole path: Worker, session, rate limit, the D1 batch that stores the
// message and moves the conversation, the conversation room's publish and the desk's frame to the operator.
//
// Named peer, measured in the same run with the same client and stamped the same way: the app's existing user-room
// push, a POST /api/chat/markRead whose unread count the user's own room pushes to the user's socket (Worker, D1, a
// Durable Object RPC, a socket frame). Both are closed loops paced at one message every PACE_MS, and their windows
// alternate (app, peer, app, peer, ...), so both see the same machine.
// Target: user-to-operator p99 at most 2x the peer's p99 (the path does about twice the peer's D1 work: session, the
// conversation, the duplicate check, the rate limit and one batch, against session, one upsert and a recount);
// absolute figures are printed, but on a shared two-core machine only the same-run ratio is judged.
import { loadavg } from "node:os";
import WebSocket from "ws";
import { DEMO_USERS } from "../worker/domain/seed/demo.ts";
import { fmtMs, summarize } from "./lib/stats.ts";
import { logIn, startWorkerd } from "./lib/workerd.ts";

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WINDOW_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PACE_MS = 50;
const TARGET_RATIO = 2;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A socket whose frames are handed to `onFrame` with their arrival time. */
function socket(url: string, onFrame: (text: string, arrived: number) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
    ws.on("message", (data: Buffer) => onFrame(data.toString("utf8"), Date.now()));
  });
}

const post = async (url: string, token: string, form: Record<string, string>) => {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: token },
    body: new URLSearchParams(form),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status} ${text.slice(0, 200)}`);
};

const app = await startWorkerd(Number(process.env.BENCH_PORT ?? 8870), { assets: false });
try {
  // 1,000 users with sessions and an open conversation holding one message, written straight to D1.
  const db = await app.mf.getD1Database("DB");
  const now = Date.now();
  const tokens: string[] = [];
  const statements = [];
  for (let i = 0; i < CONVERSATIONS; i++) {
    // The session token format: 43 URL-safe characters (32 random bytes).
    const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
    tokens.push(token);
    const uid = String(90_000_000 + i);
    statements.push(
      db
        .prepare("INSERT INTO users (uid, email, nickname, invite_code, role, created_at) VALUES (?, ?, ?, ?, 'user', ?)")
        .bind(uid, `support-bench-${i}@bench.test`, `b${i}`, `SB${i}`, now),
      db
        .prepare(
          "INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at) SELECT ?, id, ?, ?, ? FROM users WHERE uid = ?",
        )
        .bind(await sha256Hex(token), now, now, now + 86_400_000, uid),
      db
        .prepare(
          `INSERT INTO support_conversations (user_id, last_message_at, waiting_since, created_at)
           SELECT id, ?, ?, ? FROM users WHERE uid = ?`,
        )
        .bind(now, now, now, uid),
      db
        .prepare(
          `INSERT INTO support_messages (conversation_id, sender, sender_id, kind, body, client_id, created_at)
           SELECT c.id, 'user', u.id, 'text', 'hello', 'first-message', ?
           FROM users u JOIN support_conversations c ON c.user_id = u.id WHERE u.uid = ?`,
        )
        .bind(now, uid),
    );
  }
  for (let i = 0; i < statements.length; i += 400) await db.batch(statements.slice(i, i + 400));
  const open = await db.prepare("SELECT count(*) AS n FROM support_conversations WHERE status = 'open'").first<{ n: number }>();

  const ws = app.base.replace("http", "ws");
  const operatorToken = await logIn(app.base, DEMO_USERS[2]);
  const aliceToken = await logIn(app.base, DEMO_USERS[0]);
  const aliceUid = DEMO_USERS[0].uid;

  // App: the operator's desk socket; a message frame names the client id of the POST that caused it.
  let waitingFor = "";
  let arrivedAt = 0;
  let onArrival: (() => void) | null = null;
  const desk = await socket(`${ws}/parties/support-desk/main?token=${operatorToken}`, (text, arrived) => {
    if (!waitingFor || !text.startsWith('{"type":"message"') || !text.includes(`"client_id":"${waitingFor}"`)) return;
    waitingFor = "";
    arrivedAt = arrived;
    onArrival?.();
  });
  // Peer: Alice's user room; the unread frame a markRead pushes.
  let peerWaiting = false;
  const userRoom = await socket(`${ws}/parties/user-room/${aliceUid}?token=${aliceToken}`, (text, arrived) => {
    if (!peerWaiting || !text.startsWith('{"type":"unread"')) return;
    peerWaiting = false;
    arrivedAt = arrived;
    onArrival?.();
  });
  await sleep(300);

  const arrival = (timeoutMs = 5000) =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no frame within 5 s")), timeoutMs);
      onArrival = () => {
        clearTimeout(timer);
        onArrival = null;
        resolve(arrivedAt);
      };
    });

  let sent = 0;
  const appStep = async (): Promise<number> => {
    const i = sent++ % CONVERSATIONS;
    const clientId = `bench-${sent}-${i}`;
    waitingFor = clientId;
    const got = arrival();
    const stamp = Date.now();
    await post(`${app.base}/api/chat/support/send`, tokens[i]!, { client_id: clientId, text: `question ${sent}` });
    return (await got) - stamp;
  };
  const peerStep = async (): Promise<number> => {
    peerWaiting = true;
    const got = arrival();
    const stamp = Date.now();
    await post(`${app.base}/api/chat/markRead`, aliceToken, { all: "1" });
    return (await got) - stamp;
  };

  const measure = async (step: () => Promise<number>) => {
    for (let i = 0; i < 5; i++) await step();
    const samples: number[] = [];
    const started = performance.now();
    while (performance.now() < started + WINDOW_SECONDS * 1000) {
      const tick = performance.now();
      samples.push(await step());
      const wait = PACE_MS - (performance.now() - tick);
      if (wait > 0) await sleep(wait);
    }
    return samples;
  };

  const appSamples: number[] = [];
  const peerSamples: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    appSamples.push(...(await measure(appStep)));
    peerSamples.push(...(await measure(peerStep)));
  }
  desk.close();
  userRoom.close();

  const chat = summarize(appSamples);
  const peer = summarize(peerSamples);
  console.log(
    `support chat: one desk socket, ${open?.n ?? 0} open conversations, workerd via Miniflare, load average ${loadavg()[0]!.toFixed(1)}; ` +
      `${ROUNDS} windows of ${WINDOW_SECONDS} s each, app and peer alternating, one message every ${PACE_MS} ms at most`,
  );
  console.log(
    `user -> operator (client send -> desk frame): ${chat.n} messages  ` +
      `p50 ${fmtMs(chat.p50)}  p99 ${fmtMs(chat.p99)}  max ${fmtMs(chat.max)}`,
  );
  console.log(
    `  peer, user-room push (markRead -> unread frame): ${peer.n} pushes  ` +
      `p50 ${fmtMs(peer.p50)}  p99 ${fmtMs(peer.p99)}  max ${fmtMs(peer.max)}`,
  );
  console.log(`  ratio to the peer: p50 ${(chat.p50 / peer.p50).toFixed(2)}x  p99 ${(chat.p99 / peer.p99).toFixed(2)}x`);
  const pass = chat.p99 <= TARGET_RATIO * peer.p99;
  console.log(
    `${pass ? "PASS" : "FAIL"}  user-to-operator p99 <= ${TARGET_RATIO}x the same-run user-room push p99 ` +
      `(${fmtMs(chat.p99)}; peer ${fmtMs(peer.p99)})`,
  );
} finally {
  await app.stop();
}
