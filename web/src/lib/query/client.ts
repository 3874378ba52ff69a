import { ApiFailure } from "../api.ts";

/**
 * The one keyed cache of server state. A key names what was read (["wallet", owner],
 * ["market", "BTC-USDT", "depth"]); its entry holds the last answer, the last failure
 * and the request in flight. Calls for a key that is being read share that request;
 * an answer that arrives after a newer request for its key is dropped, and writes
 * made while a request was on its way (live frames) are laid over its answer;
 * `invalidate(prefix)` marks entries stale and reads the mounted ones again;
 * `clear()` forgets everything (a session change), dropping answers still on their way;
 * mounted readers then see an empty entry and read it again (with the new session).
 * A read that fails without an answer or with a 5xx is tried once more before the
 * failure reaches the page (reads only: writes go through `mutation`, never here).
 */

export type QueryKey = readonly (string | number | boolean | null | undefined)[];

export type QueryState<T> = {
  data: T | undefined;
  error: ApiFailure | undefined;
  /** A request for this key is on its way. */
  fetching: boolean;
  /** When the request whose answer `data` is was sent (ms); 0 before any answer. */
  requestedAt: number;
};

export type FetchOptions = {
  /** How long an answer counts as fresh (ms): a read within it is answered from the cache. 0 reads every time. */
  staleTime?: number;
  /** Read now even when fresh (a newer request supersedes one in flight). */
  force?: boolean;
  /** A one-off read (say, a further page): not the loader an invalidation repeats. */
  once?: boolean;
};

type Entry = {
  key: QueryKey;
  state: QueryState<unknown>;
  /** When `data` was stored; 0 once invalidated. */
  storedAt: number;
  /** Bumped by every request: only the newest may store its answer. */
  seq: number;
  inFlight: Promise<unknown> | null;
  /** Writes made since the request in flight was sent, applied again to its answer (which predates them). */
  replay: ((data: unknown) => unknown)[];
  /** The last loader used for this key, so an invalidation can read it again. */
  load: (() => Promise<unknown>) | null;
  staleTime: number;
};

export const hashKey = (key: QueryKey): string => JSON.stringify(key);

/** Whether `key` starts with every part of `prefix` (["wallet"] matches ["wallet", "abc"]). */
export const keyStartsWith = (key: QueryKey, prefix: QueryKey): boolean =>
  prefix.length <= key.length && prefix.every((part, i) => part === key[i]);

const asFailure = (error: unknown) => (error instanceof ApiFailure ? error : new ApiFailure(String(error), "network"));

/**
 * A failure worth one more try: the request never got an answer, or the server (or a
 * proxy in front of it) failed with a 5xx. A refusal (4xx), an ended session and a
 * timeout (a minute already waited) are answers, so they are shown at once.
 */
const transient = (failure: ApiFailure) => failure.kind === "network" || (failure.status ?? 0) >= 500;

/** How long a read waits before its one retry: long enough for a dropped connection to be replaced. */
const RETRY_DELAY_MS = 400;

const EMPTY: QueryState<never> = Object.freeze({ data: undefined, error: undefined, fetching: false, requestedAt: 0 });

export class QueryClient {
  private entries = new Map<string, Entry>();
  /** Readers per key, kept apart from the entries so they outlive clear(). */
  private listeners = new Map<string, Set<() => void>>();
  /** Bumped by clear(): answers to requests sent before it are dropped. */
  private generation = 0;

  constructor(
    private now: () => number = Date.now,
    private retryDelayMs = RETRY_DELAY_MS,
  ) {}

  /** Reads once more after a transient failure (unless a newer request or clear() made this one moot). */
  private async loadWithRetry<T>(load: () => Promise<T>, current: () => boolean): Promise<T> {
    try {
      return await load();
    } catch (error) {
      const failure = asFailure(error);
      if (!transient(failure) || !current()) throw failure;
      await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs));
      if (!current()) throw failure;
      return load();
    }
  }

  private entry(key: QueryKey): Entry {
    const hash = hashKey(key);
    let entry = this.entries.get(hash);
    if (!entry) {
      entry = { key, state: EMPTY, storedAt: 0, seq: 0, inFlight: null, replay: [], load: null, staleTime: 0 };
      this.entries.set(hash, entry);
    }
    return entry;
  }

  private update(entry: Entry, patch: Partial<QueryState<unknown>>): void {
    entry.state = { ...entry.state, ...patch };
    this.notify(hashKey(entry.key));
  }

  private notify(hash: string): void {
    for (const listener of [...(this.listeners.get(hash) ?? [])]) listener();
  }

  /** The current state of a key (the same object until it changes, as useSyncExternalStore needs). */
  get<T>(key: QueryKey): QueryState<T> {
    return (this.entries.get(hashKey(key))?.state ?? EMPTY) as QueryState<T>;
  }

  /** Calls `listener` whenever the key's state changes; a subscribed key counts as mounted. */
  subscribe(key: QueryKey, listener: () => void): () => void {
    const hash = hashKey(key);
    let set = this.listeners.get(hash);
    if (!set) this.listeners.set(hash, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(hash) === set) this.listeners.delete(hash);
    };
  }

  /** Whether the stored answer is still fresh for this staleTime. */
  isFresh(key: QueryKey, staleTime: number): boolean {
    const entry = this.entries.get(hashKey(key));
    return !!entry && entry.storedAt > 0 && entry.state.data !== undefined && this.now() - entry.storedAt < staleTime;
  }

  /**
   * The key's data: from the cache while fresh, else from `load` (one request for
   * everyone asking meanwhile). Failures are stored on the entry and rethrown.
   */
  fetch<T>(key: QueryKey, load: () => Promise<T>, options: FetchOptions = {}): Promise<T> {
    const entry = this.entry(key);
    if (!options.once) entry.load = load;
    if (options.staleTime !== undefined) entry.staleTime = options.staleTime;
    if (!options.force) {
      if (this.isFresh(key, entry.staleTime)) return Promise.resolve(entry.state.data as T);
      if (entry.inFlight) return entry.inFlight as Promise<T>;
    }
    const mine = ++entry.seq;
    entry.replay = [];
    const generation = this.generation;
    const sentAt = this.now();
    const current = () => mine === entry.seq && generation === this.generation;
    const request = (async () => {
      try {
        const answer = await this.loadWithRetry(load, current);
        if (!current()) return answer;
        const data = entry.replay.reduce((d, write) => write(d), answer as unknown) as T;
        entry.replay = [];
        entry.storedAt = this.now();
        entry.inFlight = null;
        this.update(entry, { data, error: undefined, fetching: false, requestedAt: sentAt });
        return data;
      } catch (error) {
        const failure = asFailure(error);
        if (current()) {
          entry.inFlight = null;
          this.update(entry, { error: failure, fetching: false });
        }
        throw failure;
      }
    })();
    entry.inFlight = request;
    if (!entry.state.fetching) this.update(entry, { fetching: true });
    return request;
  }

  /**
   * Writes a key's data directly (a live frame, a confirmed change). The write is newer
   * than any answer still on its way for the key, so it is applied to that answer too
   * when it comes. It does not make the key fresh: a first read still happens.
   */
  setData<T>(key: QueryKey, updater: (current: T | undefined) => T | undefined): void {
    const entry = this.entry(key);
    if (entry.inFlight) entry.replay.push(updater as (data: unknown) => unknown);
    const data = updater(entry.state.data as T | undefined);
    if (data !== entry.state.data) this.update(entry, { data });
  }

  /**
   * Marks every key under `prefix` stale; the ones mounted now are read again at once
   * (the others on their next read). Resolves when those reads are done.
   */
  async invalidate(prefix: QueryKey): Promise<void> {
    const reads: Promise<unknown>[] = [];
    for (const entry of this.entries.values()) {
      if (!keyStartsWith(entry.key, prefix)) continue;
      entry.storedAt = 0;
      if (this.listeners.has(hashKey(entry.key)) && entry.load)
        reads.push(this.fetch(entry.key, entry.load, { force: true }).catch(() => undefined));
    }
    await Promise.all(reads);
  }

  /**
   * Forgets every answer (log-out or another log-in). Requests on their way are
   * dropped when they answer; mounted readers are told, so they read again under their
   * current key (never the old loader, which may belong to the previous session).
   */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    for (const hash of [...this.listeners.keys()]) this.notify(hash);
  }
}

/** The app's one cache. */
export const queryClient = new QueryClient();

/** What a page reads: the key, the loader and how long its answers stay fresh. */
export type QueryDef<T> = { key: QueryKey; load: () => Promise<T>; staleTime?: number };
