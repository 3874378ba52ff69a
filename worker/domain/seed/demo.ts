import { hashPassword } from "../auth/password.ts";

/** Demo log-ins printed by `npm start` and used by the browser tests. */
export const DEMO_USERS = [
  { email: "alice@demo.test", password: "alice-demo-2026", nickname: "Alice", role: "user", uid: "80000001", inviteCode: "ALICE1" },
  { email: "bob@demo.test", password: "bob-demo-2026", nickname: "Bob", role: "user", uid: "80000002", inviteCode: "BOBBY2" },
  { email: "operator@demo.test", password: "operator-demo-2026", nickname: "Operator", role: "operator", uid: "80000003", inviteCode: "OPER03" },
] as const;

const q = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * SQL that seeds demo data. Every statement is INSERT OR IGNORE keyed on a
 * natural key, so running it twice changes nothing.
 */
export async function demoSeedSql(pepper: string, now = Date.now()): Promise<string> {
  const lines: string[] = [];
  for (const u of DEMO_USERS) {
    const hash = await hashPassword(u.password, pepper);
    lines.push(
      `INSERT OR IGNORE INTO users (uid, email, password_hash, nickname, invite_code, role, created_at) VALUES (${q(u.uid)}, ${q(u.email)}, ${q(hash)}, ${q(u.nickname)}, ${q(u.inviteCode)}, ${q(u.role)}, ${now});`,
    );
  }
  for (const [key, value, isPublic] of SETTINGS) {
    lines.push(`INSERT OR IGNORE INTO settings (key, value, public) VALUES (${q(key)}, ${q(value)}, ${isPublic ? 1 : 0});`);
  }
  return lines.join("\n") + "\n";
}

const SETTINGS: [string, string, boolean][] = [
  ["site_name", "Edge Exchange", true],
  ["site_logo", "/logo.svg", true],
  ["down_logo", "/logo.svg", true],
];
