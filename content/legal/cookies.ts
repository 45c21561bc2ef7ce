/**
 * Cookie policy (/cookies-politics), written after the AEPD's cookie guide: what cookies are,
 * which ones this site uses, why, who sets them, and how to accept, refuse or withdraw.
 * The table must list every key the site really stores: app/lib/storage-keys.test.ts checks it.
 */
import { type CompanyFacts, defaultCompanyFacts } from "../company";
import type { LegalDocument } from "./types";

/** The document with the company's facts as published (the admin's «Empresa»). */
export function cookiesFor(company: CompanyFacts): LegalDocument {
  return {
    path: "/cookies-politics",
    title: "Política de cookies",
    updated: "2026-11-29",
    intro: `En esta página te explicamos qué cookies y tecnologías parecidas usa el sitio web de ${company.name}, para qué sirven y cómo puedes aceptarlas, rechazarlas o cambiar de opinión en cualquier momento.`,
    sections: [
      {
        heading: "Qué son las cookies",
        paragraphs: [
          "Las cookies son pequeños archivos que un sitio web guarda en tu navegador para recordar información entre una visita y otra. El almacenamiento local (localStorage) y el de sesión (sessionStorage) son tecnologías parecidas: guardan datos en tu navegador que solo lee este sitio; los del almacenamiento de sesión se borran al cerrar la pestaña.",
          "La ley (art. 22.2 LSSI-CE) nos obliga a pedir tu consentimiento antes de usar cookies que no sean imprescindibles para el funcionamiento del sitio, como las de analítica o publicidad.",
        ],
      },
      {
        heading: "Qué cookies usa este sitio",
        paragraphs: [
          "Sin tu consentimiento solo usamos claves técnicas de almacenamiento local y de sesión, imprescindibles para lo que tú pides: iniciar sesión, recordar tu decisión sobre las cookies y no perder lo que escribes; y una clave propia, leadSource, que recuerda durante la visita cómo llegaste al sitio, no te identifica y solo se envía con tu solicitud de presupuesto si la envías. Las cookies de Google Analytics y Google Ads, y el identificador del clic en un anuncio, solo se guardan si los aceptas.",
        ],
        table: {
          caption: "Cookies y almacenamiento local de este sitio",
          columns: ["Nombre", "Tipo", "Titular", "Finalidad", "Duración"],
          rows: [
            [
              "authToken",
              "Almacenamiento local (técnica)",
              company.name,
              "Mantener tu sesión iniciada cuando entras en tu cuenta.",
              "Hasta que cierras sesión o la sesión caduca",
            ],
            [
              "staffBrowser",
              "Almacenamiento local (técnica)",
              company.name,
              "Solo en las cuentas del equipo de la empresa: reconocer este navegador, para avisar por correo cuando alguien entra en la cuenta desde otro.",
              "Hasta que borras los datos del navegador",
            ],
            [
              "cookieConsent",
              "Almacenamiento local (técnica)",
              company.name,
              "Recordar si has aceptado, rechazado o configurado las cookies, para no volver a preguntarte.",
              "Hasta que borras los datos del navegador",
            ],
            [
              "quoteDraft",
              "Almacenamiento de sesión (técnica)",
              company.name,
              "Guardar lo que escribes en el formulario de presupuesto hasta que lo envías, para que no lo pierdas si recargas la página o vas a otra. No sale de tu dispositivo.",
              "Hasta que envías la solicitud o cierras la pestaña",
            ],
            [
              "leadSource",
              "Almacenamiento de sesión (propia)",
              company.name,
              "Recordar cómo llegaste al sitio en esta visita (la primera página que abriste, el dominio de la web de la que venías y los parámetros de campaña del enlace), para enviarlo con tu solicitud de presupuesto si la envías. Solo si aceptaste el almacenamiento y los datos de usuario para publicidad guarda también el identificador del clic en un anuncio de Google Ads (gclid, gbraid o wbraid). No se envía a nadie más ni te identifica.",
              "Hasta que cierras la pestaña",
            ],
            [
              "returnTo",
              "Almacenamiento de sesión (técnica)",
              company.name,
              "Recordar la página que querías ver antes de iniciar sesión, para ofrecerte volver a ella.",
              "30 minutos, o hasta que cierras la pestaña",
            ],
            [
              "admin-list:*",
              "Almacenamiento de sesión (técnica)",
              company.name,
              "Solo para el personal de la empresa: recordar los filtros y el orden de cada listado del área de administración.",
              "Hasta que cierras la pestaña",
            ],
            [
              "admin-filters:*",
              "Almacenamiento local (técnica)",
              company.name,
              "Solo para el personal de la empresa: recordar los últimos filtros de la bandeja de contactos de cada persona, para abrirla como la dejó.",
              "Sin caducidad: cada vista sustituye a la anterior y «Quitar filtros» la vacía",
            ],
            [
              "_ga",
              "Cookie de analítica (solo con consentimiento)",
              "Google Ireland Limited",
              "Distinguir visitantes de forma anónima para contar visitas en Google Analytics.",
              "2 años",
            ],
            [
              "_ga_*",
              "Cookie de analítica (solo con consentimiento)",
              "Google Ireland Limited",
              "Mantener el estado de tu visita en Google Analytics.",
              "2 años",
            ],
            [
              "_gcl_au",
              "Cookie de publicidad (solo con consentimiento)",
              "Google Ireland Limited",
              "Medir qué anuncios de Google Ads acaban en una llamada o una petición de presupuesto.",
              "3 meses",
            ],
          ],
        },
      },
      {
        heading: "Para qué las usamos",
        paragraphs: [
          "Las claves técnicas permiten que inicies sesión, que el sitio recuerde tu decisión sobre las cookies y que no pierdas lo que escribes en un formulario. Están exentas de consentimiento porque sin ellas esas funciones no existirían.",
          "Las cookies de analítica nos dicen cuántas personas visitan cada página y de dónde llegan, para mejorar los contenidos. Las de publicidad nos dicen si nuestros anuncios funcionan, para no gastar en los que no lo hacen. No las usamos para crear perfiles detallados de ti.",
        ],
      },
      {
        heading: "Quién las instala",
        paragraphs: [
          `Las claves técnicas son propias: las instala y las lee solo ${company.name}. Las cookies de analítica y publicidad son de terceros: las instala Google Ireland Limited, que puede transferir datos a Estados Unidos al amparo del Marco de Privacidad de Datos UE-EE. UU.`,
          "El mapa de la página del equipo procede de OpenStreetMap. No se carga hasta que pulsas «Cargar mapa» o aceptas todas las cookies con «Aceptar»; a partir de ese momento OpenStreetMap recibe tu dirección IP y puede instalar sus propias cookies.",
        ],
        links: [
          { text: "Privacidad de Google", url: "https://policies.google.com/privacy?hl=es" },
          {
            text: "Política de privacidad de OpenStreetMap",
            url: "https://osmfoundation.org/wiki/Privacy_Policy",
          },
        ],
      },
      {
        heading: "Cómo aceptar, rechazar o retirar tu consentimiento",
        paragraphs: [
          "La primera vez que entras te mostramos un aviso con tres botones del mismo tamaño: «Aceptar», «Rechazar» y «Preferencias». Mientras no elijas, no se instala ninguna cookie de analítica ni de publicidad.",
        ],
        list: [
          "Aceptar: activa las cookies de analítica y publicidad; si antes elegiste en Preferencias, activa exactamente las que marcaste.",
          "Rechazar: deniega todas las cookies de analítica y publicidad.",
          "Preferencias: te deja activar o desactivar por separado el almacenamiento para publicidad, los datos de usuario para publicidad, la personalización de anuncios y la analítica. Todas empiezan desactivadas; «Guardar» aplica tu selección y «Atrás» vuelve sin cambiar nada.",
          "Cambiar de opinión: en cualquier momento, desde el enlace «Preferencias de cookies» del pie de cualquier página, que vuelve a abrir el panel. Retirar el consentimiento es tan fácil como darlo.",
          "Desde tu navegador: también puedes borrar o bloquear las cookies en su configuración (Chrome, Firefox, Safari o Edge). Si bloqueas el almacenamiento local no podrás iniciar sesión.",
        ],
      },
      {
        heading: "Cambios en esta política",
        paragraphs: [
          "Actualizaremos esta política si cambiamos las cookies que usa el sitio. Si el cambio afecta a cookies que necesitan tu consentimiento, te lo volveremos a pedir.",
        ],
        links: [{ text: "Política de privacidad", url: "/privacy-and-politics" }],
      },
    ],
    seo: {
      title: "Política de cookies",
      description: `Qué cookies usa ${company.name}, para qué, quién las instala y cómo aceptarlas, rechazarlas o retirar tu consentimiento en «Preferencias de cookies».`,
      keywords: [
        "política de cookies",
        "cookies",
        "consentimiento",
        "Google Analytics",
        "almacenamiento local",
      ],
    },
  };
}

/** As a first install publishes it (content/company.ts): its path, title and dates. */
export const cookies: LegalDocument = /* @__PURE__ */ cookiesFor(defaultCompanyFacts);
