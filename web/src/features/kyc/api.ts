import type { IdType, KycStatus, RealStateAnswer } from "../../../../schema/api/kyc.ts";
import { get, post } from "../../lib/api.ts";

/** Identity verification calls (GET /real/state, POST /user/real). */

export type { IdType, KycStatus, RealStateAnswer };

export const ID_TYPE_OPTIONS: IdType[] = [0, 1, 2];

export const fetchRealState = () => get<RealStateAnswer>("/real/state", {}, { silent: true });

export const submitLv1 = (input: { id_type: IdType; name: string; card_id: string }) =>
  post<string>("/user/real", { real_type: "1", id_type: String(input.id_type), name: input.name, card_id: input.card_id });

export const submitLv2 = (input: { front_pic: string; reverse_pic: string }) =>
  post<string>("/user/real", { real_type: "2", front_pic: input.front_pic, reverse_pic: input.reverse_pic });
