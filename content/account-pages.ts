/**
 * Head texts of the account and admin screens (SPEC §1: every page has an SEO title,
 * description and comma-separated keywords). These screens are kept out of search results
 * (noindex); the texts are what a browser tab, a bookmark or a shared link shows. Only the
 * account and admin screens import this file, so visitors of public pages never download it.
 */
import type { Seo } from "./types";

/** What a visitor gets from an account, said on /register (issue 36; decision 267). */
export const accountPurpose =
  "Con tu cuenta sigues tus solicitudes de presupuesto: ves en qué punto está cada una y puedes añadirles fotos.";

export const accountPages = {
  register: {
    title: "Crear cuenta",
    description:
      "Crea tu cuenta de cliente de Obra Mediterránea: sigue tus solicitudes de presupuesto y añádeles fotos de tu reforma, obra o proyecto de interiorismo.",
    keywords: ["crear cuenta", "registro de clientes", "área de clientes", "Obra Mediterránea"],
  },
  login: {
    title: "Iniciar sesión",
    description:
      "Accede a tu área de cliente de Obra Mediterránea con tu correo electrónico y tu contraseña.",
    keywords: ["iniciar sesión", "acceso clientes", "área de clientes", "Obra Mediterránea"],
  },
  forgotPassword: {
    title: "Recuperar contraseña",
    description:
      "¿Has olvidado tu contraseña? Escribe tu correo electrónico y te enviaremos un enlace para crear una nueva.",
    keywords: [
      "recuperar contraseña",
      "olvidé mi contraseña",
      "restablecer contraseña",
      "área de clientes",
    ],
  },
  verifyEmail: {
    title: "Verificar correo",
    description:
      "Confirmamos tu dirección de correo electrónico para activar tu cuenta de cliente de Obra Mediterránea.",
    keywords: [
      "verificar correo",
      "confirmar correo electrónico",
      "activar cuenta",
      "área de clientes",
    ],
  },
  changePassword: {
    title: "Cambiar contraseña",
    description:
      "Elige una contraseña nueva para tu cuenta de cliente de Obra Mediterránea con el enlace que te hemos enviado por correo.",
    keywords: [
      "cambiar contraseña",
      "contraseña nueva",
      "restablecer contraseña",
      "área de clientes",
    ],
  },
  dashboard: {
    title: "Mi panel",
    description:
      "Tu panel de cliente de Obra Mediterránea: pide presupuesto, consulta nuestros servicios y revisa el estado de tu cuenta.",
    keywords: ["mi panel", "mi cuenta", "área de clientes", "Obra Mediterránea"],
  },
  profile: {
    title: "Perfil",
    description:
      "Los datos de tu cuenta de cliente de Obra Mediterránea: nombre y correo electrónico.",
    keywords: ["perfil", "mi cuenta", "datos personales", "área de clientes"],
  },
  settings: {
    title: "Configuración",
    description: "Las preferencias de tu cuenta de cliente de Obra Mediterránea.",
    keywords: ["configuración", "preferencias", "mi cuenta", "área de clientes"],
  },
  security: {
    title: "Seguridad de la cuenta",
    description:
      "Tu verificación en dos pasos y las sesiones abiertas de tu cuenta del equipo de Obra Mediterránea.",
    keywords: ["seguridad", "verificación en dos pasos", "sesiones", "Obra Mediterránea"],
  },
  newsletterConfirm: {
    title: "Confirmar suscripción",
    description:
      "Confirma tu suscripción al boletín de Obra Mediterránea: ideas para tu reforma y obras terminadas, como mucho una vez al mes.",
    keywords: ["boletín", "confirmar suscripción", "newsletter", "Obra Mediterránea"],
  },
  newsletterUnsubscribe: {
    title: "Darse de baja del boletín",
    description: "Deja de recibir el boletín de Obra Mediterránea con un solo clic.",
    keywords: ["boletín", "darse de baja", "cancelar suscripción", "Obra Mediterránea"],
  },
} satisfies Record<string, Seo>;

/** The admin screens take their title from the section (SPEC §2); the rest is shared. */
export const adminPages = {
  company: {
    description:
      "Área de administración de Obra Mediterránea: los datos de la empresa que leen la web, los textos legales y los correos.",
    keywords: ["administración", "empresa", "datos fiscales", "oficinas", "Obra Mediterránea"],
  },
  sources: {
    description:
      "Área de administración de Obra Mediterránea: de dónde llegan las solicitudes, cuántas acaban en presupuesto y en obra, y las conversiones para Google Ads.",
    keywords: ["administración", "fuentes", "campañas", "conversiones", "Obra Mediterránea"],
  },
  index: {
    description:
      "Área de administración de Obra Mediterránea: los registros de la sección, con sus acciones de alta, edición y borrado.",
    keywords: [
      "administración",
      "gestión de registros",
      "panel de administración",
      "Obra Mediterránea",
    ],
  },
  create: {
    description: "Área de administración de Obra Mediterránea: formulario para crear un registro.",
    keywords: ["administración", "crear registro", "panel de administración", "Obra Mediterránea"],
  },
  detail: {
    description:
      "Área de administración de Obra Mediterránea: un registro con su estado, sus notas internas y su historial.",
    keywords: [
      "administración",
      "ficha del registro",
      "panel de administración",
      "Obra Mediterránea",
    ],
  },
  update: {
    description: "Área de administración de Obra Mediterránea: formulario para editar un registro.",
    keywords: ["administración", "editar registro", "panel de administración", "Obra Mediterránea"],
  },
} satisfies Record<string, Omit<Seo, "title">>;
