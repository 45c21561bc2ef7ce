/**
 * Privacy policy (/privacy-and-politics): the information article 13 of the GDPR requires when
 * data are collected from the visitor, per form of the site (contact, newsletter, account).
 * What it says is stored, and for how long, must match the schema and what the server really
 * does; change both together (privacy.test.ts checks the figures the server owns). A new
 * `updated` date needs a new entry in content/account-fields.ts's termsVersions (decision 167).
 */
import { type CompanyFacts, defaultCompanyFacts } from "../company";
import { blockedConsentYears, pendingDays } from "../newsletter";
import { auditYears, leadRetention, mailCopyDays, yearsInWords } from "../retention";
import type { LegalDocument } from "./types";

/** The document with the company's facts as published (the admin's «Empresa»). */
export function privacyFor(company: CompanyFacts): LegalDocument {
  const { address } = company;
  const fullAddress = `${address.street}, ${address.postalCode} ${address.city} (${address.country})`;
  return {
    path: "/privacy-and-politics",
    title: "Política de privacidad",
    updated: "2026-11-29",
    intro:
      "Aquí te explicamos qué datos personales tratamos cuando usas este sitio web, para qué, con qué base legal, durante cuánto tiempo, con quién los compartimos y cómo puedes ejercer tus derechos, conforme al Reglamento (UE) 2016/679 (RGPD) y a la Ley Orgánica 3/2018 (LOPDGDD).",
    sections: [
      {
        heading: "Responsable del tratamiento",
        paragraphs: ["El responsable del tratamiento de tus datos es:"],
        list: [
          `${company.legalName}, NIF ${company.nif}.`,
          `Domicilio: ${fullAddress}.`,
          `Correo electrónico para cuestiones de privacidad: ${company.email}.`,
          `Teléfono: ${company.phone}.`,
        ],
      },
      {
        heading: "Formulario de contacto y petición de presupuesto",
        paragraphs: [
          "Datos que tratamos: tu nombre, el asunto y el mensaje (obligatorios), tu correo electrónico o tu teléfono (al menos uno de los dos) y, si nos los das, los datos de la obra: el servicio que te interesa, la zona y el código postal, el tipo de inmueble y sus metros aproximados, el presupuesto orientativo, cuándo quieres empezar y cómo y cuándo prefieres que te contactemos. Con tu solicitud guardamos su referencia y el seguimiento que hace nuestro personal: en qué punto está, quién la atiende y sus notas.",
          "Si adjuntas fotos o planos (hasta cinco), guardamos el nombre de cada archivo y una copia que hacemos nosotros, de 2560 píxeles de lado como mucho y con una miniatura, sin los datos que las imágenes llevan ocultos, como la ubicación GPS, la fecha o el modelo del móvil. Solo las ve el personal que atiende las solicitudes, y se borran con tu solicitud. Los correos sobre tu solicitud nombran los archivos, pero no llevan las imágenes.",
          "Finalidad: responder a tu consulta, visitar la obra si lo pides y prepararte un presupuesto. Si nos das tu correo, te enviamos una confirmación con la referencia de tu solicitud y un resumen de lo que nos has contado.",
          "Base legal: la aplicación de medidas precontractuales a petición tuya cuando pides un presupuesto (art. 6.1.b RGPD) y nuestro interés legítimo en atender las consultas que recibimos (art. 6.1.f RGPD).",
          `Conservación: contamos el plazo desde el último movimiento de tu solicitud: cuando nos la enviaste, cuando el sitio envió el último correo sobre ella, o la última vez que nuestro personal cambió su estado o quién la atiende o le añadió una nota. Si no llegamos a contratar, la conservamos ${yearsInWords(leadRetention.notWonYears)} desde ese último movimiento. Si contratas, ${yearsInWords(leadRetention.wonYears)} desde él, el plazo en que las leyes mercantiles nos obligan a guardar la correspondencia de nuestros trabajos (art. 30 del Código de Comercio).`,
          "De dónde llegaste: con tu solicitud guardamos la primera página de este sitio que abriste en esa visita, el dominio de la web desde la que llegaste (por ejemplo «google.es», nunca la dirección completa) y, si llegaste por un enlace de campaña o un anuncio, los parámetros de campaña de ese enlace (utm_source, utm_medium, utm_campaign, utm_term y utm_content). Solo si aceptaste el almacenamiento y los datos de usuario para publicidad (en el aviso de cookies o en sus preferencias) guardamos también el identificador del clic en el anuncio de Google Ads (gclid, gbraid o wbraid); sin ese consentimiento no lo guardamos. Cada valor se guarda solo si tiene como mucho 200 caracteres imprimibles; si no, se descarta entero. Finalidad: saber qué canales y anuncios nos traen solicitudes y cuáles acaban en un presupuesto o una obra, para no gastar en publicidad que no funciona. Base legal: nuestro interés legítimo en saber de dónde llegan las solicitudes (art. 6.1.f RGPD) y, para el identificador del clic, tu consentimiento (art. 6.1.a RGPD), que puedes retirar cuando quieras desde «Preferencias de cookies».",
          "Si te enviamos un presupuesto o contratas y tu solicitud tiene el identificador del clic, comunicamos a Google Ireland Limited ese identificador con el nombre de la conversión, su fecha y hora y, si contratas, el importe, para que Google Ads cuente qué anuncio funcionó. No le comunicamos tu nombre, tu correo, tu teléfono ni lo que nos escribiste.",
          "Pasado el plazo borramos tu nombre, tu correo, tu teléfono, el asunto, el mensaje, el código postal, el identificador del clic en el anuncio, cómo y cuándo preferías que te contactáramos, las fotos, las notas de nuestro personal y las copias de los correos sobre tu solicitud. Para nuestras estadísticas queda, sin nada que te identifique, la referencia, el servicio, la zona, el tipo de inmueble y sus metros, el presupuesto orientativo, cuándo querías empezar, quién de nuestro equipo la atendió, en qué quedó y sus fechas.",
          "Si nos pides antes que la borremos, la borramos entera, con sus fotos, sus notas y las copias de sus correos.",
        ],
      },
      {
        heading: "Boletín de novedades",
        paragraphs: [
          "Datos que tratamos: tu correo electrónico y la prueba de tu consentimiento: el texto que aceptaste y su versión, la página y la dirección IP desde las que te suscribiste, y cuándo lo hiciste y lo confirmaste. Si te das de baja, también cuándo y cómo lo hiciste.",
          "Finalidad: enviarte por correo, como mucho una vez al mes, novedades sobre nuestros trabajos, ideas para tu reforma y ofertas de nuestros servicios.",
          `Doble confirmación: al suscribirte te enviamos un correo con un enlace. Hasta que lo abres no te enviamos nada más, y si no lo abres en ${pendingDays} días borramos tu dirección.`,
          "Base legal: tu consentimiento (art. 6.1.a RGPD y art. 21 LSSI-CE), que das al suscribirte y confirmar, y puedes retirar en cualquier momento con el enlace de baja de cada correo, con el botón de baja de tu programa de correo o escribiéndonos.",
          `Conservación: mientras sigas suscrito. Cuando te das de baja dejamos de enviarte el boletín, y durante ${blockedConsentYears} años guardamos bloqueados tu correo, la prueba de tu consentimiento, cuándo y cómo te diste de baja y las copias de los boletines que te enviamos: es el plazo en que nos pueden pedir cuentas por esos correos (art. 72 LOPDGDD). Bloqueados quiere decir que no los usamos para nada, salvo para demostrar ante un juez o la autoridad de protección de datos que nos diste tu consentimiento (art. 32 LOPDGDD). Pasado el plazo los borramos.`,
          `Si nos pides que borremos tus datos, borramos tu suscripción y las copias de los boletines, pero guardamos bloqueada la prueba de tu consentimiento durante ${blockedConsentYears} años por el mismo motivo.`,
        ],
      },
      {
        heading: "Cuenta de usuario",
        paragraphs: [
          "Datos que tratamos: tu nombre de usuario, tu correo electrónico y tu contraseña, que guardamos cifrada de forma irreversible; la fecha en que creaste la cuenta y la fecha en que verificaste tu correo; y cuándo aceptaste los términos y condiciones y esta política al registrarte, y qué versión de los textos aceptaste.",
          "Finalidad: crear y gestionar tu cuenta, verificar tu correo, permitirte iniciar sesión y recuperar la contraseña, y poder demostrar que aceptaste los términos y la política.",
          "Tus solicitudes de presupuesto: si envías una con la sesión iniciada, o verificas en tu cuenta el correo con el que la enviaste, la vinculamos a tu cuenta, para poder mostrarte en ella en qué punto está (sin las notas internas de nuestro personal). En «Mis solicitudes» puedes añadir fotos a una solicitud abierta y borrar tus datos de cualquiera de ellas: los borramos en el momento, y solo quedan la referencia, el servicio y las fechas, sin nada que te identifique.",
          "Base legal: la ejecución del contrato de uso de la cuenta que aceptas al registrarte (art. 6.1.b RGPD).",
          "Conservación: mientras mantengas la cuenta. Si nos pides borrarla, la eliminamos en un plazo máximo de un mes. Los enlaces de verificación y de cambio de contraseña caducan a los 60 minutos, y las sesiones a las 12 horas, o a los 30 días si marcas «Recordarme».",
        ],
      },
      {
        heading: "Seguridad del sitio y cookies",
        paragraphs: [
          "Para proteger los formularios y las cuentas frente a abusos, contamos durante una hora como mucho los envíos que se hacen desde cada dirección IP y los intentos fallidos de entrar en cada cuenta, y durante un día los correos de confirmación del boletín que enviamos a cada dirección de correo. Si tienes cuenta, recordamos durante 30 días las direcciones IP desde las que has entrado, para que los intentos de otras personas no te dejen fuera.",
          "Además, el servidor web anota cada petición (dirección IP, fecha y hora, página pedida y navegador) en un registro técnico que se borra a las dos semanas, para detectar ataques y averías.",
          "Todo esto se basa en nuestro interés legítimo en mantener el sitio seguro (art. 6.1.f RGPD).",
          "Las cookies de analítica y de publicidad solo se usan si las aceptas (art. 6.1.a RGPD y art. 22.2 LSSI-CE). Te lo explicamos con detalle en la política de cookies.",
        ],
        links: [{ text: "Política de cookies", url: "/cookies-politics" }],
      },
      {
        heading: "Destinatarios y transferencias internacionales",
        paragraphs: [
          "No vendemos ni cedemos tus datos a terceros, salvo obligación legal (por ejemplo, a la Agencia Tributaria o a jueces y tribunales). Para prestar el servicio nos apoyamos en proveedores que tratan los datos por cuenta nuestra, con contratos de encargo del tratamiento:",
        ],
        list: [
          "Proveedor de alojamiento del sitio web, con servidores en la Unión Europea.",
          "Proveedor de correo electrónico, que envía nuestras respuestas, los correos de tu cuenta y el boletín.",
          "Google Ireland Limited (Google Analytics y Google Ads), solo si aceptas esas cookies. Google puede transferir datos a Estados Unidos al amparo del Marco de Privacidad de Datos UE-EE. UU. y de cláusulas contractuales tipo aprobadas por la Comisión Europea.",
          "OpenStreetMap Foundation, que recibe tu dirección IP solo si cargas el mapa de la página del equipo.",
        ],
      },
      {
        heading: "Tus derechos",
        paragraphs: [
          "Puedes ejercer en cualquier momento, de forma gratuita, estos derechos sobre tus datos:",
        ],
        list: [
          "Acceso: saber qué datos tuyos tratamos.",
          "Rectificación: corregir los que sean inexactos.",
          "Supresión: pedir que los borremos (salvo lo que la ley nos obliga a guardar bloqueado, como la prueba de tu consentimiento para el boletín).",
          "Oposición: oponerte a un tratamiento basado en nuestro interés legítimo.",
          "Limitación: pedir que dejemos de usarlos mientras se resuelve una reclamación.",
          "Portabilidad: recibirlos en un formato estructurado o que se los enviemos a otra empresa.",
          "Retirar tu consentimiento, sin que ello afecte a la licitud del tratamiento anterior.",
        ],
      },
      {
        heading: "Cómo ejercer tus derechos",
        paragraphs: [
          `Escríbenos a ${company.email} o por correo postal a ${fullAddress}, indicando qué derecho quieres ejercer. Solo te pediremos que acredites tu identidad si tenemos dudas razonables sobre ella.`,
          "Te responderemos en el plazo de un mes, que podrá ampliarse dos meses más en casos complejos; si es así, te avisaremos dentro del primer mes.",
        ],
      },
      {
        heading: "Reclamación ante la AEPD",
        paragraphs: [
          "Si crees que no hemos tratado tus datos correctamente, puedes presentar una reclamación ante la Agencia Española de Protección de Datos (AEPD), C/ Jorge Juan 6, 28001 Madrid, o en su sede electrónica. Te agradeceremos que antes nos escribas, para intentar resolverlo.",
        ],
        links: [{ text: "Sede electrónica de la AEPD", url: "https://sedeagpd.gob.es" }],
      },
      {
        heading: "Otros aspectos",
        paragraphs: [
          "Los campos marcados como obligatorios en cada formulario son necesarios para atender tu petición; si no los rellenas, no podremos hacerlo. No tomamos decisiones automatizadas ni elaboramos perfiles con tus datos.",
          `Guardamos una copia de cada correo que te enviamos desde el sitio, para comprobar que ha salido: las de tu solicitud se borran con ella, las del boletín con tu suscripción, y las demás (las de tu cuenta) ${mailCopyDays} días después de enviarlas.`,
          `Cuando nuestro personal cambia o borra datos en la administración, queda registrado quién lo hizo, cuándo y qué cambió, para poder rendir cuentas de cómo tratamos tus datos. Cada anotación se borra a los ${auditYears} años, el plazo en que la AEPD puede pedirnos cuentas de ello (art. 72 LOPDGDD). Cuando borramos tus datos (tu solicitud, tu suscripción o tu cuenta), el registro deja de guardar lo que contenían y conserva solo quién hizo cada cambio y cuándo.`,
          "Hacemos cada noche una copia de seguridad de la base de datos y la borramos a las dos semanas: lo que borramos desaparece también de las copias en ese plazo.",
          "Este sitio no está dirigido a menores de 14 años. Aplicamos medidas técnicas y organizativas para proteger tus datos, como la conexión cifrada, contraseñas cifradas y accesos restringidos. Podemos actualizar esta política; la versión vigente es la publicada en esta página.",
        ],
      },
    ],
    seo: {
      title: "Política de privacidad",
      description: `Cómo trata ${company.name} tus datos: responsable, finalidades y bases legales, conservación, destinatarios, tus derechos y la reclamación ante la AEPD.`,
      keywords: [
        "política de privacidad",
        "protección de datos",
        "RGPD",
        "LOPDGDD",
        "derechos",
        "AEPD",
      ],
    },
  };
}

/** As a first install publishes it (content/company.ts): its path, title and dates. */
export const privacy: LegalDocument = /* @__PURE__ */ privacyFor(defaultCompanyFacts);
