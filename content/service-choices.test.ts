import { describe, expect, it } from "vitest";
import { serviceChoices, serviceGroups } from "./service-choices";
import { categories, services } from "./services";

// Issue 12: the quote form offers the 14 services of content/, grouped by category, plus "Otro".
describe("the services a quote request may name", () => {
  it("are the catalogue's 14, one group per category in its order, then Otro", () => {
    expect(services).toHaveLength(14);
    expect(serviceGroups.map((group) => group.label)).toEqual([
      ...categories.map((category) => category.title),
      "Otros",
    ]);
    expect(serviceGroups.map((group) => group.choices.length)).toEqual([8, 3, 3, 1]);
    expect(serviceChoices.map((choice) => choice.value)).toEqual([
      ...categories.flatMap((category) =>
        services.filter((s) => s.category === category.slug).map((s) => s.slug),
      ),
      "otro",
    ]);
    expect(serviceChoices.at(-1)).toEqual({ value: "otro", label: "Otro trabajo" });
  });
});
