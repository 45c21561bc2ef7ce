// The two pages the newsletter's mails link to, one module registered once per address in
// app/routes.ts; the address picks the page:
// - /newsletter/confirmar?token=…: the link of the confirmation mail (double opt-in);
// - /newsletter/baja?token=…: the unsubscribe link of every newsletter mail. One click, no sign-in.
import { useLocation } from "react-router";
import { NewsletterLinkPage, postLinkToken } from "~/components/newsletter-link-page";
import { noindexMeta } from "~/lib/seo";
import { accountPages } from "../../content/account-pages";
import type { Route } from "./+types/newsletter-link";

const pages = {
  confirmar: {
    head: accountPages.newsletterConfirm,
    apiPath: "subscriptions/confirm",
    title: "Confirma tu suscripción",
    intro:
      "Pulsa el botón para empezar a recibir nuestro boletín: ideas para tu reforma y obras terminadas, como mucho una vez al mes.",
    button: "Confirmar suscripción",
    busy: "Confirmando...",
  },
  baja: {
    head: accountPages.newsletterUnsubscribe,
    apiPath: "subscriptions/unsubscribe",
    title: "Date de baja del boletín",
    intro: "Pulsa el botón y no volverás a recibir nuestro boletín en esta dirección.",
    button: "Darme de baja",
    busy: "Dando de baja...",
  },
};

/** The page at `pathname` (/newsletter/confirmar or /newsletter/baja, a trailing slash aside). */
const pageAt = (pathname: string) =>
  pathname.replace(/\/$/, "").endsWith("/baja") ? pages.baja : pages.confirmar;

export const meta: Route.MetaFunction = ({ location, matches }) =>
  noindexMeta(pageAt(location.pathname).head, matches);

export const clientAction = ({ request }: Route.ClientActionArgs) =>
  postLinkToken(request, pageAt(new URL(request.url).pathname).apiPath);

export default function NewsletterLink({ actionData }: Route.ComponentProps) {
  const { head, apiPath, ...texts } = pageAt(useLocation().pathname);
  return <NewsletterLinkPage {...texts} outcome={actionData} />;
}
