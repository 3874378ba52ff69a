import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { decideKyc } from "../../worker/domain/kyc/review.ts";
import type { Db } from "../../worker/domain/db.ts";
import { api } from "./helpers.ts";
import { auditRows, boundUser, latestSubmissionId, notificationsOf, operatorUser, submitLv1, testDb } from "./kyc-support.ts";

describe("operator review of identity verification", () => {
  it("answers 401 without a session and 403 to a non-operator on every /admin route", async () => {
    const user = await boundUser();
    const routes: [string, Record<string, string> | undefined][] = [
      ["/admin/kyc", undefined],
      ["/admin/kyc/approve", { id: "1" }],
      ["/admin/kyc/reject", { id: "1", reason: "x" }],
      ["/admin/users", undefined],
      ["/admin/users/detail?id=1", undefined],
      ["/admin/audit", undefined],
    ];
    for (const [path, form] of routes) {
      const anonymous = await api(path, { form });
      expect(anonymous.status, path).toBe(401);
      const res = await api(`${path}${path.includes("?") ? "&" : "?"}lang=fra`, { token: user.token, form });
      expect(res.status, path).toBe(403);
      expect(res.body, path).toMatchObject({ type: "error", code: "FORBIDDEN" });
    }
    expect(await auditRows()).toEqual([]);
  });

  it("a second decision on the same submission is refused and writes nothing", async () => {
    const [user, operator, other] = await Promise.all([boundUser(), operatorUser(), operatorUser()]);
    await submitLv1(user.token);
    const id = String(await latestSubmissionId(user.id));
    const results = await Promise.all([
      api("/admin/kyc/approve", { token: operator.token, form: { id } }),
      api("/admin/kyc/reject", { token: other.token, form: { id, reason: "Duplicate account" } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe("KYC_NOT_PENDING");
    const late = await api("/admin/kyc/approve", { token: other.token, form: { id } });
    expect(late.status).toBe(409);
    const rows = (await auditRows()).filter((r) => r.subject_type === "identity_verification" && r.subject_id === id);
    expect(rows).toHaveLength(1);
    expect(await notificationsOf(user.id)).toHaveLength(1);
  });

  it("a decision that loses a race after its read fails the whole batch: no status change, audit row or notification", async () => {
    const [user, operator] = await Promise.all([boundUser(), operatorUser()]);
    await submitLv1(user.token);
    const id = await latestSubmissionId(user.id);
    const db = testDb();
    // Another operator's approval lands between this decision's read and its write.
    const racing = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== "batch") return Reflect.get(target, prop, receiver);
        return async (statements: Parameters<Db["batch"]>[0]) => {
          await env.DB.prepare("UPDATE identity_verifications SET status = 'hasaudit', reviewed_by = -9 WHERE id = ?").bind(id).run();
          return target.batch(statements);
        };
      },
    }) as Db;
    await expect(decideKyc(racing, operator.id, id, { approve: false, reason: "Too late" })).rejects.toMatchObject({
      status: 409,
      code: "KYC_NOT_PENDING",
    });
    const row = await env.DB.prepare("SELECT status, reason, reviewed_by FROM identity_verifications WHERE id = ?").bind(id).first();
    expect(row).toEqual({ status: "hasaudit", reason: "", reviewed_by: -9 });
    expect((await auditRows()).filter((r) => r.subject_id === String(id))).toEqual([]);
    expect(await notificationsOf(user.id)).toEqual([]);
  });

  it("an operator cannot decide their own verification", async () => {
    const operator = await operatorUser();
    await env.DB.prepare("UPDATE users SET mobile = '13800000000', area_code = '86' WHERE id = ?").bind(operator.id).run();
    expect((await submitLv1(operator.token)).status).toBe(200);
    const id = String(await latestSubmissionId(operator.id));
    const res = await api("/admin/kyc/approve", { token: operator.token, form: { id } });
    expect(res.status).toBe(403);
    expect(await env.DB.prepare("SELECT status FROM identity_verifications WHERE id = ?").bind(id).first("status")).toBe("auditing");
    expect((await operatorUser().then((other) => api("/admin/kyc/approve", { token: other.token, form: { id } }))).status).toBe(200);
  });

  it("answers 404 for a submission that does not exist and 400 for a bad id", async () => {
    const operator = await operatorUser();
    expect((await api("/admin/kyc/approve", { token: operator.token, form: { id: "999999" } })).status).toBe(404);
    expect((await api("/admin/kyc/reject", { token: operator.token, form: { id: "999999", reason: "x" } })).status).toBe(404);
    const bad = await api("/admin/kyc/approve", { token: operator.token, form: { id: "1 OR 1=1" } });
    expect(bad.status).toBe(400);
  });

  it("a rejection needs a reason of at most 200 characters", async () => {
    const [user, operator] = await Promise.all([boundUser(), operatorUser()]);
    await submitLv1(user.token);
    const id = String(await latestSubmissionId(user.id));
    const missing = await api("/admin/kyc/reject", { token: operator.token, form: { id, lang: "spa" } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: "KYC_REASON_REQUIRED", message: "Indique el motivo del rechazo" });
    const long = await api("/admin/kyc/reject", { token: operator.token, form: { id, reason: "x".repeat(201) } });
    expect(long.body.code).toBe("KYC_REASON_TOO_LONG");
    const status = await env.DB.prepare("SELECT status FROM identity_verifications WHERE id = ?").bind(id).first("status");
    expect(status).toBe("auditing");
  });

  it("lists the queue oldest first and filters by status", async () => {
    const [a, b, operator] = await Promise.all([boundUser(), boundUser(), operatorUser()]);
    await submitLv1(a.token);
    await submitLv1(b.token);
    const queue = await api<{ data: { user_id: number; uid: string; email: string }[]; total: number; pages: number }>(
      "/admin/kyc?limit=100",
      {
        token: operator.token,
      },
    );
    const order = queue.body.message.data.map((r) => r.user_id).filter((id) => id === a.id || id === b.id);
    expect(order).toEqual([a.id, b.id]);
    expect(queue.body.message.data.find((r) => r.user_id === a.id)?.email).toBe(a.email);

    await api("/admin/kyc/reject", { token: operator.token, form: { id: String(await latestSubmissionId(a.id)), reason: "Blurry" } });
    const failed = await api<{ data: { user_id: number; reason: string }[] }>("/admin/kyc?status=failed", { token: operator.token });
    expect(failed.body.message.data.find((r) => r.user_id === a.id)?.reason).toBe("Blurry");
    const pending = await api<{ data: { user_id: number }[] }>("/admin/kyc?status=auditing", { token: operator.token });
    expect(pending.body.message.data.some((r) => r.user_id === a.id)).toBe(false);
    expect((await api("/admin/kyc?status=everything", { token: operator.token })).status).toBe(400);
  });
});
