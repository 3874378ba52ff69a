import { type APIRequestContext, type Browser, expect, type Page } from "@playwright/test";

/** The seeded demo accounts (worker/domain/seed/demo.ts). */
export const ALICE = { email: "alice@demo.test", password: "alice-demo-2026", uid: "80000001" } as const;
export const BOB = { email: "bob@demo.test", password: "bob-demo-2026", uid: "80000002" } as const;
export const OPERATOR = { email: "operator@demo.test", password: "operator-demo-2026" } as const;
export const OPERATOR2 = { email: "operator2@demo.test", password: "operator2-demo-2026" } as const;

/**
 * A session token for `who`, through the log-in API. The first requests to a freshly started server can meet the local
 * runtime still starting its objects (an HTML error page instead of JSON): those are tried again, twice.
 */
export async function logIn(request: APIRequestContext, who: { email: string; password: string } = ALICE): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const res = await request.post("/api/user/login", { form: { user_string: who.email, password: who.password } });
    const text = await res.text();
    if (!text.startsWith("{") && attempt < 2) {
      await new Promise((r) => setTimeout(r, 2_000));
      continue;
    }
    const body = JSON.parse(text) as { type: string; message: string };
    expect(body.type, `log-in of ${who.email}: ${text.slice(0, 200)}`).toBe("ok");
    return body.message;
  }
}

/**
 * A phone-sized page (390 px unless `width` says otherwise) in its own browser context: `token`'s session (none when null
 * or ""), in `lang` and `theme`. Storage is set once per context, so reloads and navigations keep what the app stores.
 */
export async function sessionPage(browser: Browser, token: string | null, lang = "en", theme = "dark", width = 390): Promise<Page> {
  // A desktop-wide page (an operator's console) is not a phone: no mobile viewport there.
  const context = await browser.newContext({
    viewport: { width, height: 844 },
    isMobile: width < 600,
    hasTouch: true,
    deviceScaleFactor: 1,
  });
  await context.addInitScript(
    ({ t, l, th }) => {
      if (sessionStorage.getItem("__e2e_init")) return;
      sessionStorage.setItem("__e2e_init", "1");
      localStorage.clear();
      localStorage.setItem("h5Version", "1");
      localStorage.setItem("lang", JSON.stringify(l));
      localStorage.setItem("theme", JSON.stringify(th));
      if (t) localStorage.setItem("token", JSON.stringify(t));
    },
    { t: token ?? "", l: lang, th: theme },
  );
  return context.newPage();
}
