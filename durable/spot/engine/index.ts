/**
 * The matching engine of one market: pure TypeScript, integers only (prices in ticks, quantities in
 * lots), deterministic. A Market Durable Object holds one MatchingEngine, feeds it commands
 * (place, cancel, move, reduce), persists the events it emits through an EngineSink (EventLog turns
 * them into objects) and rebuilds it on wake-up with restore(snapshot) or loadResting(rows).
 * units.ts converts the market's decimal strings to and from ticks and lots.
 */
export { MatchingEngine } from "./engine.ts";
export type { EngineOptions } from "./engine.ts";
export { EventLog, NULL_SINK } from "./events.ts";
export * from "../../../worker/domain/markets/units.ts";
export type * from "./types.ts";
