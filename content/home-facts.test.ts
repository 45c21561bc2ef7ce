// The figures of the home page's «Cómo trabajamos» block say what the rest of the content says.
import { describe, expect, it } from "vitest";
import { company } from "./company";
import { info } from "./home";
import { services } from "./services";

const fact = (label: RegExp) => info.facts.find((entry) => label.test(entry.label));

/** The autonomous community of each place the company names; Madrid's city is in its own. */
const communityOf: Record<string, string> = {
  Madrid: "Comunidad de Madrid",
  Barcelona: "Cataluña",
  Valencia: "Comunidad Valenciana",
  Alicante: "Comunidad Valenciana",
  Cataluña: "Cataluña",
  "Comunidad Valenciana": "Comunidad Valenciana",
};

describe("the home page's figures", () => {
  it("count the years and the services there are", () => {
    expect(fact(/años/)?.value).toBe(`+${company.yearsOfExperience}`);
    expect(fact(/servicios/)?.value).toBe(String(services.length));
  });

  it("count the places worked in without counting a city and its region twice", () => {
    expect(company.areasServed.filter((area) => !communityOf[area])).toEqual([]);
    const communities = new Set(company.areasServed.map((area) => communityOf[area]));
    expect(fact(/comunidades autónomas/)?.value).toBe(String(communities.size));
  });
});
