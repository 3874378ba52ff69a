import type { IdType, KycStatus, RealStateAnswer } from "../../../../schema/api/kyc.ts";
import { get, post, type RequestOptions } from "../../lib/api.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";

/** Identity verification calls (GET /real/state, POST /user/real). */

export type { IdType, KycStatus, RealStateAnswer };

export const ID_TYPE_OPTIONS: IdType[] = [0, 1, 2];

export const fetchRealState = () => get<RealStateAnswer>("/real/state", {}, { silent: true });
export const realStateQuery = (owner: string): QueryDef<RealStateAnswer> => ({ key: [Q.kyc, owner], load: fetchRealState });

/** A submission changes the verification state and the profile's level. */
const KYC_KEYS = [[Q.kyc], [Q.user]];

export const submitLv1 = mutation(
  (input: { id_type: IdType; name: string; card_id: string }, options: RequestOptions = {}) =>
    post<string>("/user/real", { real_type: "1", id_type: String(input.id_type), name: input.name, card_id: input.card_id }, options),
  KYC_KEYS,
);

export const submitLv2 = mutation(
  (input: { front_pic: string; reverse_pic: string }, options: RequestOptions = {}) =>
    post<string>("/user/real", { real_type: "2", front_pic: input.front_pic, reverse_pic: input.reverse_pic }, options),
  KYC_KEYS,
);
