import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe-core on `page`, listing every node of its violations only: the tests read nothing else,
 * and the passes it would otherwise list node by node (over a thousand on the home page) cost
 * a quarter of a scan or more (decision 170).
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
}
