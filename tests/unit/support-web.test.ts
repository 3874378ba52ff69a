import { describe, expect, it } from "vitest";
import type { SupportMessage } from "../../schema/api/support.ts";
import { waitState } from "../../web/src/features/support/console.ts";
import { addOutgoing, emptyChat, mergeMessages, setFailed } from "../../web/src/features/support/thread.ts";

const message = (id: number, sender: SupportMessage["sender"], clientId: string): SupportMessage => ({
  id,
  conversation_id: 7,
  sender,
  kind: "text",
  body: `m${id}`,
  client_id: clientId,
  created_at: 1_000 + id,
});

describe("support chat on the page", () => {
  it("keeps each stored message once, in id order, whether it came by page, frame or answer", () => {
    let s = mergeMessages(emptyChat, [message(3, "agent", "a"), message(1, "user", "u1")]);
    s = mergeMessages(s, [message(2, "user", "u2"), message(3, "agent", "a")]);
    expect(s.messages.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it("settles an outgoing message when the server's copy arrives, and keeps a failed one for a retry with its client id", () => {
    let s = addOutgoing(emptyChat, { clientId: "c-1", text: "hi", failed: false, content: { text: "hi" } });
    s = addOutgoing(s, { clientId: "c-2", text: "again", failed: false, content: { text: "again" } });
    s = setFailed(s, "c-2", true);
    expect(s.outgoing.map((o) => [o.clientId, o.failed])).toEqual([
      ["c-1", false],
      ["c-2", true],
    ]);
    // An agent message with the same client id (another sender's) settles nothing.
    s = mergeMessages(s, [message(9, "agent", "c-1")]);
    expect(s.outgoing).toHaveLength(2);
    s = mergeMessages(s, [message(10, "user", "c-1")]);
    expect(s.outgoing.map((o) => o.clientId)).toEqual(["c-2"]);
    expect(s.messages.map((m) => m.id)).toEqual([9, 10]);
  });

  it("highlights an open conversation once its wait passes the configured time, never a closed or answered one", () => {
    expect(waitState({ status: "open", waiting_since: 1_000 }, 120_000, 121_000)).toEqual({ waitedMs: 120_000, late: false });
    expect(waitState({ status: "open", waiting_since: 1_000 }, 120_000, 121_001)).toEqual({ waitedMs: 120_001, late: true });
    expect(waitState({ status: "open", waiting_since: null }, 120_000, 999_999)).toEqual({ waitedMs: 0, late: false });
    expect(waitState({ status: "closed", waiting_since: 1_000 }, 120_000, 999_999)).toEqual({ waitedMs: 0, late: false });
  });
});
