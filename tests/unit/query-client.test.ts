import { describe, expect, it } from "vitest";
import { ApiFailure } from "../../web/src/lib/api.ts";
import { keyStartsWith, QueryClient, queryClient } from "../../web/src/lib/query/client.ts";
import { mutation } from "../../web/src/lib/query/mutation.ts";

/** A loader whose answers the test releases by hand, in any order. */
function manual<T>() {
  const calls: { resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  const load = () => new Promise<T>((resolve, reject) => calls.push({ resolve, reject }));
  return { load, calls };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

function clientAt(start = 1_000, retryDelayMs = 0) {
  const clock = { now: start };
  return { client: new QueryClient(() => clock.now, retryDelayMs), clock };
}

/** A loader that fails with each of `failures` in turn, then answers `answer`; counts its calls. */
function failingFirst<T>(failures: unknown[], answer: T) {
  let calls = 0;
  const load = () => {
    const failure = failures[calls++];
    return failure === undefined ? Promise.resolve(answer) : Promise.reject(failure);
  };
  return { load, calls: () => calls };
}

describe("the keyed query cache", () => {
  it("shares one request between everyone asking for a key while it is on its way", async () => {
    const { client } = clientAt();
    const { load, calls } = manual<string>();
    const a = client.fetch(["wallet", "t1"], load);
    const b = client.fetch(["wallet", "t1"], load);
    expect(calls).toHaveLength(1);
    expect(client.get(["wallet", "t1"]).fetching).toBe(true);
    calls[0]!.resolve("figures");
    expect(await a).toBe("figures");
    expect(await b).toBe("figures");
    expect(client.get(["wallet", "t1"])).toEqual({ data: "figures", error: undefined, fetching: false, requestedAt: 1_000 });
  });

  it("answers from the cache within the key's stale time (the wallet's 30 s) and reads again after it", async () => {
    const { client, clock } = clientAt();
    let n = 0;
    const load = async () => `answer ${++n}`;
    expect(await client.fetch(["wallet", "t1"], load, { staleTime: 30_000 })).toBe("answer 1");
    clock.now += 29_999;
    expect(await client.fetch(["wallet", "t1"], load)).toBe("answer 1");
    clock.now += 1;
    expect(await client.fetch(["wallet", "t1"], load)).toBe("answer 2");
    expect(await client.fetch(["wallet", "t1"], load, { force: true })).toBe("answer 3");
  });

  it("drops an answer that arrives after a newer request for the same key", async () => {
    const { client } = clientAt();
    const { load, calls } = manual<string>();
    void client.fetch(["orders"], load);
    void client.fetch(["orders"], load, { force: true });
    calls[1]!.resolve("newer");
    await tick();
    calls[0]!.resolve("older");
    await tick();
    expect(client.get(["orders"]).data).toBe("newer");
  });

  it("keeps the last answer when a read fails, and exposes the failure for the page's error state", async () => {
    const { client } = clientAt();
    await client.fetch(["coins"], async () => ["USDT"]);
    const failure = new ApiFailure("Network error", "network");
    await expect(client.fetch(["coins"], () => Promise.reject(failure), { force: true })).rejects.toBe(failure);
    expect(client.get(["coins"])).toMatchObject({ data: ["USDT"], error: failure, fetching: false });
    await expect(client.fetch(["other"], () => Promise.reject(new Error("boom")))).rejects.toBeInstanceOf(ApiFailure);
    expect(client.get(["other"]).error?.kind).toBe("network");
  });

  it("tries a read once more when it got no answer or a 5xx, and shows the second failure if that fails too", async () => {
    const { client } = clientAt();
    const dropped = failingFirst([new ApiFailure("Network error", "network")], ["USDT"]);
    await expect(client.fetch(["coins"], dropped.load)).resolves.toEqual(["USDT"]);
    expect(dropped.calls()).toBe(2);
    expect(client.get(["coins"])).toMatchObject({ data: ["USDT"], error: undefined, fetching: false });

    const proxy = failingFirst([new ApiFailure("Data format error", "format", undefined, 500)], { total: "1" });
    await expect(client.fetch(["wallet"], proxy.load)).resolves.toEqual({ total: "1" });
    expect(proxy.calls()).toBe(2);

    const down = new ApiFailure("Server error", "error", undefined, 503);
    const twice = failingFirst([down, down], "never");
    await expect(client.fetch(["news"], twice.load)).rejects.toBe(down);
    expect(twice.calls()).toBe(2);
    expect(client.get(["news"]).error).toBe(down);
  });

  it("shows a refusal, an ended session and a timeout at once, without a second try", async () => {
    const { client } = clientAt();
    for (const failure of [
      new ApiFailure("Not found", "error", "NOT_FOUND", 404),
      new ApiFailure("Please log in", "999", "", 401),
      new ApiFailure("Timed out", "timeout"),
    ]) {
      const load = failingFirst([failure], "never");
      await expect(client.fetch(["page", failure.kind], load.load)).rejects.toBe(failure);
      expect(load.calls()).toBe(1);
    }
  });

  it("does not retry a read that a log-out or a newer read made moot while it waited", async () => {
    const { client } = clientAt(1_000, 20);
    const old = failingFirst([new ApiFailure("Network error", "network")], "old session's answer");
    const read = client.fetch(["wallet"], old.load);
    await tick(); // the first try has failed and the retry is waiting
    client.clear();
    await expect(read).rejects.toMatchObject({ kind: "network" });
    expect(old.calls()).toBe(1);
    expect(client.get(["wallet"]).data).toBeUndefined();

    const first = failingFirst([new ApiFailure("Network error", "network")], "older");
    const superseded = client.fetch(["orders"], first.load);
    await expect(client.fetch(["orders"], async () => "newer", { force: true })).resolves.toBe("newer");
    await expect(superseded).rejects.toMatchObject({ kind: "network" });
    expect(first.calls()).toBe(1);
    expect(client.get(["orders"]).data).toBe("newer");
  });

  it("invalidate(prefix) reads the mounted keys under it again at once and leaves the others stale for their next read", async () => {
    const { client } = clientAt();
    const reads = { mounted: 0, unmounted: 0, other: 0 };
    const mounted = async () => ++reads.mounted;
    const unmounted = async () => ++reads.unmounted;
    const other = async () => ++reads.other;
    await client.fetch(["wallet", "t1"], mounted, { staleTime: 60_000 });
    await client.fetch(["wallet", "t2"], unmounted, { staleTime: 60_000 });
    await client.fetch(["coins"], other, { staleTime: 60_000 });
    const seen: number[] = [];
    client.subscribe(["wallet", "t1"], () => seen.push(client.get<number>(["wallet", "t1"]).data ?? -1));
    await client.invalidate(["wallet"]);
    expect(reads).toEqual({ mounted: 2, unmounted: 1, other: 1 });
    expect(client.get(["wallet", "t1"]).data).toBe(2);
    expect(seen.at(-1)).toBe(2);
    expect(client.isFresh(["wallet", "t2"], 60_000)).toBe(false);
    expect(client.isFresh(["coins"], 60_000)).toBe(true);
    expect(await client.fetch(["wallet", "t2"], unmounted)).toBe(2);
  });

  it("a one-off read (a further page) is not what an invalidation repeats", async () => {
    const { client } = clientAt();
    const pages: number[] = [];
    await client.fetch(["ledger"], async () => (pages.push(1), "page 1"));
    await client.fetch(["ledger"], async () => (pages.push(2), "pages 1-2"), { force: true, once: true });
    client.subscribe(["ledger"], () => undefined);
    await client.invalidate(["ledger"]);
    expect(pages).toEqual([1, 2, 1]);
    expect(client.get(["ledger"]).data).toBe("page 1");
  });

  it("clear() forgets every answer, drops answers still on their way, and tells mounted readers", async () => {
    const { client } = clientAt();
    await client.fetch(["wallet", "alice"], async () => "alice's figures");
    const { load, calls } = manual<string>();
    void client.fetch(["ledger", "alice"], load);
    let told = 0;
    client.subscribe(["wallet", "alice"], () => told++);
    client.clear();
    expect(told).toBe(1);
    expect(client.get(["wallet", "alice"]).data).toBeUndefined();
    calls[0]!.resolve("alice's ledger");
    await tick();
    expect(client.get(["ledger", "alice"]).data).toBeUndefined();
    expect(client.get(["ledger", "alice"]).fetching).toBe(false);
  });

  it("a live write made while a read is on its way is laid over that read's answer", async () => {
    const { client } = clientAt();
    const { load, calls } = manual<string[]>();
    void client.fetch(["trades"], load);
    client.setData<string[]>(["trades"], (list) => [...(list ?? []), "live"]);
    expect(client.get(["trades"]).data).toEqual(["live"]);
    calls[0]!.resolve(["history"]);
    await tick();
    expect(client.get(["trades"]).data).toEqual(["history", "live"]);
    // A later read starts from the server's state again: the writes before it are not replayed.
    const next = manual<string[]>();
    void client.fetch(["trades"], next.load, { force: true });
    next.calls[0]!.resolve(["history", "live"]);
    await tick();
    expect(client.get(["trades"]).data).toEqual(["history", "live"]);
  });

  it("a live write does not count as a fresh read", async () => {
    const { client } = clientAt();
    client.setData(["depth"], () => "frame");
    expect(client.isFresh(["depth"], 60_000)).toBe(false);
    expect(await client.fetch(["depth"], async () => "read", { staleTime: 60_000 })).toBe("read");
  });

  it("matches keys by prefix, part by part", () => {
    expect(keyStartsWith(["wallet", "t1"], ["wallet"])).toBe(true);
    expect(keyStartsWith(["wallet", "t1"], ["wallet", "t1"])).toBe(true);
    expect(keyStartsWith(["wallet"], ["wallet", "t1"])).toBe(false);
    expect(keyStartsWith(["wallets", "t1"], ["wallet"])).toBe(false);
    expect(keyStartsWith(["market", "BTC-USDT", "candles", "1min"], ["market", "BTC-USDT"])).toBe(true);
  });
});

describe("a money action through the mutation helper", () => {
  it("invalidates the keys it changed once it succeeded, so mounted pages read them again", async () => {
    let balance = 100;
    await queryClient.fetch(["wallet", "owner"], async () => balance, { staleTime: 30_000 });
    await queryClient.fetch(["coins"], async () => "coins", { staleTime: 30_000 });
    queryClient.subscribe(["wallet", "owner"], () => undefined);
    const transfer = mutation(
      async (amount: number) => {
        balance -= amount;
        return "Transfer successful";
      },
      [["wallet"], ["ledger"]],
    );
    expect(await transfer(30)).toBe("Transfer successful");
    await tick();
    expect(queryClient.get(["wallet", "owner"]).data).toBe(70);
    expect(queryClient.isFresh(["coins"], 30_000)).toBe(true);
  });

  it("changes nothing in the cache when the server refused it", async () => {
    await queryClient.fetch(["wallet", "refused"], async () => 5, { staleTime: 30_000 });
    const refuse = mutation(() => Promise.reject(new ApiFailure("Insufficient balance", "error", "INSUFFICIENT_BALANCE")), [["wallet"]]);
    await expect(refuse()).rejects.toMatchObject({ code: "INSUFFICIENT_BALANCE" });
    expect(queryClient.isFresh(["wallet", "refused"], 30_000)).toBe(true);
  });

  it("may name the keys from its arguments", async () => {
    await queryClient.fetch(["orders", "BTC"], async () => "btc orders", { staleTime: 30_000 });
    await queryClient.fetch(["orders", "ETH"], async () => "eth orders", { staleTime: 30_000 });
    const cancel = mutation(
      async (symbol: string) => symbol,
      (symbol) => [["orders", symbol]],
    );
    await cancel("BTC");
    expect(queryClient.isFresh(["orders", "BTC"], 30_000)).toBe(false);
    expect(queryClient.isFresh(["orders", "ETH"], 30_000)).toBe(true);
  });
});
