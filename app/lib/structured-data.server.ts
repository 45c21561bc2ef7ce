// The pages' schema.org data (JSON-LD). Built by the routes' loaders, which run when the pages are
// pre-rendered: the data reaches the browser inside the page, never as code. The `.server` name
// makes the build refuse it in the browser's bundle.
import { type CompanyFacts, officeHours } from "../../content/company";
import { type PublicProject, projectPath } from "../../content/projects";
import { servicePath } from "../../content/service-paths";
import type { Service } from "../../content/services";
import { type Crumb, defaultImage } from "./seo";
import { absoluteUrl } from "./site";

/** schema.org BreadcrumbList for a trail such as Inicio > Servicios > Reformas. */
export function breadcrumbJsonLd(items: Crumb[]): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(item.path),
    })),
  };
}

/** Where the company works (content/company.ts), as schema.org places. */
const areaServed = (company: CompanyFacts) =>
  company.areasServed.map((name) => ({ "@type": "AdministrativeArea", name }));

const businessId = () => absoluteUrl("/#empresa");

/** schema.org data of the company itself, on the home page: what a local result shows. */
export function businessJsonLd(company: CompanyFacts): object {
  return {
    "@context": "https://schema.org",
    "@type": "HomeAndConstructionBusiness",
    "@id": businessId(),
    name: company.name,
    legalName: company.legalName,
    url: absoluteUrl("/"),
    logo: absoluteUrl("/apple-touch-icon.png"),
    image: absoluteUrl(defaultImage),
    telephone: company.phoneHref.replace(/^tel:/, ""),
    email: company.email,
    taxID: company.nif,
    foundingDate: String(company.foundedYear),
    address: {
      "@type": "PostalAddress",
      streetAddress: company.address.street,
      postalCode: company.address.postalCode,
      addressLocality: company.address.city,
      addressRegion: company.address.region,
      addressCountry: "ES",
    },
    geo: { "@type": "GeoCoordinates", latitude: company.map.lat, longitude: company.map.lng },
    // The hours the contact page gives («De lunes a viernes, de 8:00 a 18:00»).
    // The hours in schema.org's days and times while the office keeps the ones they stand for
    // («De lunes a viernes, de 8:00 a 18:00»); hours staff write in words are not guessed at.
    ...(company.offices[0]?.hours === officeHours.text
      ? {
          openingHoursSpecification: [
            {
              "@type": "OpeningHoursSpecification",
              dayOfWeek: officeHours.days,
              opens: officeHours.opens,
              closes: officeHours.closes,
            },
          ],
        }
      : {}),
    areaServed: areaServed(company),
    sameAs: company.social.map((profile) => profile.url),
  };
}

/** schema.org Service of a service's page: what it is, who provides it and where. */
export function serviceJsonLd(
  service: Service,
  categoryLabel: string,
  company: CompanyFacts,
): object {
  const url = absoluteUrl(servicePath(service));
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    "@id": `${url}#servicio`,
    name: service.title,
    serviceType: service.label,
    category: categoryLabel,
    description: service.seo.description,
    url,
    provider: {
      "@type": "HomeAndConstructionBusiness",
      "@id": businessId(),
      name: company.name,
      url: absoluteUrl("/"),
      telephone: company.phoneHref.replace(/^tel:/, ""),
    },
    areaServed: areaServed(company),
  };
}

/**
 * schema.org data of a finished project's page: a CreativeWork by the company, about the
 * service, made where and when it was, with its photos. No Review or AggregateRating: opinions
 * on the company's own site are self-serving for Google's review snippets (decision 251).
 */
export function projectJsonLd(project: PublicProject): object {
  const url = absoluteUrl(projectPath(project.slug));
  return {
    "@context": "https://schema.org",
    "@type": "CreativeWork",
    "@id": `${url}#obra`,
    name: project.title,
    headline: project.title,
    description: project.summary,
    url,
    dateCreated: String(project.year),
    inLanguage: "es-ES",
    creator: { "@type": "HomeAndConstructionBusiness", "@id": businessId() },
    about: { "@type": "Service", serviceType: project.serviceTitle },
    locationCreated: {
      "@type": "Place",
      address: {
        "@type": "PostalAddress",
        addressLocality: project.city,
        addressRegion: project.province,
        addressCountry: "ES",
      },
    },
    ...(project.cover ? { thumbnailUrl: absoluteUrl(project.cover.src) } : {}),
    image: project.photos.map((photo) => ({
      "@type": "ImageObject",
      contentUrl: absoluteUrl(photo.src),
      width: photo.width,
      height: photo.height,
      caption: photo.alt,
    })),
  };
}
