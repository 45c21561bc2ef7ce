import { describe, expect, it } from "vitest";
import { databaseBefore, skipMigrationTests as skip } from "../../tests/support/migrations.ts";
import { migrationsFolder } from "./client.ts";

/**
 * Migration 0019 (decision 205) on a database from before it: the searches staff typed, kept in
 * the audit log's exports and bulk actions, are gone, and the rest of each entry stays.
 */
describe.skipIf(skip)("migration 0019: what the audit log and the leads keep", () => {
  it("takes the search terms out of older entries, and nothing else", async () => {
    const database = await databaseBefore(19);
    await database.query(`
      insert into admin_audit (id, actor_name, actor_email, action, resource, affected, details)
      values
        (1, 'Marta', 'marta@obra.test', 'export', 'contacts', 1,
          '{"query":{"q":"Erasmo Borrable","dir":"desc"}}'),
        (2, 'Marta', 'marta@obra.test', 'bulk_delete', 'contacts', 2,
          '{"selection":"all_matching","query":{"q":"611 222 333","status":"nuevo"},"ids":[4,5]}'),
        (3, 'Marta', 'marta@obra.test', 'export', 'contacts', 9, '{"query":{"dir":"desc"}}'),
        (4, 'Marta', 'marta@obra.test', 'note', 'contacts', 1, '{"note_id":1,"body":"q"}'),
        (5, 'Marta', 'marta@obra.test', 'delete', 'contacts', 1, null)`);
    await database.query(`
      insert into contacts (id, name, email, subject, message)
      values (1, 'Ana', 'ana@example.test', 'Cocina', 'Hola')`);

    await database.migrate(migrationsFolder);
    expect(await database.query(`select id, details from admin_audit order by id`)).toEqual([
      { id: 1, details: { query: { q: "[redacted]", dir: "desc" } } },
      {
        id: 2,
        details: {
          selection: "all_matching",
          query: { q: "[redacted]", status: "nuevo" },
          ids: [4, 5],
        },
      },
      { id: 3, details: { query: { dir: "desc" } } },
      { id: 4, details: { note_id: 1, body: "q" } },
      { id: 5, details: null },
    ]);
    // Leads from before were all sent their confirmation, or had no address.
    expect(await database.query(`select confirmation_withheld from contacts`)).toEqual([
      { confirmation_withheld: false },
    ]);
    // Every migration from the first on a fresh embedded database: 17 s here at a load of 13.
  }, 60_000);
});
