// A draft campaign's test to typed addresses and its scheduled send (decision 259), as forms of
// the campaign screen (app/admin/routes/campaign.tsx), whose clientAction sends them.
import { Form } from "react-router";
import { officeDateTime } from "../../../content/office-clock";

const button =
  "min-h-11 rounded-md px-4 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus aria-disabled:cursor-wait aria-disabled:opacity-60";
const control =
  "mt-1 block min-h-11 w-full rounded-md border border-sand-300 bg-white px-3 py-2 text-ink";

/** Busy, not disabled, while a form is on its way (decision 052). */
type Busy = { "aria-disabled"?: true; onClick(event: React.MouseEvent): void };

export function CampaignTest({ busy, pending }: { busy: Busy; pending: boolean }) {
  return (
    <Form method="post" className="max-w-xl">
      <input type="hidden" name="intent" value="test" />
      <label htmlFor="test-to" className="block font-medium text-ink">
        Enviar una prueba a
      </label>
      <p id="test-to-hint" className="text-sm text-ink-soft">
        Hasta 5 direcciones separadas por comas. Si lo dejas vacío, te llega a ti.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <input
          id="test-to"
          name="to"
          type="text"
          inputMode="email"
          autoComplete="off"
          aria-describedby="test-to-hint"
          placeholder="ana@example.com, luis@example.com"
          className={`${control} flex-1`}
        />
        <button
          type="submit"
          {...busy}
          className={`${button} border border-ink/30 text-ink hover:bg-sand-100`}
        >
          {pending ? "Enviando prueba..." : "Enviar prueba"}
        </button>
      </div>
    </Form>
  );
}

/**
 * The send at a date and time: a `datetime-local` read as Madrid time by the server; once
 * scheduled, when it will go and the button that cancels it.
 */
export function CampaignSchedule({
  scheduled,
  failure,
  warning,
  busy,
  pending,
}: {
  scheduled: string | null;
  failure: string | null;
  /** A send within 30 days of the last: scheduling confirms it, as sending does. */
  warning: boolean;
  busy: Busy;
  pending: "schedule" | "unschedule" | undefined;
}) {
  if (scheduled) {
    return (
      <Form method="post" className="max-w-xl rounded-lg border border-sand-200 bg-white p-4">
        <input type="hidden" name="intent" value="unschedule" />
        <p className="font-medium text-ink">
          Envío programado para el {officeDateTime.format(new Date(scheduled))} (hora de Madrid).
        </p>
        <p className="text-sm text-ink-soft">
          Hasta entonces puedes editarla: se enviará tal como esté a esa hora.
        </p>
        <button
          type="submit"
          {...busy}
          className={`${button} mt-3 border border-ink/30 text-ink hover:bg-sand-100`}
        >
          {pending === "unschedule" ? "Cancelando..." : "Cancelar el envío programado"}
        </button>
      </Form>
    );
  }
  return (
    <Form method="post" className="max-w-xl">
      <input type="hidden" name="intent" value="schedule" />
      {warning ? <input type="hidden" name="confirm_frequency" value="true" /> : null}
      {failure ? (
        <p className="mb-2 text-terracotta-dark">El envío programado no salió: {failure}</p>
      ) : null}
      <label htmlFor="schedule-at" className="block font-medium text-ink">
        Programar el envío
      </label>
      <p id="schedule-at-hint" className="text-sm text-ink-soft">
        Día y hora de Madrid. Se envía sola a esa hora; puedes cancelarlo antes.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <input
          id="schedule-at"
          name="at"
          type="datetime-local"
          required
          aria-describedby="schedule-at-hint"
          className={`${control} w-auto`}
        />
        <button
          type="submit"
          {...busy}
          className={`${button} border border-ink/30 text-ink hover:bg-sand-100`}
        >
          {pending === "schedule" ? "Programando..." : "Programar envío"}
        </button>
      </div>
    </Form>
  );
}
