/**
 * Legal notice and terms of use (/terms-and-conditions). Section 1 carries the information
 * article 10 of the LSSI-CE (Ley 34/2002) requires of every website owner; its values come from
 * content/company.ts, where the placeholders are marked.
 */
import { type CompanyFacts, defaultCompanyFacts, inWords } from "../company";
import type { LegalDocument } from "./types";

/** The document with the company's facts as published (the admin's «Empresa»). */
export function termsFor(company: CompanyFacts): LegalDocument {
  const { address, registry } = company;
  const fullAddress = `${address.street}, ${address.postalCode} ${address.city} (${address.region}, ${address.country})`;
  return {
    path: "/terms-and-conditions",
    title: "Aviso legal y términos y condiciones",
    updated: "2026-11-21",
    intro: `Este aviso legal regula el uso del sitio web de ${company.name}. Al navegar por él aceptas estas condiciones; léelas con calma y escríbenos si tienes cualquier duda.`,
    sections: [
      {
        heading: "Titular del sitio web",
        paragraphs: [
          "En cumplimiento del artículo 10 de la Ley 34/2002, de 11 de julio, de servicios de la sociedad de la información y de comercio electrónico (LSSI-CE), te informamos de los datos del titular de este sitio web:",
        ],
        list: [
          `Titular: ${company.legalName} («${company.name}»).`,
          `NIF: ${company.nif}.`,
          `Domicilio social: ${fullAddress}.`,
          `Datos registrales: inscrita en el ${registry.office}, tomo ${registry.tomo}, folio ${registry.folio}, hoja ${registry.hoja}, inscripción ${registry.inscription}.`,
          `Correo electrónico: ${company.email}.`,
          `Teléfono: ${company.phone}.`,
        ],
      },
      {
        heading: "Objeto y ámbito de aplicación",
        paragraphs: [
          `Este sitio web presenta los servicios de reformas, construcción e interiorismo que ${company.name} presta en ${inWords(company.areasServed)}, y permite pedir presupuesto, suscribirse al boletín y crear una cuenta de usuario.`,
          "Estas condiciones se aplican a cualquier persona que acceda al sitio (en adelante, «usuario»). Algunas funciones, como la cuenta de usuario, pueden tener condiciones propias que se te mostrarán antes de usarlas.",
        ],
      },
      {
        heading: "Condiciones de uso",
        paragraphs: ["El acceso al sitio es gratuito. Como usuario te comprometes a:"],
        list: [
          "Usar el sitio y sus contenidos de forma lícita, de acuerdo con la ley, la buena fe y estas condiciones.",
          "Facilitar datos veraces en los formularios y mantenerlos actualizados.",
          "No introducir virus ni realizar acciones que puedan dañar o sobrecargar el sitio o los sistemas de terceros.",
          "No enviar mensajes comerciales no solicitados ni suplantar la identidad de otras personas a través de los formularios.",
          "Custodiar la contraseña de tu cuenta y avisarnos si sospechas que otra persona la conoce.",
        ],
      },
      {
        heading: "Información sobre servicios y presupuestos",
        paragraphs: [
          "Los plazos, materiales y precios que aparecen en este sitio son orientativos y describen trabajos habituales. No constituyen una oferta vinculante.",
          "Cada encargo se rige por el presupuesto personalizado y el contrato que firmamos contigo tras visitar la obra, donde constan el alcance, el precio con los impuestos aplicables, los plazos, la forma de pago y las garantías. Si eres consumidor, conservas todos los derechos que te reconoce el Real Decreto Legislativo 1/2007 (Ley General para la Defensa de los Consumidores y Usuarios).",
          "Los proyectos técnicos que lo requieren los firman arquitectos y arquitectos técnicos colegiados; sus datos de colegiación figuran en cada proyecto.",
        ],
      },
      {
        heading: "Propiedad intelectual e industrial",
        paragraphs: [
          `Los textos, ilustraciones, fotografías, logotipos, diseño gráfico y código de este sitio pertenecen a ${company.legalName} o a terceros que han autorizado su uso, y están protegidos por la legislación de propiedad intelectual e industrial.`,
          "Puedes consultarlos e imprimirlos para tu uso personal. Cualquier reproducción, distribución, comunicación pública o transformación con otros fines requiere nuestra autorización previa por escrito.",
        ],
      },
      {
        heading: "Responsabilidad",
        paragraphs: [
          "Trabajamos para que la información del sitio sea correcta y esté actualizada, y para que el sitio funcione sin interrupciones. Aun así, no podemos garantizar la ausencia total de errores ni de interrupciones técnicas.",
        ],
        list: [
          "No respondemos de los daños derivados de un uso del sitio contrario a estas condiciones.",
          "No respondemos de interrupciones causadas por terceros, como fallos de la red o del proveedor de alojamiento, ni por causas de fuerza mayor.",
          "Corregiremos con la mayor rapidez posible cualquier error que detectemos o que nos comuniques.",
        ],
      },
      {
        heading: "Enlaces a otros sitios",
        paragraphs: [
          "El sitio contiene enlaces a nuestros perfiles en redes sociales y a sitios de terceros, como la Agencia Española de Protección de Datos. No controlamos esos sitios ni respondemos de sus contenidos, que se rigen por sus propias condiciones y políticas de privacidad.",
          "Si quieres enlazar a este sitio desde el tuyo, puedes hacerlo siempre que el enlace lleve a la página principal o a una página de servicio y no dé a entender una relación que no existe.",
        ],
      },
      {
        heading: "Protección de datos personales",
        paragraphs: [
          "Tratamos los datos que nos facilitas en los formularios de contacto, de suscripción y de registro conforme al Reglamento (UE) 2016/679 (RGPD) y a la Ley Orgánica 3/2018 (LOPDGDD). En la política de privacidad te explicamos quién trata tus datos, para qué, con qué base legal, durante cuánto tiempo y cómo ejercer tus derechos.",
        ],
        links: [{ text: "Política de privacidad", url: "/privacy-and-politics" }],
      },
      {
        heading: "Cookies",
        paragraphs: [
          "Este sitio solo usa las cookies y el almacenamiento local imprescindibles para funcionar, salvo que aceptes las de analítica y publicidad en el aviso de cookies. Puedes cambiar tu decisión en cualquier momento desde el enlace «Preferencias de cookies» del pie de página.",
        ],
        links: [{ text: "Política de cookies", url: "/cookies-politics" }],
      },
      {
        heading: "Modificaciones",
        paragraphs: [
          "Podemos modificar este aviso legal para adaptarlo a cambios legales o a nuevas funciones del sitio. La versión vigente es siempre la publicada en esta página, con la fecha de su última actualización.",
        ],
      },
      {
        heading: "Legislación aplicable y jurisdicción",
        paragraphs: [
          "Estas condiciones se rigen por la legislación española. Si eres consumidor, cualquier controversia se someterá a los juzgados y tribunales de tu domicilio. En los demás casos, las partes se someten a los juzgados y tribunales de la ciudad de nuestro domicilio social.",
          "Antes de acudir a los tribunales te invitamos a escribirnos: resolvemos la gran mayoría de incidencias hablando. Como consumidor también puedes acudir a las juntas arbitrales de consumo de tu comunidad autónoma.",
        ],
      },
    ],
    seo: {
      title: "Aviso legal y términos y condiciones",
      description: `Aviso legal de ${company.name}: titular, NIF, domicilio y registro, condiciones de uso, propiedad intelectual, responsabilidad y legislación aplicable.`,
      keywords: [
        "aviso legal",
        "términos y condiciones",
        "condiciones de uso",
        "LSSI-CE",
        company.name,
      ],
    },
  };
}

/** As a first install publishes it (content/company.ts): its path, title and dates. */
export const terms: LegalDocument = /* @__PURE__ */ termsFor(defaultCompanyFacts);
