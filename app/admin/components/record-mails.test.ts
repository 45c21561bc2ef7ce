import { describe, expect, it } from "vitest";
import type { RecordMail } from "~/admin/lib/records";
import { formatMoment } from "~/admin/lib/records";
import { reason, sentence } from "./record-mails";

const mail = (over: Partial<RecordMail>): RecordMail => ({
  field: "confirmation_mail",
  title: "Correo de confirmación",
  state: "pendiente",
  to: "cliente@example.com",
  queued_at: "2026-11-21T09:04:00.000Z",
  sent_at: null,
  failed_at: null,
  next_attempt_at: null,
  attempts: 0,
  server_failure: false,
  reply: null,
  ...over,
});

describe("a lead's confirmation, as its page says it (decision 180)", () => {
  it("gives dates on the office's clock: 09:05 UTC is 10:05 in Madrid in November", () => {
    const at = new Date("2026-11-21T09:05:00.000Z");
    expect(formatMoment(at, new Date("2026-11-21T22:00:00.000Z"))).toBe("hoy a las 10:05");
    // 23:30 UTC is already the next day in Madrid.
    expect(formatMoment(at, new Date("2026-11-21T23:30:00.000Z"))).toMatch(
      /^el 21 de noviembre de 2026(,| a las) 10:05$/,
    );
  });

  it("says when it was sent", () => {
    expect(sentence(mail({ state: "enviado", sent_at: "2026-11-21T09:05:00.000Z" }))).toMatch(
      /^Enviado el 21 de noviembre de 2026(,| a las) 10:05\.$/,
    );
  });

  it("says a refused one will not be tried again, and to phone, with the server's words", () => {
    const refused = mail({
      state: "rechazado",
      failed_at: "2026-11-21T09:05:00.000Z",
      attempts: 1,
      reply: "550 5.1.1 Mailbox does not exist",
    });
    expect(sentence(refused)).toMatch(
      /^Rechazado el 21 de noviembre de 2026(,| a las) 10:05: .* no se volverá a intentar; .*Llama al cliente\.$/,
    );
    expect(reason(refused)).toBe(
      "Respuesta del servidor del cliente: 550 5.1.1 Mailbox does not exist",
    );
  });

  it("says when a waiting one is tried next, and whose server it waits for", () => {
    expect(sentence(mail({}))).toBe("Pendiente de envío.");
    expect(reason(mail({}))).toBeUndefined();
    const waiting = mail({ attempts: 3, next_attempt_at: "2026-11-21T09:10:00.000Z" });
    expect(sentence(waiting)).toMatch(
      /^Pendiente de envío: reintento el 21 de noviembre de 2026(,| a las) 10:10 \(3 intentos fallidos\)\.$/,
    );
    expect(reason({ ...waiting, server_failure: true })).toBe(
      "Nuestro servidor de correo no responde: la dirección del cliente no tiene la culpa.",
    );
    expect(reason({ ...waiting, reply: "452 4.2.2 Mailbox full, try later" })).toBe(
      "Respuesta del servidor del cliente: 452 4.2.2 Mailbox full, try later",
    );
  });

  it("says a lead without an address got none", () => {
    expect(sentence(mail({ state: "sin_correo", to: null }))).toBe(
      "No enviado: no dejó dirección de correo.",
    );
  });

  it("says why a lead whose mailbox had had its day's confirmations got none (decision 205)", () => {
    expect(sentence(mail({ state: "retenido" }))).toBe(
      "No enviado: esta dirección ya había recibido el máximo de confirmaciones en 24 horas, para que nadie use el formulario para escribir a otros. Si la solicitud es real, respóndele desde aquí o llámale.",
    );
  });
});
