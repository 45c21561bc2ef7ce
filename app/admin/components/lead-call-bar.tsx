// On a phone, a lead's page keeps Llamar / WhatsApp / Responder at the bottom of the screen
// (issue 37; decision 256): staff open a lead to act on it, and the number is the first thing
// they need. Wider screens show the same links in the lead's data.
import { whatsAppNumber } from "./record-value";

const action =
  "flex min-h-11 flex-1 items-center justify-center rounded-md px-3 text-sm font-semibold";

export function LeadCallBar({ phone, canReply }: { phone: string; canReply: boolean }) {
  const whatsApp = phone ? whatsAppNumber(phone) : undefined;
  if (!phone && !canReply) return null;
  return (
    <nav
      aria-label="Contactar con el cliente"
      data-call-bar
      className="fixed inset-x-0 bottom-0 z-20 flex gap-2 border-t border-sand-200 bg-plaster p-2 md:hidden"
    >
      {phone ? (
        <a
          href={`tel:${phone.replace(/[^\d+]/g, "")}`}
          className={`${action} bg-terracotta text-white`}
        >
          Llamar
        </a>
      ) : null}
      {whatsApp ? (
        <a
          href={`https://wa.me/${whatsApp}`}
          target="_blank"
          rel="noreferrer"
          className={`${action} bg-olive text-white`}
        >
          WhatsApp
        </a>
      ) : null}
      {canReply ? (
        <a href="#respuestas" className={`${action} bg-ink text-plaster`}>
          Responder
        </a>
      ) : null}
    </nav>
  );
}
