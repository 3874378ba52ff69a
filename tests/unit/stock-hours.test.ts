import { describe, expect, it } from "vitest";
import { lastNyseOpen, newYorkOffsetHours, nyseSession } from "../../worker/domain/stocks/hours.ts";

const at = (iso: string) => Date.parse(iso);
const session = (iso: string) => {
  const s = nyseSession(at(iso));
  return { open: s.open, next: new Date(s.nextChange).toISOString() };
};

describe("NYSE hours", () => {
  it("opens at 09:30 and closes at 16:00 New York time, to the millisecond (winter, UTC−5)", () => {
    expect(session("2026-11-24T14:29:59.999Z")).toEqual({ open: false, next: "2026-11-24T14:30:00.000Z" });
    expect(session("2026-11-24T14:30:00.000Z")).toEqual({ open: true, next: "2026-11-24T21:00:00.000Z" });
    expect(session("2026-11-24T20:59:59.999Z")).toEqual({ open: true, next: "2026-11-24T21:00:00.000Z" });
    expect(session("2026-11-24T21:00:00.000Z")).toEqual({ open: false, next: "2026-11-25T14:30:00.000Z" });
  });

  it("follows daylight time (UTC−4) in summer", () => {
    expect(session("2026-07-07T13:29:59.999Z")).toEqual({ open: false, next: "2026-07-07T13:30:00.000Z" });
    expect(session("2026-07-07T13:30:00.000Z")).toEqual({ open: true, next: "2026-07-07T20:00:00.000Z" });
    expect(session("2026-07-07T20:00:00.000Z")).toEqual({ open: false, next: "2026-07-08T13:30:00.000Z" });
  });

  it("switches on the second Sunday of March and the first Sunday of November at 02:00 local", () => {
    // 2026: daylight time from Sunday 8 March 07:00 UTC to Sunday 1 November 06:00 UTC.
    expect(newYorkOffsetHours(at("2026-03-08T06:59:59.999Z"))).toBe(-5);
    expect(newYorkOffsetHours(at("2026-03-08T07:00:00.000Z"))).toBe(-4);
    expect(newYorkOffsetHours(at("2026-11-01T05:59:59.999Z"))).toBe(-4);
    expect(newYorkOffsetHours(at("2026-11-01T06:00:00.000Z"))).toBe(-5);
    // Friday before the March change opens at 14:30 UTC; the Monday after at 13:30 UTC.
    expect(session("2026-03-06T20:59:00Z")).toEqual({ open: true, next: "2026-03-06T21:00:00.000Z" });
    expect(session("2026-03-07T12:00:00Z")).toEqual({ open: false, next: "2026-03-09T13:30:00.000Z" });
    // Friday before the November change closes at 20:00 UTC; the next open, Monday, at 14:30 UTC.
    expect(session("2026-10-30T20:00:00Z")).toEqual({ open: false, next: "2026-11-02T14:30:00.000Z" });
    // 2027 changes on 14 March and 7 November.
    expect(newYorkOffsetHours(at("2027-03-14T07:00:00Z"))).toBe(-4);
    expect(newYorkOffsetHours(at("2027-11-07T06:00:00Z"))).toBe(-5);
  });

  it("is closed at weekends: Friday's close waits until Monday's open", () => {
    expect(session("2026-11-27T21:00:00Z")).toEqual({ open: false, next: "2026-11-30T14:30:00.000Z" });
    expect(session("2026-11-28T15:00:00Z")).toEqual({ open: false, next: "2026-11-30T14:30:00.000Z" });
    expect(session("2026-11-29T23:59:59Z")).toEqual({ open: false, next: "2026-11-30T14:30:00.000Z" });
    // Sunday evening in New York is already Monday in UTC, still closed.
    expect(session("2026-11-30T03:00:00Z")).toEqual({ open: false, next: "2026-11-30T14:30:00.000Z" });
  });

  it("names the session the current or last prices belong to", () => {
    expect(new Date(lastNyseOpen(at("2026-11-24T15:00:00Z"))).toISOString()).toBe("2026-11-24T14:30:00.000Z");
    expect(new Date(lastNyseOpen(at("2026-11-24T14:00:00Z"))).toISOString()).toBe("2026-11-23T14:30:00.000Z");
    expect(new Date(lastNyseOpen(at("2026-11-29T12:00:00Z"))).toISOString()).toBe("2026-11-27T14:30:00.000Z");
    expect(new Date(lastNyseOpen(at("2026-03-09T13:30:00Z"))).toISOString()).toBe("2026-03-09T13:30:00.000Z");
  });
});
