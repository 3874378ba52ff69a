// One NFT auction lot watched by 1,000 WebSocket clients, in local workerd (the bundle run by Miniflare). Alice bids
// on bob's seeded lot A-0002 every 100 ms (POST /api/bind_box/auctionNFT, the increment and the total she confirmed);
// each bid is stamped at the client before its POST, and a watcher's latency for it is the arrival of the auction
// room's bid frame naming that price minus that stamp. So the figure holds the whole path: Worker, session, the lot's
// AuctionLot object applying the bid in order, its D1 batch (guarded price, bid row, first deposit hold), the publish to
// the item's AuctionRoom and the room's fan-out to every socket.
//
// Named peer, measured in the same run with the same clients and stamped the same way (at the client before its POST):
// one Durable Object sending a frame of the same size to 1,000 hibernatable sockets ten times a second (the peer of
// market-room.bench.ts). App and peer windows alternate (app, peer, app, peer, ...), so both see the same machine.
// Target: bid-to-every-watcher p99 at most 2x the peer's p99 (the bid path adds a D1 batch and two object hops to the
// peer's one POST and fan-out); absolute figures are printed, but on a shared two-core machine only the ratio is judged.
import { loadavg } from "node:os";
import Decimal from "decimal.js";
import { DEMO_USERS } from "../worker/domain/seed/demo.ts";
import { alternateWindows, broadcastPeerClients, openClients, peerLines, sendStamps } from "./lib/socket-clients.ts";
import { fmtMs } from "./lib/stats.ts";
import { logIn, startBroadcastPeer, startWorkerd } from "./lib/workerd.ts";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WINDOW_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const BID_EVERY_MS = 100;
const TARGET_RATIO = 2;
const CODE = "A-0002";

const app = await startWorkerd(Number(process.env.BENCH_PORT ?? 8832), { assets: false });
const peer = await startBroadcastPeer(Number(process.env.BENCH_PEER_PORT ?? 8842));
try {
  const token = await logIn(app.base, DEMO_USERS[0]);
  const lot = (await (await fetch(`${app.base}/api/bind_box/auctionLot?code=${CODE}`)).json()) as { message: { price: string } };
  // The price text the frames carry is the canonical decimal ("105", never "105.000000"), as Decimal writes it.
  let price = new Decimal(lot.message.price);

  /** Price text → the client's send time, for this window's bids not yet on a screen. */
  const stamps = sendStamps();
  let lastFrame = "";
  const watchers = await openClients(`${app.base.replace("http", "ws")}/parties/auction-room/${CODE}`, CLIENTS, "bid", (frame) => {
    lastFrame = frame;
    const sent = stamps.take((JSON.parse(frame) as { price: string }).price);
    return sent === undefined ? [] : [sent];
  });
  /** One bid of 5 USDT; while tracking, its price and send time are known before it is sent, so no frame can beat it. */
  const bid = async () => {
    const total = price.plus(5).toFixed();
    stamps.stamp(total);
    const res = await fetch(`${app.base}/api/bind_box/auctionNFT`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: token },
      body: new URLSearchParams({ code: CODE, price: "5", total }),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`bid: HTTP ${res.status} ${text.slice(0, 200)}`);
    price = price.plus(5);
  };

  // The peer: the room's last bid frame (same size), ten a second, stamped at the client's send.
  const broadcast = await broadcastPeerClients(peer.base, CLIENTS, "bid");
  const { app: room, peer: base } = await alternateWindows(
    ROUNDS,
    WINDOW_SECONDS,
    {
      clients: watchers,
      everyMs: BID_EVERY_MS,
      step: bid,
      begin: stamps.start,
      end: () => {
        stamps.stop();
        broadcast.copy(lastFrame);
      },
    },
    { clients: broadcast.clients, everyMs: BID_EVERY_MS, step: broadcast.step },
  );

  const placed = stamps.placed();
  const expected = placed * CLIENTS;
  console.log(
    `nft auction ${CODE}, ${CLIENTS} watchers (connected in ${watchers.connectSeconds.toFixed(1)} s), workerd via Miniflare, ` +
      `load average ${loadavg()[0]!.toFixed(1)}; ${ROUNDS} windows of ${WINDOW_SECONDS} s each, app and peer alternating`,
  );
  console.log(
    `${room.steps} bids (${placed} tracked, one every ${BID_EVERY_MS} ms at most); ${room.n} of ${expected} deliveries ` +
      `seen by the watchers (${((100 * room.n) / Math.max(1, expected)).toFixed(1)} %)`,
  );
  console.log(
    `bid to every watcher (client send -> bid frame): p50 ${fmtMs(room.p50)}  p99 ${fmtMs(room.p99)}  max ${fmtMs(room.max)}   ` +
      `${room.perSecond.toFixed(0)} deliveries/s`,
  );
  for (const line of peerLines(room, base, broadcast.bytes())) console.log(line);
  const pass = room.n === expected && room.p99 <= TARGET_RATIO * base.p99;
  console.log(
    `${pass ? "PASS" : "FAIL"}  every bid reached every watcher, p99 <= ${TARGET_RATIO}x the same-run broadcast peer's p99 ` +
      `(${fmtMs(room.p99)}; peer ${fmtMs(base.p99)})`,
  );
} finally {
  await app.stop();
  await peer.stop();
}
