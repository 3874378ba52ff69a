import { asc } from "drizzle-orm";
import type { MenuEntry } from "../../../schema/api/content.ts";
import { menuItems } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";

/** GET /menu: the home menu grid in display order. `title` is an i18n key under `home` that the web translates. */
export async function homeMenu(db: Db): Promise<MenuEntry[]> {
  return db
    .select({
      id: menuItems.id,
      title: menuItems.title,
      url: menuItems.url,
      open_type: menuItems.openType,
      is_financial: menuItems.isFinancial,
      icon: menuItems.icon,
      sort: menuItems.sort,
    })
    .from(menuItems)
    .orderBy(asc(menuItems.sort), asc(menuItems.id));
}
