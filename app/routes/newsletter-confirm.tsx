// /newsletter/confirmar?token=…: the link of the newsletter's confirmation mail (double opt-in).
import { NewsletterLinkPage, postLinkToken } from "~/components/newsletter-link-page";
import { noindexMeta } from "~/lib/seo";
import { accountPages } from "../../content/account-pages";
import type { Route } from "./+types/newsletter-confirm";

export const meta = () => noindexMeta(accountPages.newsletterConfirm);

export const clientAction = ({ request }: Route.ClientActionArgs) =>
  postLinkToken(request, "subscriptions/confirm");

export default function NewsletterConfirm({ actionData }: Route.ComponentProps) {
  return (
    <NewsletterLinkPage
      title="Confirma tu suscripción"
      intro="Pulsa el botón para empezar a recibir nuestro boletín: ideas para tu reforma y obras terminadas, como mucho una vez al mes."
      button="Confirmar suscripción"
      busy="Confirmando..."
      outcome={actionData}
    />
  );
}
