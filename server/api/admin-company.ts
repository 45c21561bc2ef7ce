import { Hono } from "hono";
import { companyFacts } from "../../content/company.ts";
import { companyFieldTitle } from "../../content/company-fields.ts";
import { provinces } from "../../content/provinces.ts";
import { formVersion } from "../admin/operations.ts";
import { type AuthEnv, requireStaff, requireUser } from "../auth/session.ts";
import {
  companySection,
  missingCompanyFacts,
  readCompany,
  saveCompany,
} from "../company/record.ts";
import { companyRecordSchema } from "../company/schema.ts";
import type { Dependencies } from "../dependencies.ts";
import { addFieldErrors, failValidation, noFieldErrors } from "../http-errors.ts";
import { jsonBodyOf, jsonObject } from "../validation.ts";

/**
 * The admin's «Empresa» (decision 245): the one company record, read and saved whole (POST, as every admin save). Verified
 * staff with the `company` permission only (admins and super admins, migration 0039); a save
 * is audited and published to every instance (server/company/record.ts). Mounted before the
 * generic admin router, whose /admin/{resource} would otherwise take these paths.
 */
export function createCompanyRouter(deps: Dependencies) {
  const { db } = deps;
  const router = new Hono<AuthEnv>();
  router.use("*", requireUser(deps));

  const answer = async (stored: Awaited<ReturnType<typeof readCompany>>) => ({
    record: stored.record,
    version: stored.version,
    saved: stored.saved,
    missing: missingCompanyFacts(companyFacts(stored.record)),
    provinces: provinces.map((province) => province.name),
  });

  router.get("/", async (c) => {
    requireStaff(c.var.user, companySection);
    return c.json(await answer(await readCompany(db)));
  });

  router.post("/", async (c) => {
    requireStaff(c.var.user, companySection);
    const body = jsonObject(await jsonBodyOf(c));
    const version = formVersion(body);
    const parsed = await companyRecordSchema.safeParseAsync(body.record);
    if (!parsed.success) {
      const errors = noFieldErrors();
      for (const issue of parsed.error.issues) {
        addFieldErrors(errors, issue.path.length ? issue.path.join(".") : "record", [
          issue.message,
        ]);
      }
      failValidation(
        errors,
        undefined,
        Object.fromEntries(Object.keys(errors).map((path) => [path, companyFieldTitle(path)])),
      );
    }
    const saved = await saveCompany(db, parsed.data, c.var.user, version);
    return c.json(await answer(saved));
  });

  return router;
}
