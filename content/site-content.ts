/**
 * What staff publish for the public pages, as the pages' loaders read it (decision 244). The
 * server hands every render a reader in React Router's context; a loader asks for a section:
 *
 *   export async function loader({ context }: Route.LoaderArgs) {
 *     const company = await context.get(siteContentContext).get("company");
 *   }
 *
 * A section is read from the database once per published version and shared by every render
 * until the next publish (server/site-content/). To add one: its type here, its reader in
 * server/site-content/sections.ts (docs/adding-a-screen.md, "Add a content section").
 */
import { createContext } from "react-router";
import type { CompanyFacts } from "./company";
import type { Portfolio } from "./projects";

export interface SiteSections {
  /** The company's own facts: the admin's «Empresa», content/company.ts until it is saved. */
  company: CompanyFacts;
  /** Finished projects, opinions and the team, as published (decisions 249-251). */
  portfolio: Portfolio;
}

export type SiteSection = keyof SiteSections;

export interface SiteContentReader {
  get<K extends SiteSection>(section: K): Promise<SiteSections[K]>;
}

export const siteContentContext = createContext<SiteContentReader>();
