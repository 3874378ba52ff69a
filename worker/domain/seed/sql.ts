/**
 * SQL literals for the seed file. Each statement stays on one line so the file
 * can be split on newlines (D1's exec and the seed tests rely on it): a newline
 * inside text becomes `char(10)`.
 */
export const sqlText = (value: string): string =>
  value
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => `'${line.replace(/'/g, "''")}'`)
    .join(" || char(10) || ");

export const sqlInt = (value: number): string => {
  if (!Number.isSafeInteger(value)) throw new Error(`not a safe integer: ${value}`);
  return String(value);
};

export const sqlBool = (value: boolean): string => (value ? "1" : "0");

/** One `INSERT OR IGNORE` statement on one line, from column names to SQL literals already built by the helpers above. */
export const insertOrIgnore = (table: string, row: Record<string, string | number>): string =>
  `INSERT OR IGNORE INTO ${table} (${Object.keys(row).join(", ")}) VALUES (${Object.values(row).map(String).join(", ")});`;

/**
 * A deposit from the external account (user -1) as a balanced journal in plain SQL that applies at most once:
 * the journal is keyed by `refKey`, and the balance changes and entries happen only while that journal has no
 * entries yet (the entries go last, in one statement). `userColumn` names how the user is found (email or uid).
 */
export function seedGrant(refKey: string, userColumn: "email" | "uid", userValue: string, currencyId: number, units: number, now: number) {
  const ref = sqlText(refKey);
  const fresh = `NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.journal_id = j.id)`;
  const journal = `FROM journals j WHERE j.ref_key = ${ref} AND ${fresh}`;
  const c = sqlInt(currencyId);
  const u = sqlInt(units);
  const at = sqlInt(now);
  const upsert = "ON CONFLICT (user_id, currency_id, account_type) DO UPDATE SET available = available + excluded.available";
  const balance = "INSERT INTO balances (user_id, currency_id, account_type, available, locked, allow_negative)";
  return [
    `INSERT OR IGNORE INTO journals (kind, ref_key, user_id, memo, created_at) ` +
      `SELECT 'deposit', ${ref}, id, '{"seed":true}', ${at} FROM users WHERE ${userColumn} = ${sqlText(userValue)};`,
    `${balance} SELECT -1, ${c}, 2, -${u}, 0, 1 ${journal} ${upsert};`,
    `${balance} SELECT j.user_id, ${c}, 2, ${u}, 0, 0 ${journal} ${upsert};`,
    `INSERT INTO ledger_entries (journal_id, user_id, currency_id, account_type, bucket, amount, created_at) ` +
      `SELECT j.id, -1, ${c}, 2, 'available', -${u}, ${at} ${journal} ` +
      `UNION ALL SELECT j.id, j.user_id, ${c}, 2, 'available', ${u}, ${at} ${journal};`,
  ];
}
