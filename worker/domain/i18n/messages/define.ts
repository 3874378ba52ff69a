import type { Lang } from "../../../../schema/api/lang.ts";

/** Every server message must exist in all nine languages; the type makes a missing one a compile error. */
export type Messages = Record<string, Record<Lang, string>>;
export const defineMessages = <const M extends Messages>(messages: M): M => messages;
