import { activity } from "./activity.ts";
import { auth } from "./auth.ts";
import { common } from "./common.ts";
import { content } from "./content.ts";
import { earn } from "./earn.ts";
import { follow } from "./follow.ts";
import { dual } from "./dual.ts";
import { contracts } from "./contracts.ts";
import { kyc } from "./kyc.ts";
import { market } from "./market.ts";
import { onramp } from "./onramp.ts";
import { money } from "./money.ts";
import { profile } from "./profile.ts";
import { seconds } from "./seconds.ts";
import { security } from "./security.ts";
import { support } from "./support.ts";

/**
 * All server messages by stable code. Each domain keeps its own file;
 * add it here. Codes are stable API: clients may branch on them.
 */
export const catalog = {
  ...common,
  ...activity,
  ...auth,
  ...content,
  ...earn,
  ...follow,
  ...dual,
  ...contracts,
  ...kyc,
  ...market,
  ...money,
  ...onramp,
  ...profile,
  ...seconds,
  ...security,
  ...support,
};

export type MessageCode = keyof typeof catalog;
