// A lead's replies (decisions 187, 257): staff answer the visitor by mail from the lead's page,
// through the site's outbox, and every colleague then reads the whole conversation: what was
// answered, signed by whom, and whether it arrived (the confirmation's sentences, record-mails.tsx).
import { useEffect, useId, useRef } from "react";
import { Form, Link } from "react-router";
import { reason, sentence } from "~/admin/components/record-mails";
import { useAdminAction } from "~/admin/lib/actions";
import { formatValue, type RecordReplies } from "~/admin/lib/records";
import { SubmitButton } from "~/components/account/form-controls";
import { Field } from "~/components/form-field";
import { replyLimits as limits } from "../../../content/lead-reply";

/** What the reply's subject and message share: required, cut at the server's limit, one look. */
function replyControl(name: keyof typeof limits) {
  return {
    name,
    required: true,
    maxLength: limits[name],
    className: "mt-1 block w-full rounded-md border border-sand-300 bg-white px-3 py-2 text-ink",
  };
}

export function LeadReplies({
  id,
  name,
  replies,
}: {
  id: number;
  name: string;
  replies: RecordReplies;
}) {
  const adminAction = useAdminAction();
  const form = useRef<HTMLFormElement>(null);
  const subject = useRef<HTMLInputElement>(null);
  const message = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  const sending = adminAction.busy("reply", id);
  const answer = adminAction.answer("reply", id);
  const refused = answer && !answer.ok && !sending ? answer : undefined;
  const errors = refused?.errors ?? {};
  // What no field of the form says (a lead without an address, erased meanwhile, a lost
  // connection): one line above the button.
  const general =
    refused && !errors.subject?.length && !errors.message?.length ? refused.message : "";
  // A sent reply empties the form (its subject back to the first one); a refused one keeps it.
  useEffect(() => {
    if (answer?.ok) form.current?.reset();
  }, [answer]);
  const { draft, sent } = replies;
  if (!draft && !sent.length) return null;
  return (
    <section aria-labelledby="respuestas" className="mt-8">
      <h2 id="respuestas" className="font-display text-xl font-semibold text-ink">
        Respuestas por correo
      </h2>
      {sent.length ? (
        <ol aria-label="Respuestas enviadas" className="mt-3 space-y-3">
          {sent.map((mail) => {
            const why = reason(mail);
            const refusedMail = mail.state === "rechazado";
            return (
              <li
                key={mail.id}
                className={`rounded-lg border bg-white p-4 ${refusedMail ? "border-terracotta-dark/40" : "border-sand-200"}`}
              >
                <p className="text-sm text-ink-soft">
                  {mail.queued_at ? (
                    <time dateTime={mail.queued_at}>{formatValue(mail.queued_at)}</time>
                  ) : null}
                  {mail.sent_by_name ? (
                    <>
                      {" · "}
                      <span className="font-medium text-ink">{mail.sent_by_name}</span>
                    </>
                  ) : null}
                  {` · a ${mail.to}`}
                </p>
                <p className="mt-1 font-medium break-words text-ink">{mail.subject}</p>
                {/* The words as the visitor read them (decision 257); React escapes them. */}
                <p className="mt-2 whitespace-pre-line wrap-anywhere text-ink">{mail.message}</p>
                {mail.sent_by_name ? (
                  <p className="mt-2 text-sm text-ink-soft">Firmado por {mail.sent_by_name}</p>
                ) : null}
                <p
                  className={`mt-1 text-sm ${refusedMail ? "font-medium text-terracotta-dark" : "text-ink"}`}
                >
                  {sentence(mail)}
                  {why ? <span className="block font-normal text-ink-soft">{why}</span> : null}
                </p>
              </li>
            );
          })}
        </ol>
      ) : null}
      {draft ? (
        <Form ref={form} method="post" replace className="mt-4 space-y-3">
          <h3 className="font-medium text-ink">Responder por correo</h3>
          <p className="text-sm text-ink-soft">
            Se envía a {draft.to} desde la dirección de la web; si contesta, su respuesta llega a{" "}
            {draft.reply_to}. Empieza con «Hola, {name}:» y termina con la referencia de su
            solicitud y tu firma: tu nombre y el de la empresa.
          </p>
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="id" value={id} />
          {draft.templates.length ? (
            // A template fills the form in, already with this client's name and reference
            // (decision 258); staff read and change it before sending. Not sent itself.
            <div>
              <label htmlFor={`${ids}-template`} className="block font-medium text-ink">
                Plantilla
              </label>
              <select
                id={`${ids}-template`}
                aria-describedby={`${ids}-template-hint`}
                className="mt-1 block min-h-11 w-full rounded-md border border-sand-300 bg-white px-3 py-2 text-ink sm:w-auto"
                defaultValue=""
                onChange={(event) => {
                  const chosen = draft.templates.find((t) => String(t.id) === event.target.value);
                  if (!chosen) return;
                  if (chosen.subject && subject.current) subject.current.value = chosen.subject;
                  if (message.current) message.current.value = chosen.message;
                }}
              >
                <option value="">Sin plantilla</option>
                {draft.templates.map((template) => (
                  <option key={template.id} value={template.id}>
                    {template.title}
                  </option>
                ))}
              </select>
              <p id={`${ids}-template-hint`} className="mt-1 text-sm text-ink-soft">
                Rellena el asunto y el mensaje con el nombre del cliente y su referencia; revísalos
                antes de enviar. Se editan en{" "}
                <Link to="/admin/reply_templates/index" className="underline">
                  Plantillas de respuesta
                </Link>
                .
              </p>
            </div>
          ) : null}
          <Field label="Asunto" required errors={errors.subject}>
            {(control) => (
              <input
                {...control}
                {...replyControl("subject")}
                ref={subject}
                defaultValue={draft.subject}
              />
            )}
          </Field>
          <Field label="Mensaje" required errors={errors.message}>
            {(control) => (
              <textarea {...control} {...replyControl("message")} ref={message} rows={8} />
            )}
          </Field>
          {general ? (
            <p role="alert" className="text-sm text-terracotta-dark">
              {general}
            </p>
          ) : null}
          <SubmitButton pending={sending} pendingLabel="Enviando...">
            Enviar respuesta
          </SubmitButton>
          <p role="status" className="min-h-6 text-olive">
            {answer?.ok && !sending ? answer.message : ""}
          </p>
        </Form>
      ) : null}
    </section>
  );
}
