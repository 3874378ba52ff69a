/**
 * The response envelope shared by worker and web (README, "Design": API contract).
 * "999": missing or invalid session. "998": identity verification must come first.
 */
export type OkEnvelope<T> = { type: "ok"; message: T };
export type ErrorEnvelope = { type: "error" | "999" | "998"; message: string; code: string; request_id?: string };
export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;
/** /currency/new_timeshar keeps the original client's shape. */
export type CodeEnvelope<T> = { code: 1 | -1; msg: string; data: T };
