import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadStatuses, leadStatusValues } from "../../content/lead-statuses.ts";
import { createTestDatabase, skipDatabase } from "../../tests/support/database.ts";
import type { DatabaseHandle } from "./client.ts";

/**
 * The lead statuses are declared once, in content/lead-statuses.ts (decision 240); the database
 * keeps its own copy in migration 0009's CHECK. Read back from the migrated database itself, on
 * both databases, the two lists must be the same values in the same order: a status added to
 * the declaration without a migration (or the reverse) fails here, not in a lead's first move.
 */
describe.skipIf(skipDatabase)("the lead statuses in the database", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it("are the values content/lead-statuses.ts declares, in its order", async () => {
    const { rows } = (await handle.db.execute(sql`
      select pg_get_constraintdef(c.oid) as definition from pg_constraint c
      where c.conrelid = 'contacts'::regclass and c.contype = 'c'
        and pg_get_constraintdef(c.oid) like '%status%'`)) as unknown as {
      rows: { definition: string }[];
    };
    expect(rows).toHaveLength(1);
    const checked = [...(rows[0]?.definition ?? "").matchAll(/'([^']*)'::text/g)].map(
      ([, value]) => value,
    );
    expect(checked).toEqual(leadStatusValues);
    expect(checked).toEqual(leadStatuses.map((status) => status.value));
  });

  it("refuse a value the declaration does not hold", async () => {
    await expect(
      handle.db.execute(sql`insert into contacts (name, subject, message, status)
        values ('Ana', 'Cocina', 'Hola', 'archivado')`),
    ).rejects.toThrow();
  });
});
