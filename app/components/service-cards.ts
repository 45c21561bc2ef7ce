import { servicePath } from "../../content/service-paths";
import type { Service } from "../../content/services";
import type { ServiceCardData } from "./service-card";

/** The card of a service in a grid: built in loaders, so the catalogue stays on the server. */
export function serviceCard(service: Service, eyebrow?: string): ServiceCardData {
  return {
    title: service.title,
    summary: service.summary,
    image: service.image,
    href: servicePath(service),
    eyebrow,
  };
}
