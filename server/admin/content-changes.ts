/**
 * What the site's content sections (projects, opinions, team) add to the generic writes: each
 * create, update and delete tells every instance that the public pages changed, in its own
 * transaction (`siteContentChanged`, decision 244), so a publish shows within moments and a
 * rolled-back change announces nothing. A draft's change empties the pages too: cheap, and a
 * project going back to draft must leave them.
 */
import type { Database } from "../db/client.ts";
import { siteContentChanged } from "../site-content/version.ts";
import type { AdminTable, FormInput, ResourceDefinition } from "./resource.ts";

type Hooks = Pick<ResourceDefinition, "insert" | "afterUpdate" | "beforeDelete">;

export function announcingChanges(
  table: AdminTable,
  columns: (input: FormInput) => Promise<Record<string, unknown>>,
  afterInsert?: (db: Database, id: number, input: FormInput) => Promise<void>,
  afterUpdate?: (db: Database, id: number, input: FormInput) => Promise<void>,
): Hooks {
  return {
    insert: (db, input) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(table)
          .values((await columns(input)) as never)
          .returning({ id: table.id });
        const id = (row as { id: number }).id;
        await afterInsert?.(tx, id, input);
        await siteContentChanged(tx);
        return id;
      }),
    async afterUpdate(db, id, input) {
      await afterUpdate?.(db, id, input);
      await siteContentChanged(db);
    },
    async beforeDelete(db) {
      await siteContentChanged(db);
      return undefined;
    },
  };
}
