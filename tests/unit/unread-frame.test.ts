import { describe, expect, it } from "vitest";
import { MAX_FRAME_CHARS } from "../../schema/api/frame-text.ts";
import { unreadOf } from "../../web/src/features/messages/unread-frame.ts";

describe("the user room's unread count, read without zod", () => {
  it("reads the count of an unread frame", () => {
    expect(unreadOf('{"type":"unread","count":3}')).toBe(3);
    expect(unreadOf('{"type":"unread","count":0}')).toBe(0);
  });

  it("is null for other frames and for counts that are not whole and non-negative", () => {
    for (const text of [
      '{"type":"pong"}',
      '{"type":"order","order":{"id":1}}',
      '{"type":"unread"}',
      '{"type":"unread","count":-1}',
      '{"type":"unread","count":1.5}',
      '{"type":"unread","count":"3"}',
      '{"type":"unread","count":1e999}',
      "null",
      "[1]",
      "not json",
    ]) {
      expect(unreadOf(text), text).toBeNull();
    }
    expect(unreadOf(undefined)).toBeNull();
    expect(unreadOf(`{"type":"unread","count":1,"pad":"${"x".repeat(MAX_FRAME_CHARS)}"}`)).toBeNull();
  });
});
