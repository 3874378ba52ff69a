import { inArray } from "drizzle-orm";
import type { UserRoom } from "../rooms/user-room.ts";
import { users } from "../../schema/db/index.ts";
import type { Env } from "../../worker/domain/env.ts";
import type { Db } from "../../worker/domain/db.ts";
import { log } from "../../worker/domain/log.ts";

/**
 * Sends frames (serialised UserRoomOutbound, e.g. `{type:"order", order}`) to
 * users' rooms, which are named by the public uid. `uids` caches user id → uid
 * (it never changes) so a busy market reads it once per user. One RPC per user;
 * never throws: a lost push only delays the update until the next list or change.
 */
export async function pushToUsers(env: Env, db: Db, byUser: Map<number, string[]>, uids: Map<number, string>): Promise<void> {
  if (byUser.size === 0) return;
  try {
    const missing = [...byUser.keys()].filter((id) => !uids.has(id));
    for (let i = 0; i < missing.length; i += 80) {
      const rows = await db
        .select({ id: users.id, uid: users.uid })
        .from(users)
        .where(inArray(users.id, missing.slice(i, i + 80)));
      for (const r of rows) uids.set(r.id, r.uid);
    }
    const rooms = env.UserRoom as DurableObjectNamespace<UserRoom>;
    await Promise.allSettled(
      [...byUser].flatMap(([id, frames]) => {
        const uid = uids.get(id);
        return uid ? [rooms.getByName(uid).pushFrames(frames)] : [];
      }),
    );
  } catch (err) {
    log("warn", { event: "order_push_failed", error: String(err) });
  }
}
