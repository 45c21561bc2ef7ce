import { eq } from "drizzle-orm";
import {
  type CompanyFacts,
  type CompanyRecord,
  companyFacts,
  defaultCompanyRecord,
  placeholderLabels,
  placeholders,
  plausiblePlaceholders,
} from "../../content/company.ts";
import { editedMeanwhile } from "../admin/operations.ts";
import { recordAudit } from "../audit-log.ts";
import type { UserView } from "../auth/user-view.ts";
import type { Database } from "../db/client.ts";
import { companyRecord } from "../db/schema.ts";
import { siteContentChanged } from "../site-content/version.ts";
import { type Placeholder, placeholdersInPlace } from "../startup-lines.ts";

/** The admin section's key: its permission, its audit entries (migration 0039). */
export const companySection = "company";

export interface StoredCompany {
  record: CompanyRecord;
  /** The row's `updated_at`: an edit form sends it back, and a newer one refuses (409). */
  version: string;
  /** False until staff first save: the record is content/company.ts's defaults. */
  saved: boolean;
}

export async function readCompany(db: Database): Promise<StoredCompany> {
  const [row] = await db.select().from(companyRecord).where(eq(companyRecord.id, 1));
  return {
    record: row?.facts ?? defaultCompanyRecord,
    version: row ? row.updated_at.toISOString() : "",
    saved: Boolean(row?.facts),
  };
}

/** What the pages read: the site content's `company` section (server/site-content/sections.ts). */
export async function readCompanyFacts(db: Database): Promise<CompanyFacts> {
  return companyFacts((await readCompany(db)).record);
}

/** The values of `facts` still equal to their stand-in (content/company.ts's placeholders). */
export function placeholdersLeft(facts: CompanyFacts): Placeholder[] {
  return placeholdersInPlace(facts, placeholders).filter(
    ({ field }) => !plausiblePlaceholders.has(field),
  );
}

/**
 * The placeholders the site still publishes, as staff read them (the admin home's checklist):
 * one line per field, in the record's order.
 */
export function missingCompanyFacts(facts: CompanyFacts): string[] {
  const fields = placeholdersLeft(facts).map(({ field }) => field.split(".")[0]);
  return [...new Set(fields.map((field) => placeholderLabels[field ?? ""] ?? field ?? ""))];
}

/**
 * Saves the record (validated: server/company/schema.ts) in one transaction with its audit
 * entry and the site content's new version, so every instance shows it within moments. A
 * `version` older than the stored one is a colleague's save in between: 409, nothing written.
 */
export async function saveCompany(
  db: Database,
  record: CompanyRecord,
  actor: UserView,
  version: string | undefined,
): Promise<StoredCompany> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(companyRecord)
      .where(eq(companyRecord.id, 1))
      .for("update");
    if (!row) throw new Error("company_record has no row (migration 0039)");
    if (version !== undefined && row.updated_at.toISOString() !== version) editedMeanwhile();
    const before = row.facts ?? defaultCompanyRecord;
    const [after] = await tx
      .update(companyRecord)
      .set({ facts: record, updated_at: new Date() })
      .where(eq(companyRecord.id, 1))
      .returning();
    if (!after) throw new Error("company_record has no row (migration 0039)");
    const changed = Object.keys(record).filter(
      (key) =>
        JSON.stringify(before[key as keyof CompanyRecord]) !==
        JSON.stringify(record[key as keyof CompanyRecord]),
    );
    await recordAudit(tx, actor, {
      action: "update",
      resource: companySection,
      recordId: 1,
      recordTitle: record.name,
      before: before as unknown as Record<string, unknown>,
      after: record as unknown as Record<string, unknown>,
      details: { changed },
    });
    await siteContentChanged(tx);
    return { record, version: after.updated_at.toISOString(), saved: true };
  });
}
