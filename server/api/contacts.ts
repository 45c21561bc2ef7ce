import os from "node:os";
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { z } from "zod";
import { company } from "../../content/company.ts";
import { photosNotReceived } from "../../content/lead-photos.ts";
import { answersService } from "../../content/service-questions.ts";
import { contactFields } from "../admin/resources/contacts.ts";
import { signedInUser } from "../auth/session.ts";
import { isDiskFull } from "../db/errors.ts";
import { contacts } from "../db/schema.ts";
import type { Dependencies } from "../dependencies.ts";
import { lowDiskBytes } from "../disk-space.ts";
import { type FieldErrors, fail, failValidation, noFieldErrors } from "../http-errors.ts";
import { photosField, readLeadForm } from "../leads/lead-form.ts";
import {
  leadSourceFields,
  sentSource,
  sourceFromReferer,
  takeSource,
  withKeptSource,
} from "../leads/lead-source.ts";
import { boundaryOf } from "../leads/multipart.ts";
import type { LeadPhoto } from "../leads/photos.ts";
import { quoteDetails } from "../leads/quote-details.ts";
import {
  fillTimeOf,
  looksLikeSpam,
  sentTooFast,
  spamTrapOf,
  spamTraps,
  tooFastMessage,
  trapReference,
} from "../leads/spam.ts";
import { type LeadOrigin, type LeadRequest, storeLead } from "../leads/store-lead.ts";
import { log, requestIdOf } from "../log.ts";
import { contactNoticeMail } from "../mail/contact-notice.ts";
import { confirmationLimit, leadConfirmationMail, mailboxOf } from "../mail/lead-confirmation.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { clientKey } from "../rate-limit/client-address.ts";
import { tooManyRequests } from "../rate-limit/throttle.ts";
import { isJsonObject, jsonBodyOf, validated } from "../validation.ts";
import { countSent } from "./funnel.ts";

const otherAnswersMessage =
  "Esas respuestas no son de las preguntas del servicio elegido: vuelve a elegirlas.";

const unreachableMessage =
  "Indica un correo electrónico o un teléfono para que podamos responderte.";

/**
 * SPEC §3, §5: the same rules as the admin form's, from the same field definitions. E-mail and
 * phone are each optional, but a message with neither is a lead nobody can answer: it is
 * refused on both fields. (Only here: staff may still mark an older such message handled.)
 */
const ContactRequest = z
  .object({
    name: contactFields.name.input,
    email: contactFields.email.input,
    phone: contactFields.phone.input,
    subject: contactFields.subject.input,
    message: contactFields.message.input,
    ...quoteDetails,
    ...spamTraps,
    // Where the lead came from (decision 260): never refused, kept only when well formed.
    ...leadSourceFields,
  })
  .superRefine(
    ({ email, phone, service, job_answers }, context) => {
      // Answers to another service's question, or to none, are refused (issue 36).
      if (job_answers && !answersService(job_answers, service)) {
        context.addIssue({ code: "custom", path: ["job_answers"], message: otherAnswersMessage });
      }
      if (email || phone) return;
      for (const field of ["email", "phone"]) {
        context.addIssue({ code: "custom", path: [field], message: unreachableMessage });
      }
    },
    // Also when another field is wrong, so that one answer lists every fix (but a body that
    // is no object at all has its own error).
    { when: ({ value }) => typeof value === "object" && value !== null && !Array.isArray(value) },
  );

/**
 * Twenty accepted requests per address per 10 minutes (refused forms do not count: issue 12).
 * An office, a coworking space or a mobile network puts many people behind one address, and a
 * lead refused here may never come back: the honeypot, the fill time and the duplicate check
 * stop robots, and this only caps a flood (decision 153).
 */
const limit = { requests: 20, windowMs: 10 * 60_000 };

/** Past the limit: whose the wait is, how long, and the phone, so the lead is not lost. */
const tooManyLeads = (retryAfter: number) =>
  `Hemos recibido muchas solicitudes desde tu conexión en pocos minutos. Vuelve a enviar la tuya dentro de ${retryAfter} segundos (lo que has escrito sigue en el formulario) o llámanos al ${company.phone}.`;

/**
 * Uploads with photos per address per 10 minutes, accepted or not, counted before the body is
 * read: decoding five photos costs a second of CPU, refused or not (decision 131). Generous,
 * so a visitor correcting a form several times is never stopped by it.
 */
const uploadLimit = { requests: 20, windowMs: 10 * 60_000 };

/** As @hono/zod-validator's "json" target reads a body (a JSON media type, else nothing). */
const jsonMediaType = /^application\/([\w.-]+\+)?json$/i;

async function jsonBody(c: Context): Promise<unknown> {
  const mediaType = (c.req.header("content-type") ?? "").split(";")[0]?.trim() ?? "";
  if (!jsonMediaType.test(mediaType)) return {};
  return jsonBodyOf(c);
}

// When the team answers is said once, after the reference, by whoever shows the answer (the
// form's dialog, the no-JavaScript page: content/quote-request.ts's nextSteps); «Te
// responderemos lo antes posible» here read as the same promise twice.
const sent = {
  title: "¡Mensaje enviado!",
  message: "Gracias por escribirnos.",
};

/**
 * `check()`, with one line for a refusal (422): the request's id and the names of the fields
 * refused, never what was in them. A visitor who says the form would not take their request
 * can then be found, and a field that refuses many people shows (decision 173).
 */
async function refusalLogged<T>(id: string | undefined, check: () => T): Promise<T> {
  try {
    return check();
  } catch (error) {
    if (error instanceof HTTPException && error.status === 422 && error.res) {
      const { errors } = (await error.res.clone().json()) as { errors?: object };
      // A hostile client names its own fields: a few, and short, are enough to tell.
      const fields = Object.keys(errors ?? {})
        .slice(0, 30)
        .map((field) => field.slice(0, 40));
      log.info({ id, fields }, "contacts: request refused");
    }
    throw error;
  }
}

/**
 * The disk has no room even for the request's text (PostgreSQL's disk_full): nothing is stored,
 * so the visitor is given the phone, not a generic fault (decision 174). What they wrote stays
 * in the form.
 */
const notStored = {
  title: "Servicio no disponible",
  message: `No hemos podido guardar tu solicitud por un problema técnico nuestro. Llámanos al ${company.phone} o escríbenos a ${company.email} y la atendemos; lo que has escrito sigue en el formulario.`,
};

/** POST /api/contacts: the contact page's quote request (SPEC §7's five fields and issue 12's). */
export function createContactsRouter(deps: Dependencies) {
  const { db, mail, limiter, env, disk, siteContent } = deps;
  const api = new Hono();

  /** Whether the disk of `folder` keeps at least `lowDiskBytes` free (unknown counts as room). */
  const roomOn = async (folder: string) =>
    ((await disk.free(folder)) ?? lowDiskBytes) >= lowDiskBytes;

  /**
   * Stores the request with the photos there is room for (decision 174): none while DATA_DIR's
   * disk is low under the embedded database, and none when the database answers disk_full with
   * them (the text alone is then stored). A request is never refused for its photos.
   */
  async function storeWithRoom(
    id: string | undefined,
    request: LeadRequest,
    photos: LeadPhoto[],
    origin: LeadOrigin,
  ) {
    let kept = photos;
    if (kept.length && !env.DATABASE_URL && !(await roomOn(env.DATA_DIR))) kept = [];
    try {
      return {
        lead: await storeLead(db, request, kept, origin),
        dropped: kept === photos ? [] : photos,
      };
    } catch (error) {
      if (!isDiskFull(error)) throw error;
      if (!kept.length) noRoomForTheText(id, error);
      log.warn(
        { id, err: error },
        "contacts: no room for the photos, the request is stored without them",
      );
    }
    try {
      return { lead: await storeLead(db, request, [], origin), dropped: photos };
    } catch (error) {
      if (isDiskFull(error)) noRoomForTheText(id, error);
      throw error;
    }
  }

  /** A full disk refused the request's text: 503 with the phone, an error line for the operator. */
  function noRoomForTheText(id: string | undefined, error: unknown): never {
    log.error(
      { id, err: error },
      "contacts: no room on the database's disk, the request was not stored",
    );
    fail(503, notStored);
  }

  /**
   * Whether the visitor's address may be sent this lead's confirmation: each mailbox gets
   * `confirmationLimit.perMailbox` a day, whoever names it (decision 205). One held back is
   * marked on the lead, whose page says so; the lead and the office's notice stand as ever.
   */
  async function confirmationDue(id: string | undefined, contactId: number, email: string) {
    const quota = await limiter.hit(
      `lead-confirmation:${mailboxOf(email)}`,
      confirmationLimit.perMailbox,
      confirmationLimit.windowMs,
    );
    if (quota.allowed) return true;
    log.info(
      { id, contact: contactId },
      "contacts: confirmation withheld, mailbox at its day's limit",
    );
    // The request is stored: a failure to mark it loses only the page's word on why.
    await db
      .update(contacts)
      .set({ confirmation_withheld: true })
      .where(eq(contacts.id, contactId))
      .catch((error) => log.error({ id, contact: contactId, err: error }, "contacts: not marked"));
    return false;
  }

  api.post("/", async (c) => {
    // SPEC §7's JSON body, or the same fields as a form with photos (decision 131).
    const contentType = c.req.header("content-type");
    if (!/^multipart\/form-data\b/i.test(contentType ?? "")) {
      return receive(c, await jsonBody(c), [], {});
    }
    const boundary = boundaryOf(contentType);
    if (!boundary) {
      fail(400, {
        title: "Datos no válidos",
        message: "El formulario enviado está incompleto o dañado. Inténtalo de nuevo.",
      });
    }
    const uploads = await limiter.hit(
      `contact-upload:${clientKey(c, env)}`,
      uploadLimit.requests,
      uploadLimit.windowMs,
    );
    if (!uploads.allowed) tooManyRequests(uploads, tooManyLeads(uploads.retryAfter));
    // A temporary folder on a low disk keeps no photo: the text still arrives (decision 174).
    const form = await readLeadForm(c.req.raw.body, boundary, {
      room: await roomOn(os.tmpdir()),
    });
    try {
      const fileErrors = noFieldErrors();
      if (form.photoErrors.length) fileErrors[photosField] = form.photoErrors;
      for (const field of form.misplacedFiles) {
        fileErrors[field] = [`Solo se pueden adjuntar archivos en «${photosField}».`];
      }
      return await receive(c, form.fields, form.photos, fileErrors, form.photosNotKept);
    } finally {
      // Stored or refused, the request's files are not needed any more.
      await form.discard();
    }
  });

  /**
   * Checks, counts, stores and announces one request, with the photos already re-encoded;
   * `notKept` names those the temporary folder had no room for.
   */
  async function receive(
    c: Context,
    submitted: unknown,
    photos: LeadPhoto[],
    fileErrors: FieldErrors,
    notKept: string[] = [],
  ) {
    // Every line of this request carries the id of its access line and X-Request-Id.
    const id = requestIdOf(c.env);
    const { website, form_fill_ms, ...fields } = await refusalLogged(id, () =>
      validated(ContactRequest, withPageSource(c, submitted), fileErrors),
    );
    const { rest: request, source } = takeSource(fields);
    // Before counting: the visitor sends it again, and that one counts.
    if (sentTooFast(form_fill_ms) && !looksLikeSpam({ website })) {
      log.info({ id, fields: [], fill_ms: fillTimeOf(form_fill_ms) }, "contacts: request refused");
      failValidation(noFieldErrors(), tooFastMessage);
    }
    // Counted once the request is valid, before any work, so parallel posts cannot overrun
    // the limit; a repeat of a message already stored is given back below.
    const key = `contact:${clientKey(c, env)}`;
    const counted = await limiter.hit(key, limit.requests, limit.windowMs);
    if (!counted.allowed) tooManyRequests(counted, tooManyLeads(counted.retryAfter));
    // A robot caught in a trap is answered like anyone, with a reference that is nobody's, and
    // nothing is stored or sent (decision 205). A line says which trap and that reference, so a
    // person caught by one (a password manager that filled the hidden field) who quotes it can
    // be found: nothing they wrote is in it.
    const trap = spamTrapOf({ website, form_fill_ms });
    if (trap) {
      const reference = trapReference();
      log.info(
        { id, trap, fill_ms: fillTimeOf(form_fill_ms), reference },
        "contacts: caught by a spam trap, nothing stored",
      );
      return c.json({ ...sent, reference }, 201);
    }

    // The request is stored before anything else happens: once this insert succeeds the
    // visitor is told it arrived, and staff find it in the admin area whatever follows. A
    // repeat of a request just stored gets the same answer and reference, and no mail.
    // A visitor signed in when sending it finds it in «Mis solicitudes» (decision 263).
    const user = await signedInUser(c, deps);
    const { lead, dropped } = await storeWithRoom(id, request, photos, {
      source,
      user_id: user?.id,
    });
    const notReceived = [...notKept, ...dropped.map((photo) => photo.name)];
    // What ties a lead to its request (`id`, the access line's) and to its mails (`contact`,
    // on each of their outbox lines); nothing the visitor wrote (decision 173).
    log.info(
      { id, contact: lead.id, reference: lead.reference, photos: lead.photos.length },
      lead.repeated ? "contacts: lead sent again, same reference" : "contacts: lead stored",
    );
    if (notReceived.length) {
      log.warn(
        { id, contact: lead.id, photos: notReceived.length },
        "contacts: stored without photos for lack of disk space (see /readyz)",
      );
    }
    if (lead.repeated) {
      await limiter.forgive(key);
    } else {
      await countSent(deps, request.service);
      const mails: MailMessage[] = [
        {
          kind: "notice",
          ...contactNoticeMail(
            {
              ...request,
              id: lead.id,
              reference: lead.reference,
              photos: lead.photos,
              photosNotReceived: notReceived,
            },
            env,
          ),
        },
      ];
      if (request.email && (await confirmationDue(id, lead.id, request.email))) {
        mails.push({
          kind: "confirmation",
          ...leadConfirmationMail(
            { ...request, email: request.email },
            lead.reference,
            env,
            lead.photos.length,
            notReceived.length,
            await siteContent.get("company"),
          ),
        });
      }
      // Mails go through the outbox, so an SMTP outage delays them but loses nothing; if even
      // the outbox refuses one, the stored request still stands.
      for (const message of mails) {
        await mail
          .send({ ...message, contactId: lead.id })
          .catch((error) =>
            log.error({ contact: lead.id, err: error }, "contacts: mail not queued"),
          );
      }
    }
    const message = notReceived.length
      ? `${sent.message} ${photosNotReceived(notReceived)}`
      : sent.message;
    return c.json({ ...sent, message, reference: lead.reference }, 201);
  }

  /**
   * A body that says nothing of its source, sent from this site's own page (the form posted
   * before its script ran): the page's address stands for the visit's landing (decision 260).
   */
  function withPageSource(c: Context, submitted: unknown) {
    // A body that is no JSON object (an array too) keeps its own error: nothing is added to it.
    if (!isJsonObject(submitted)) return submitted;
    if (sentSource(submitted)) return withKeptSource(submitted);
    const hosts = [new URL(c.req.url).host, new URL(env.APP_URL).host];
    return withKeptSource({ ...sourceFromReferer(c.req.header("referer"), hosts), ...submitted });
  }

  return api;
}
