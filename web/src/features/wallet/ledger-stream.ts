import type { LedgerPage, LedgerRecord } from "./api.ts";

/**
 * Ledger entries of several coins as one stream, newest first. POST /wallet/legal_log
 * answers one coin at a time; entry ids are global and increasing, so a k-way merge
 * by id gives the whole ledger in order. Reads each coin page by page, only as far
 * as the merged page needs. `accept` filters entries (for example by kind).
 */
export class LedgerStream {
  private readonly buffers: Map<number, { items: LedgerRecord[]; page: number; done: boolean }>;

  constructor(
    coins: readonly number[],
    private readonly fetchPage: (coin: number, page: number) => Promise<LedgerPage>,
    private readonly accept: (record: LedgerRecord) => boolean = () => true,
  ) {
    this.buffers = new Map(coins.map((c) => [c, { items: [], page: 0, done: false }]));
  }

  private async fill(coin: number): Promise<void> {
    const buffer = this.buffers.get(coin)!;
    const answer = await this.fetchPage(coin, buffer.page + 1);
    buffer.page += 1;
    buffer.items.push(...answer.list.map((r) => ({ ...r, currency_id: r.currency_id ?? coin })));
    buffer.done = answer.list.length === 0 || buffer.page >= answer.pages;
  }

  /** The next `count` accepted entries, and whether more may follow. */
  async next(count: number): Promise<{ items: LedgerRecord[]; hasMore: boolean }> {
    const out: LedgerRecord[] = [];
    while (out.length < count) {
      const empty = [...this.buffers].filter(([, b]) => b.items.length === 0 && !b.done).map(([coin]) => coin);
      await Promise.all(empty.map((coin) => this.fill(coin)));
      let best: { items: LedgerRecord[] } | null = null;
      for (const b of this.buffers.values()) if (b.items.length > 0 && (!best || b.items[0]!.id > best.items[0]!.id)) best = b;
      if (!best) break;
      const record = best.items.shift()!;
      if (this.accept(record)) out.push(record);
    }
    return { items: out, hasMore: [...this.buffers.values()].some((b) => b.items.length > 0 || !b.done) };
  }
}
