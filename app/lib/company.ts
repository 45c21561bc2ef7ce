import { useRouteLoaderData } from "react-router";
import type { CompanyFacts } from "../../content/company";

/**
 * The company's facts as staff last published them (the admin's «Empresa», decision 245): the
 * root loader reads them from the site content for every page, so a component reads them here
 * rather than importing content/company.ts, and a publish shows without a rebuild.
 */
export function useCompany(): CompanyFacts {
  const data = useRouteLoaderData<{ company: CompanyFacts }>("root");
  if (!data) throw new Error("useCompany: the root loader's data is missing");
  return data.company;
}

/** The same, or undefined on a page whose root loader failed (the error page's chrome). */
export function useCompanyIfLoaded(): CompanyFacts | undefined {
  return useRouteLoaderData<{ company: CompanyFacts }>("root")?.company;
}
