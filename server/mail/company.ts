import { type CompanyFacts, defaultCompanyFacts } from "../../content/company.ts";
import type { SiteContentReader } from "../../content/site-content.ts";
import { log } from "../log.ts";

/**
 * The company the mails speak for: the «Empresa» staff published, as every page shows it
 * (decision 245). Mails are written in many places, most of them synchronously, so each instance
 * keeps the published facts here and reads them again whenever a publish reaches it (the NOTIFY
 * that also empties its kept pages). Until then, and if they cannot be read, content/company.ts.
 */
let current: CompanyFacts = defaultCompanyFacts;
/** Reads started: one that ends after a later one began holds older facts and is dropped. */
let reads = 0;

export const mailCompany = (): CompanyFacts => current;

/** Reads the published facts again; a failed read keeps the last ones and is logged. */
export async function refreshMailCompany(content: SiteContentReader): Promise<void> {
  const read = ++reads;
  try {
    const facts = await content.get("company");
    if (read === reads) current = facts;
  } catch (error) {
    log.warn({ err: error }, "mail: could not read the company's facts, keeping the last ones");
  }
}
