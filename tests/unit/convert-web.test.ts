import { describe, expect, it } from "vitest";
import { type Received, REQUOTE_CODES, confirmable, priceAgeSeconds, secondsLeft } from "../../web/src/features/market/convert.ts";

const AT = 1_800_000_000_000;
const received = (quote: boolean, priceAge = 1_500): Received => ({
  at: AT,
  fee: {
    form_price: "1",
    to_price: "3400",
    fee: "0.2",
    rate: "0.00029412",
    price_time: AT - priceAge,
    price_age: priceAge,
    quote: quote
      ? { quote_id: "q.sig", number: "340", fee_amount: "0.68", receive: "0.0998", expires_at: AT + 10_000, expires_in: 10_000 }
      : null,
  },
});

describe("the conversion page's quote clock (device time from when the answer arrived)", () => {
  it("counts down whole seconds, rounding up, and stops at 0", () => {
    expect(secondsLeft(received(true), AT)).toBe(10);
    expect(secondsLeft(received(true), AT + 1)).toBe(10);
    expect(secondsLeft(received(true), AT + 9_001)).toBe(1);
    expect(secondsLeft(received(true), AT + 10_000)).toBe(0);
    expect(secondsLeft(received(true), AT + 60_000)).toBe(0);
  });

  it("has no countdown without a locked quote", () => {
    expect(secondsLeft(received(false), AT)).toBeNull();
    expect(confirmable(received(false), AT)).toBe(false);
  });

  it("ages the prices from the server's age plus the time since the answer arrived", () => {
    expect(priceAgeSeconds(received(true, 1_500), AT)).toBe(1);
    expect(priceAgeSeconds(received(true, 1_500), AT + 2_600)).toBe(4);
    expect(priceAgeSeconds(received(true, 0), AT - 5_000)).toBe(0);
  });

  it("lets a quote be sent only with more than a second left for the round trip", () => {
    expect(confirmable(received(true), AT + 8_999)).toBe(true);
    expect(confirmable(received(true), AT + 9_000)).toBe(false);
    expect(confirmable(received(true), AT + 12_000)).toBe(false);
  });

  it("asks for a new quote after the refusals that end a quote", () => {
    expect([...REQUOTE_CODES].sort()).toEqual(["QUOTE_EXPIRED", "QUOTE_INVALID", "QUOTE_MOVED", "QUOTE_USED"]);
  });
});
