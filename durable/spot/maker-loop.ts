import type { MarketConfig } from "../../worker/domain/markets/config.ts";
import type { OrderIds } from "../../worker/domain/markets/ids.ts";
import { newOrder, prepareOrder } from "../../worker/domain/markets/order-input.ts";
import type { Committed, NewOrder } from "../../worker/domain/markets/steps.ts";
import { toLots } from "../../worker/domain/markets/units.ts";
import type { MarketCore } from "./core.ts";
import { ladder, plan } from "./maker.ts";
import { priceText } from "./publisher.ts";

/**
 * The market maker's loop: after each reference tick it re-quotes by its published rule (maker.ts) through the same
 * path as any user: D1 order rows and ledger holds first, then the book. With no reference price (a stale exchange
 * feed) or on a switched-off market it withdraws its quotes. One re-quote at a time.
 */
export class MakerLoop {
  private busy = false;

  constructor(
    private readonly deps: {
      core: MarketCore;
      ids: () => OrderIds;
      commit: (m: MarketConfig, orders: NewOrder[], now: number) => Promise<Committed>;
      onError: (err: unknown) => void;
      now?: () => number;
    },
  ) {}

  async requote(ref: number | null): Promise<void> {
    const { core } = this.deps;
    const m = core.config;
    const mm = m.maker;
    if (!mm || this.busy) return;
    this.busy = true;
    try {
      const qty = safeLots(mm.qty, m.lotSize);
      const desired = m.enabled && ref !== null && qty ? ladder(ref, { levels: mm.levels, step: mm.step, qty }) : [];
      const { cancel, place } = plan(desired, core.store.restingOf(mm.userId));
      const withdraw = () => {
        for (const id of cancel) core.cancel({ id, owner: mm.userId });
      };
      if (place.length === 0) return withdraw();
      const now = (this.deps.now ?? Date.now)();
      const orders: NewOrder[] = [];
      for (const q of place) {
        try {
          const input = { side: q.side, type: "limit", price: priceText(m, q.price), amount: mm.qty, tif: "GTC", postOnly: false } as const;
          orders.push(newOrder(mm.userId, prepareOrder(m, input, null), this.deps.ids().next(now), now));
        } catch {
          /* a level below the market's minimums is skipped */
        }
      }
      let held: NewOrder[] = [];
      try {
        // Holds first, as for anyone; a level the maker cannot cover is skipped, the others still quote.
        const { outcome } = await this.deps.commit(m, orders, now);
        held = orders.filter((o) => outcome.get(o.id) === "held");
      } catch (err) {
        this.deps.onError(err);
      }
      // The old quotes stay on the book while the new holds are written, and go in the same step as the new ones
      // arrive: an order arriving meanwhile never finds the book emptied by a re-quote (a market sell would
      // otherwise sweep down to whatever rests far below).
      withdraw();
      for (const o of held) core.place(o);
    } finally {
      this.busy = false;
    }
  }
}

function safeLots(qty: string, lotSize: string): number | null {
  try {
    const l = toLots(qty, lotSize, "down");
    return l > 0 ? l : null;
  } catch {
    return null;
  }
}
