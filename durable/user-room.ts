import { Server } from "partyserver";

/** Private per-user room: pushes the unread-message count. */
export class UserRoom extends Server<Cloudflare.Env> {}
