// Issue 36 (decision 264): the quote form's step funnel, counts per day, service and step, with
// nothing that tells one visitor from another.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createTestApp,
  expectValidationErrors,
  perSuite,
  uniqueIp,
} from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { quoteFunnel } from "../db/schema.ts";

describe.skipIf(skipDatabase)("the quote form's step funnel", () => {
  const t = perSuite(() => createTestApp());
  const beacon = (body: unknown, ip = uniqueIp()) => t.post("/api/funnel", body, undefined, ip);
  const counted = async (service: string, step: string) =>
    (
      await t.db
        .select({ count: quoteFunnel.count })
        .from(quoteFunnel)
        .where(and(eq(quoteFunnel.service, service), eq(quoteFunnel.step, step)))
    ).reduce((sum, row) => sum + row.count, 0);

  it("counts a visitor who opens the form, per service, in one row per day", async () => {
    for (const service of ["reformas-de-cocinas", "reformas-de-cocinas", "ninguno"]) {
      const res = await beacon({ service, step: "opened" });
      expect(res.status).toBe(202);
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    expect(await counted("reformas-de-cocinas", "opened")).toBe(2);
    expect(await counted("ninguno", "opened")).toBe(1);
    const rows = await t.db.select().from(quoteFunnel);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(["count", "day", "service", "step"]);
  });

  it("counts each step of the step-by-step form (decision 265) as the visitor reaches it", async () => {
    for (const step of ["job", "about", "photos", "contact"]) {
      expect((await beacon({ service: "reparacion-de-fachadas", step })).status).toBe(202);
    }
    expect((await beacon({ service: "reparacion-de-fachadas", step: "about" })).status).toBe(202);
    expect(await counted("reparacion-de-fachadas", "about")).toBe(2);
    expect(await counted("reparacion-de-fachadas", "contact")).toBe(1);
  });

  it("refuses unknown services and steps with a 422 naming the field, and a «sent» from the browser", async () => {
    await expectValidationErrors(await beacon({ service: "piscinas", step: "opened" }), {
      service: ["El servicio no existe."],
    });
    await expectValidationErrors(await beacon({ service: "ninguno", step: "paso-9" }), {
      step: ["El paso no existe."],
    });
    await expectValidationErrors(await beacon({ service: "ninguno", step: "sent" }), {
      step: ["El paso no existe."],
    });
    expect(await counted("piscinas", "opened")).toBe(0);
  });

  it("counts «sent» itself when a request is stored, by its service", async () => {
    const before = await counted("reformas-de-banos", "sent");
    const res = await t.post(
      "/api/contacts",
      {
        name: "Rosa Vidal",
        email: "rosa.funnel@example.test",
        subject: "Baño",
        message: "Cambiar bañera por ducha.",
        service: "reformas-de-banos",
      },
      undefined,
      uniqueIp(),
    );
    expect(res.status).toBe(201);
    expect(await counted("reformas-de-banos", "sent")).toBe(before + 1);
  });

  it("stops a flood from one address", async () => {
    const ip = uniqueIp();
    const statuses = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await beacon({ service: "ninguno", step: "opened" }, ip)).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 202)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
