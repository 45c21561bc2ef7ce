import { readCompanyFacts } from "../company/record.ts";
import { readPortfolio } from "./portfolio.ts";
import type { SectionReaders } from "./site-content.ts";

/**
 * How each section of content/site-content.ts is read from the database. Each runs once per
 * published version on each instance (SiteContent), so it may read whole tables.
 */
export const sectionReaders: SectionReaders = {
  company: readCompanyFacts,
  portfolio: readPortfolio,
};
