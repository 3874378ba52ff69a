import { describe, expect, it, vi } from "vitest";
import { publishUserRoomFrame, subscribeParsedUserRoom } from "../../web/src/lib/user-room-bus.ts";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("subscribeParsedUserRoom", () => {
  it("loads its parser only for the frame types it names; the unread count and pong never load it", async () => {
    const load = vi.fn(async () => ({ parse: (data: unknown) => JSON.parse(String(data)) as { type: string } }));
    const seen: string[] = [];
    const stop = subscribeParsedUserRoom(load, ["seconds_result"], ({ parse }, data) => seen.push(parse(data).type));
    publishUserRoomFrame(JSON.stringify({ type: "unread", count: 2 }));
    publishUserRoomFrame(JSON.stringify({ type: "pong" }));
    publishUserRoomFrame("not json");
    publishUserRoomFrame(new ArrayBuffer(4));
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(seen).toEqual([]);

    publishUserRoomFrame(JSON.stringify({ type: "seconds_result", order: {} }));
    publishUserRoomFrame(JSON.stringify({ type: "pong" }));
    publishUserRoomFrame(JSON.stringify({ type: "seconds_result", order: {} }));
    await settle();
    expect(load).toHaveBeenCalled();
    expect(seen).toEqual(["seconds_result", "seconds_result"]);

    stop();
    publishUserRoomFrame(JSON.stringify({ type: "seconds_result", order: {} }));
    await settle();
    expect(seen).toHaveLength(2);
  });
});
