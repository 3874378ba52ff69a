import { describe, expect, it } from "vitest";
import type { ArticleList } from "../../schema/api/content.ts";
import { api } from "./helpers.ts";

describe("content routes on an empty database", () => {
  it("answers null for the pop-up and an empty menu and list", async () => {
    const pop = await api("/news/index_pop");
    expect(pop.status).toBe(200);
    expect(pop.body).toEqual({ type: "ok", message: null });
    expect((await api("/menu")).body.message).toEqual([]);
    const list = await api<ArticleList>("/news/list", { form: { c_id: "5" } });
    expect(list.body.message).toEqual({ list: [], count: 0, page: 1, limit: 15 });
  });

  it("answers a translated 404 for a single page that has not been written", async () => {
    for (const path of ["/faq", "/contactus", "/aboutus", "/operational_compliance"]) {
      const res = await api(`${path}?lang=th`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ type: "error", code: "PAGE_NOT_AVAILABLE", message: "หน้านี้ยังไม่พร้อมใช้งาน" });
    }
  });
});
