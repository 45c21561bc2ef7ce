import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, uniqueIp } from "../../tests/support/app.ts";
import { migratedDataDir, testDatabaseKind } from "../../tests/support/database.ts";
import { createUser, signIn } from "../../tests/support/users.ts";
import { sweepOnce } from "../retention.ts";
import { openPglite } from "./client.ts";
import { contacts, mailOutbox } from "./schema.ts";

/** The files under `folder` whose bytes hold `text` (UTF-8), by their path inside it. */
function filesHolding(folder: string, text: string): string[] {
  const needle = Buffer.from(text);
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (readFileSync(file).includes(needle)) found.push(path.relative(folder, file));
    }
  };
  walk(folder);
  return found;
}

/**
 * Issue 33 item 8 (decision 205): once staff delete a lead, or the retention sweep erases it, on
 * the embedded database its personal data is in no file of the write-ahead log, which a backup
 * (a copy of the folder) would carry. A PostgreSQL server's log is the operator's (its archive,
 * its replicas): decision 205 says what an erasure guarantees there.
 */
describe.skipIf(testDatabaseKind !== "pglite")("an erasure on the embedded database", () => {
  let dataDir: string;
  let t: TestApp;
  let token: string;
  const wal = () => path.join(dataDir, "pglite", "pg_wal");

  beforeAll(async () => {
    dataDir = await migratedDataDir();
    const database = await openPglite({ dataDir: path.join(dataDir, "pglite") });
    t = await createTestApp({ database, env: { DATA_DIR: dataDir } });
    token = await signIn(t.db, (await createUser(t.db, { role: "admin" })).id);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A visitor's request naming `name`; answers the lead's id once its text is in the log. */
  async function leadOf(name: string) {
    const res = await t.post(
      "/api/contacts",
      { name, phone: "611 222 333", subject: "Calle del Olvido 7", message: "Cocina." },
      undefined,
      uniqueIp(),
    );
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(contacts).where(eq(contacts.name, name));
    expect(filesHolding(wal(), name)).not.toEqual([]);
    return row?.id as number;
  }

  it("leaves no copy of a deleted lead in the write-ahead log", async () => {
    const id = await leadOf("Erasmo Borrable");
    expect((await t.get(`/api/admin/contacts/delete/${id}`, token)).status).toBe(200);
    expect(filesHolding(wal(), "Erasmo Borrable")).toEqual([]);
  });

  it("nor of leads deleted together", async () => {
    await leadOf("Erasma Enbloque");
    const res = await t.post(
      "/api/admin/contacts/bulk",
      { action: "delete", all_matching: true, query: { q: "Enbloque" } },
      token,
    );
    expect((await res.json()).count).toBe(1);
    expect(filesHolding(wal(), "Erasma Enbloque")).toEqual([]);
  });

  it("nor of a lead the retention sweep erased", async () => {
    const id = await leadOf("Eusebio Caducado");
    const longAgo = sql`now() - interval '3 years'`;
    await t.db
      .update(contacts)
      .set({ created_at: longAgo, updated_at: longAgo })
      .where(eq(contacts.id, id));
    // Its notice to the office, sent as long ago: the lead's last activity (decision 179).
    await t.db
      .update(mailOutbox)
      .set({ created_at: longAgo, due_at: longAgo, sent_at: longAgo })
      .where(eq(mailOutbox.contact_id, id));
    expect((await sweepOnce(t.db)).leads_erased).toBe(1);
    expect(filesHolding(wal(), "Eusebio Caducado")).toEqual([]);
  });
});
