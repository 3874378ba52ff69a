import type { Lang } from "../../../schema/api/lang.ts";
import { badRequest, conflict } from "../errors.ts";
import type { Db } from "../db.ts";
import { translate } from "../i18n/translate.ts";
import { hasClosing } from "../contracts/positions.ts";
import { ACCOUNT_TYPES, type AccountType, type Statement, accountName, fromUnits, transfer } from "../ledger/index.ts";
import { accountEnabled, accountLabel, requireCurrency, userAmount } from "./currencies.ts";

/**
 * Moves funds between two accounts of the same user and currency (POST /wallet/change).
 * No fee. Both account types must be enabled for the currency.
 * The ref_key is "transfer:<user>:<Idempotency-Key>" when the client sent one, so even
 * a retry after the stored answer expired moves nothing twice; it is told so (409)
 * rather than answered "done" for a movement it may not have meant.
 * Out of the lever account: contracts use isolated margin (margin sits in the contract margin account, not in
 * the balance), so the balance is free to leave, except while one of the user's positions in that coin is
 * closing, whose settlement may still credit it (409 LEVER_TRANSFER_CLOSING).
 */
export async function transferBetweenAccounts(
  db: Db,
  userId: number,
  input: { currency: string; number: string; from: AccountType; to: AccountType },
  lang: Lang,
  idem: { key: string | null; prefix: Statement[] },
  now = Date.now(),
): Promise<void> {
  const currency = await requireCurrency(db, input.currency, { includeDisabled: true });
  if (input.from === input.to) throw badRequest("SAME_ACCOUNT");
  for (const type of [input.from, input.to]) {
    if (!accountEnabled(currency, type)) {
      throw badRequest("ACCOUNT_NOT_ENABLED", { currency: currency.name, account: translate(accountLabel(type), lang) });
    }
  }
  if (input.from === ACCOUNT_TYPES.lever && (await hasClosing(db, userId, currency.id))) throw conflict("LEVER_TRANSFER_CLOSING");
  const units = userAmount(currency, input.number);
  const result = await transfer(
    db,
    {
      from: { userId, accountType: input.from },
      to: { userId, accountType: input.to },
      currencyId: currency.id,
      amount: units,
      kind: "transfer",
      refKey: `transfer:${userId}:${idem.key ?? crypto.randomUUID()}`,
      userId,
      memo: { from: accountName(input.from), to: accountName(input.to), amount: fromUnits(units, currency.precision) },
    },
    [],
    { prefix: idem.prefix, now },
  );
  if (result.status === "duplicate") throw conflict("IDEMPOTENCY_KEY_REUSED");
}
