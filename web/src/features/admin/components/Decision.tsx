import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiFailure, newIdempotencyKey } from "../../../lib/api.ts";
import { confirmDialog, toast } from "../../../lib/ui.ts";
import { queryClient } from "../../../lib/query/client.ts";
import { Q } from "../../../lib/query/keys.ts";
import { useReasonPrompt } from "./ReasonPrompt.tsx";
import { useTexts } from "../../../lib/i18n.ts";

type Step<A extends unknown[]> = { title: string; message: string; run: (...args: A) => Promise<string> };
/** An approval that needs an input (a verified amount): `ask` replaces the confirmation and answers it, or null to cancel. */
type ApproveStep = Step<[idempotencyKey: string, input: string]> & { ask?: () => Promise<string | null> };

/**
 * One operator decision on a queued request (deposit, withdrawal, verification):
 * approving asks for confirmation, rejecting asks for a reason, then the request
 * is sent once. The decision calls are mutations of the console's keys, so a decided
 * request's queue is read again once, by the invalidation. The server decides each
 * request once (its review ref_key), so a second decision, from a double click or
 * another operator, answers 409: that changed nothing here, so the console's reads are
 * invalidated by hand to show what was decided. Each decision (approve, or reject with
 * one reason) gets one Idempotency-Key, reused when the operator retries it after a
 * failure, so a retry whose first answer was lost answers that first result.
 */
export function useDecision({ approve, reject }: { approve: ApproveStep; reject: Step<[reason: string, idempotencyKey: string]> }) {
  const [busy, setBusy] = useState(false);
  const keys = useRef(new Map<string, string>());
  const reasonPrompt = useReasonPrompt();

  const decide = async (yes: boolean) => {
    let reason: string | null = null;
    let input = "";
    if (yes && approve.ask) {
      const given = await approve.ask();
      if (given === null) return;
      input = given;
    } else if (yes) {
      if (!(await confirmDialog({ title: approve.title, message: approve.message }))) return;
    } else {
      reason = await reasonPrompt.ask(reject.title, reject.message);
      if (reason === null) return;
    }
    const what = yes ? `approve:${input}` : `reject:${reason}`;
    const key = keys.current.get(what) ?? newIdempotencyKey();
    keys.current.set(what, key);
    setBusy(true);
    try {
      toast(await (yes ? approve.run(key, input) : reject.run(reason!, key)));
      keys.current.clear();
    } catch (err) {
      if (err instanceof ApiFailure && err.status === 409) void queryClient.invalidate([Q.admin]);
    } finally {
      // A decided request usually leaves the queue, but one awaiting its second approval stays (four eyes).
      setBusy(false);
    }
  };

  return { busy, decide, element: reasonPrompt.element };
}

/** The reject and approve buttons of a queued request, with the dialogs of useDecision. */
export function DecisionActions({ decision, approveLabel }: { decision: ReturnType<typeof useDecision>; approveLabel?: string }) {
  useTexts("admin");
  const { t } = useTranslation();
  return (
    <div className="admin-actions">
      <button type="button" className="btn btn-small btn-down" disabled={decision.busy} onClick={() => void decision.decide(false)}>
        {t("admin.common.reject")}
      </button>
      <button type="button" className="btn btn-small btn-up" disabled={decision.busy} onClick={() => void decision.decide(true)}>
        {approveLabel ?? t("admin.common.approve")}
      </button>
    </div>
  );
}
