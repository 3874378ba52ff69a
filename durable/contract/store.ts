import type { SqlDriver } from "../common/sql.ts";
import type { Fired, TriggerKind } from "./book.ts";

/**
 * The contract object's own storage: the outbox of fired triggers waiting for D1 settlement and the trail cursor
 * (the time of the last tick evaluated). A tick's triggers and the cursor past it are written in one transaction,
 * so after a crash a tick is either fully recorded or evaluated again, never half.
 */

export type OutboxRow = Fired & { seq: number };

export class ContractStore {
  private readonly sql: SqlDriver;

  constructor(sql: SqlDriver) {
    this.sql = sql;
    sql.run(
      `CREATE TABLE IF NOT EXISTS outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, position INTEGER NOT NULL, user_id INTEGER NOT NULL,
        kind TEXT NOT NULL, price TEXT NOT NULL, at INTEGER NOT NULL)`,
    );
    sql.run(`CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL)`);
  }

  cursor(): number | null {
    const row = this.sql.raw(`SELECT v FROM meta WHERE k = 'cursor'`)[0];
    return row ? Number(row[0]) : null;
  }

  setCursor(time: number): void {
    this.sql.run(`INSERT INTO meta (k, v) VALUES ('cursor', ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v`, String(time));
  }

  /** The fired triggers of the ticks up to `cursor`, and the cursor, in one transaction. */
  record(fired: readonly Fired[], cursor: number): void {
    this.sql.transaction(() => {
      for (const f of fired) {
        this.sql.run(
          `INSERT INTO outbox (position, user_id, kind, price, at) VALUES (?, ?, ?, ?, ?)`,
          f.id,
          f.userId,
          f.kind,
          f.price,
          f.at,
        );
      }
      this.setCursor(cursor);
    });
  }

  outbox(limit: number): OutboxRow[] {
    return this.sql
      .raw(`SELECT seq, position, user_id, kind, price, at FROM outbox ORDER BY seq LIMIT ?`, limit)
      .map(([seq, id, userId, kind, price, at]) => ({
        seq: seq as number,
        id: id as number,
        userId: userId as number,
        kind: kind as TriggerKind,
        price: price as string,
        at: at as number,
      }));
  }

  outboxSize(): number {
    return Number(this.sql.raw(`SELECT count(*) FROM outbox`)[0]![0]);
  }

  /** Positions with a fired trigger not yet settled: the book leaves them out until D1 has it. */
  pendingPositions(): Set<number> {
    return new Set(this.sql.raw(`SELECT DISTINCT position FROM outbox`).map((r) => r[0] as number));
  }

  remove(seqs: readonly number[]): void {
    if (seqs.length === 0) return;
    this.sql.transaction(() => {
      for (const seq of seqs) this.sql.run(`DELETE FROM outbox WHERE seq = ?`, seq);
    });
  }
}
