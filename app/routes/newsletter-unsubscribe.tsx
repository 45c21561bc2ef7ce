// /newsletter/baja?token=…: the unsubscribe link of every newsletter mail. One click, no sign-in.
import { NewsletterLinkPage, postLinkToken } from "~/components/newsletter-link-page";
import { noindexMeta } from "~/lib/seo";
import { accountPages } from "../../content/account-pages";
import type { Route } from "./+types/newsletter-unsubscribe";

export const meta = () => noindexMeta(accountPages.newsletterUnsubscribe);

export const clientAction = ({ request }: Route.ClientActionArgs) =>
  postLinkToken(request, "subscriptions/unsubscribe");

export default function NewsletterUnsubscribe({ actionData }: Route.ComponentProps) {
  return (
    <NewsletterLinkPage
      title="Darte de baja del boletín"
      intro="Pulsa el botón y no volverás a recibir nuestro boletín en esta dirección."
      button="Darme de baja"
      busy="Dando de baja..."
      outcome={actionData}
    />
  );
}
