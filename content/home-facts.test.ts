// The figures of the home page's «Cómo trabajamos» block say what the rest of the content says.
import { describe, expect, it } from "vitest";
import { company, yearsOfExperience } from "./company";
import { info, withYears } from "./home";
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
    expect(fact(/años/)?.value).toBe(`+${yearsOfExperience(company.foundedYear)}`);
    expect(fact(/servicios/)?.value).toBe(String(services.length));
  });

  it("say the published company's years, in its texts too, or leave them out", () => {
    const older = withYears(21);
    expect(older.hero.subtitle).toBe(
      "Más de 21 años de obras en Madrid, Barcelona, Valencia y Alicante.",
    );
    expect(older.seo.description).toContain("Más de 21 años de obras");
    expect(older.info.facts.map((entry) => entry.value)).toEqual(["+21", "14", "3", "1"]);
    expect(withYears(1).info.facts[0]).toEqual({ value: "+1", label: "año de experiencia" });
    const young = withYears(0);
    expect(young.hero.subtitle).toBe("Obras en Madrid, Barcelona, Valencia y Alicante.");
    expect(`${young.seo.description} ${young.hero.subtitle}`).not.toMatch(/años|año de/);
    expect(young.info.facts.map((entry) => entry.value)).toEqual(["14", "3", "1"]);
  });

  it("count the places worked in without counting a city and its region twice", () => {
    expect(company.areasServed.filter((area) => !communityOf[area])).toEqual([]);
    const communities = new Set(company.areasServed.map((area) => communityOf[area]));
    expect(fact(/comunidades autónomas/)?.value).toBe(String(communities.size));
  });
});
