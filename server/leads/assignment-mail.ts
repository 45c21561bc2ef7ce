// The mail a staff member gets when leads are given to them (issue 37; decision 254): which
// leads, who gave them, and a link to each lead's page (signed out, the sign-in that follows
// lands on it, decision 207). Like the morning reminder, it names each lead by its reference and
// service, never by the visitor's name or words: staff read those on the page.
import { asc, eq } from "drizzle-orm";
import { OFFICE_TIME_ZONE } from "../../content/office-clock.ts";
import { quoteChoices } from "../../content/quote-details.ts";
import { choiceLabel } from "../../content/quote-request.ts";
import type { UserView } from "../auth/user-view.ts";
import type { Database } from "../db/client.ts";
import { idIn } from "../db/row-ids.ts";
import { contacts, users } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { companyName, type MailText, renderMail } from "../mail/layout.ts";
import { queueMail } from "../mail/outbox.ts";

const received = new Intl.DateTimeFormat("es-ES", {
  timeZone: OFFICE_TIME_ZONE,
  day: "numeric",
  month: "long",
  hour: "2-digit",
  minute: "2-digit",
});

/** The oldest this many are listed; the rest are counted (a bulk assignment of hundreds). */
const linesAtMost = 30;

/**
 * Queues one mail to `assigneeId` about the leads `ids` just given to them by `actor`, in the
 * assignment's transaction. Nobody is told of what they gave themselves.
 */
export async function mailAssignee(
  db: Database,
  {
    ids,
    assigneeId,
    actor,
    env,
  }: { ids: readonly number[]; assigneeId: number; actor: UserView; env: Pick<Env, "APP_URL"> },
): Promise<void> {
  if (assigneeId === actor.id || !ids.length) return;
  const [assignee] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, assigneeId));
  if (!assignee) return;
  const leads = await db
    .select({
      id: contacts.id,
      reference: contacts.reference,
      service: contacts.service,
      created_at: contacts.created_at,
    })
    .from(contacts)
    .where(idIn(contacts.id, ids))
    .orderBy(asc(contacts.created_at), asc(contacts.id));
  if (!leads.length) return;
  const page = (id: number) => `${env.APP_URL}/admin/contacts/detail/${id}`;
  const named = (lead: (typeof leads)[number]) => lead.reference ?? `Solicitud n.º ${lead.id}`;
  const lines: MailText[] = leads
    .slice(0, linesAtMost)
    .map((lead) => [
      [
        named(lead),
        lead.service ? choiceLabel(quoteChoices.service, lead.service) : "Sin servicio indicado",
        `recibida el ${received.format(lead.created_at)}`,
      ].join(" · "),
      "\n",
      { text: page(lead.id), href: page(lead.id) },
    ]);
  const one = leads.length === 1 ? leads[0] : undefined;
  const message = renderMail({
    to: assignee.email,
    subject: one
      ? `Te han asignado la solicitud ${named(one)}`
      : `Te han asignado ${leads.length} solicitudes de presupuesto`,
    greeting: `Hola, ${assignee.name}:`,
    paragraphs: [
      one
        ? `${actor.name} te ha asignado esta solicitud de presupuesto; ahora eres su responsable:`
        : `${actor.name} te ha asignado estas ${leads.length} solicitudes de presupuesto; ahora eres su responsable:`,
      ...lines,
      ...(leads.length > linesAtMost ? [`Y ${leads.length - linesAtMost} más, en el panel.`] : []),
    ],
    action: one
      ? { label: "Abrir la solicitud", url: page(one.id) }
      : {
          label: "Ver mis solicitudes",
          url: `${env.APP_URL}/admin/contacts/index?assignee=${assigneeId}&sort=inbox&per_page=50`,
        },
    notes: ["Si no estás en la sesión, inicia sesión y llegarás a la solicitud."],
    signature: [`La web de ${companyName()}`],
  });
  await queueMail(db, { ...message, kind: "assignment", contactId: one?.id ?? null });
}
