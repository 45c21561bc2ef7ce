/**
 * The services a quote request may name (issue 12), grouped by category as the /contact form
 * shows them. Apart from quote-request.ts because it reads the whole catalogue (services.ts):
 * the form gets these lists from its pre-rendered loader, so the browser never loads it.
 */
import type { Choice } from "./quote-request";
import { categories, services } from "./services";

/** The company's services grouped by category, as the form's service list shows them. */
export const serviceGroups: readonly { label: string; choices: readonly Choice[] }[] = [
  ...categories.map((category) => ({
    label: category.title,
    choices: services
      .filter((service) => service.category === category.slug)
      .map((service) => ({ value: service.slug, label: service.title })),
  })),
  { label: "Otros", choices: [{ value: "otro", label: "Otro trabajo" }] },
];

export const serviceChoices: readonly Choice[] = serviceGroups.flatMap((group) => group.choices);
