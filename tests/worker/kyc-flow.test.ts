import { describe, expect, it } from "vitest";
import type { RealStateAnswer } from "../../schema/api/kyc.ts";
import { api } from "./helpers.ts";
import { auditRows, boundUser, latestSubmissionId, notificationsOf, operatorUser, uploadFor } from "./kyc-support.ts";

const state = async (token: string) => {
  const res = await api<RealStateAnswer>("/real/state", { token });
  expect(res.status).toBe(200);
  return res.body.message;
};

describe("identity verification, end to end", () => {
  it("Lv1 → operator approves → Lv2 → operator rejects with a reason → resubmit → approved", async () => {
    const [user, operator] = await Promise.all([boundUser(), operatorUser()]);

    // Nothing submitted yet.
    expect(await state(user.token)).toEqual({
      real_status: 0,
      level: 0,
      status: "noaudit",
      lv1: { status: "noaudit", name: "", id_type: null, card_id: "", reason: "" },
      lv2: { status: "noaudit", front_pic: "", reverse_pic: "", reason: "" },
    });

    // Lv1, in Chinese: the answer is translated, the ID number is stored normalised and shown masked.
    const lv1 = await api("/user/real", {
      token: user.token,
      form: { real_type: "1", id_type: "1", name: "  Li Na ", card_id: "e1234-5678", lang: "zh" },
    });
    expect(lv1.status).toBe(200);
    expect(lv1.body).toEqual({ type: "ok", message: "提交成功，请等待审核" });
    let s = await state(user.token);
    expect(s).toMatchObject({ real_status: 1, level: 0, status: "auditing" });
    expect(s.lv1).toEqual({ status: "auditing", name: "Li Na", id_type: 1, card_id: "E1*****78", reason: "" });

    // Lv2 cannot start before Lv1 passed, nor while Lv1 is under review.
    const early = await api("/user/real", {
      token: user.token,
      form: { real_type: "2", front_pic: await uploadFor(user.id), reverse_pic: await uploadFor(user.id) },
    });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("KYC_UNDER_REVIEW");

    // The operator sees it in the queue and approves.
    const queue = await api<{ data: { id: number; user_id: number; card_id: string; level: number }[]; total: number }>(
      "/admin/kyc?status=auditing",
      {
        token: operator.token,
      },
    );
    expect(queue.status).toBe(200);
    const item = queue.body.message.data.find((r) => r.user_id === user.id);
    expect(item).toMatchObject({ level: 1, card_id: "E12345678" });
    const approve = await api("/admin/kyc/approve", { token: operator.token, form: { id: String(item!.id) } });
    expect(approve.status).toBe(200);
    s = await state(user.token);
    expect(s).toMatchObject({ real_status: 2, level: 1, status: "hasaudit", lv1: { status: "hasaudit" } });

    // The user is told, in the language of the submission.
    expect(await notificationsOf(user.id)).toEqual([{ title: "身份认证已通过", content: "您的Lv1身份认证已审核通过。" }]);

    // Lv2 with two private photos of the user's own.
    const front = await uploadFor(user.id);
    const back = await uploadFor(user.id);
    const lv2 = await api("/user/real", {
      token: user.token,
      form: { real_type: "2", front_pic: `https://example.test${front}`, reverse_pic: back },
    });
    expect(lv2.status).toBe(200);
    s = await state(user.token);
    expect(s).toMatchObject({ real_status: 1, level: 1, status: "auditing" });
    expect(s.lv2).toEqual({ status: "auditing", front_pic: front, reverse_pic: back, reason: "" });

    // The queue carries the photo links; the operator rejects with a reason.
    const queue2 = await api<{ data: { id: number; front_pic: string; reverse_pic: string }[] }>("/admin/kyc", { token: operator.token });
    const lv2Item = queue2.body.message.data.find((r) => r.front_pic === front);
    expect(lv2Item).toMatchObject({ front_pic: front, reverse_pic: back });
    const noReason = await api("/admin/kyc/reject", { token: operator.token, form: { id: String(lv2Item!.id), reason: "   " } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.code).toBe("KYC_REASON_REQUIRED");
    const reject = await api("/admin/kyc/reject", { token: operator.token, form: { id: String(lv2Item!.id), reason: "Photo is blurry" } });
    expect(reject.status).toBe(200);
    s = await state(user.token);
    expect(s).toMatchObject({ real_status: 3, level: 1, status: "failed" });
    expect(s.lv2).toMatchObject({ status: "failed", reason: "Photo is blurry" });
    // The English submission gets an English notification naming the reason.
    expect((await notificationsOf(user.id)).at(-1)).toEqual({
      title: "Identity verification not approved",
      content: "Your Lv2 identity verification was not approved. Reason: Photo is blurry. You can correct it and submit again.",
    });

    // A failed level can be submitted again, and this time it passes.
    const front2 = await uploadFor(user.id);
    const back2 = await uploadFor(user.id);
    const again = await api("/user/real", { token: user.token, form: { real_type: "2", front_pic: front2, reverse_pic: back2 } });
    expect(again.status).toBe(200);
    expect((await state(user.token)).lv2).toEqual({ status: "auditing", front_pic: front2, reverse_pic: back2, reason: "" });
    const approve2 = await api("/admin/kyc/approve", { token: operator.token, form: { id: String(await latestSubmissionId(user.id)) } });
    expect(approve2.status).toBe(200);
    expect(await state(user.token)).toMatchObject({ real_status: 2, level: 2, status: "hasaudit", lv2: { status: "hasaudit" } });

    // Nothing more to submit at a level already passed.
    const lv1Again = await api("/user/real", {
      token: user.token,
      form: { real_type: "1", id_type: "0", name: "Li Na", card_id: "E12345678" },
    });
    expect(lv1Again.status).toBe(409);
    expect(lv1Again.body.code).toBe("KYC_ALREADY_VERIFIED");

    // Every decision left an audit row naming the operator, the submission and the user.
    const decisions = (await auditRows()).filter((r) => r.action.startsWith("kyc_") && JSON.parse(r.detail).user_id === user.id);
    expect(decisions.map((r) => [r.action, r.actor_id, JSON.parse(r.detail).level])).toEqual([
      ["kyc_approve", operator.id, 1],
      ["kyc_reject", operator.id, 2],
      ["kyc_approve", operator.id, 2],
    ]);
    expect(JSON.parse(decisions[1]!.detail).reason).toBe("Photo is blurry");
  });
});
