// /admin/company/record (online, verify, role «company»): the one company record, «Empresa»
// (decision 245). Read and saved whole through /api/admin/company; a refusal (422 per field,
// 409 after a colleague's save) is shown by api()'s dialog. While placeholders remain, the list
// of what is missing stands above the form.
import { createContext, useContext, useState } from "react";
import { adminMeta } from "~/admin/lib/actions";
import { ApiError, api } from "~/lib/api";
import { showSuccess } from "~/lib/dialog";
import type { CompanyRecord, Office } from "../../../content/company";
import { companyFieldLabels as labels, officeTitle } from "../../../content/company-fields";

interface Loaded {
  record: CompanyRecord;
  version: string;
  saved: boolean;
  missing: string[];
  provinces: string[];
}

// Titled, described and kept out of search engines like every admin screen (SPEC §1).
export const meta = (args: Parameters<ReturnType<typeof adminMeta>>[0]) =>
  adminMeta("company")(args);

export const clientLoader = () => api<Loaded>("GET", "admin/company");
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p className="p-4 text-ink-soft">Cargando…</p>;
}

const input = "mt-1 w-full rounded-md border border-sand-300 bg-white px-3 py-2";
const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/** The form's values as the record the API checks (server/company/schema.ts). */
function recordOf(form: FormData, offices: number): CompanyRecord {
  const text = (name: string) => String(form.get(name) ?? "");
  const office = (i: number): Office => ({
    street: text(`office${i}.street`),
    postalCode: text(`office${i}.postalCode`),
    city: text(`office${i}.city`),
    province: text(`office${i}.province`),
    lat: Number(text(`office${i}.lat`).replace(",", ".")),
    lng: Number(text(`office${i}.lng`).replace(",", ".")),
    phone: text(`office${i}.phone`),
    hours: text(`office${i}.hours`),
  });
  return {
    name: text("name"),
    legalName: text("legalName"),
    nif: text("nif"),
    registry: {
      office: text("registry.office"),
      tomo: text("registry.tomo"),
      folio: text("registry.folio"),
      hoja: text("registry.hoja"),
      inscription: text("registry.inscription"),
    },
    offices: Array.from({ length: offices }, (_, i) => office(i)),
    phone: text("phone"),
    whatsapp: text("whatsapp"),
    email: text("email"),
    social: lines(text("social")).map((line) => {
      const [name = "", url = ""] = line.split("|").map((part) => part.trim());
      return { name, url };
    }),
    areasServed: lines(text("areasServed")),
    warranty: text("warranty"),
    insurance: { insurer: text("insurance.insurer"), cover: text("insurance.cover") },
    certifications: lines(text("certifications")),
    foundedYear: Number(text("foundedYear")),
  };
}

/** The last refusal's messages per field, keyed as the API names them («offices.0.postalCode»). */
const RefusedFields = createContext<Record<string, string[]>>({});

/** The API's name of a form field: the form's «office0.city» is the record's «offices.0.city». */
const apiName = (name: string) => name.replace(/^office(\d+)\./, "offices.$1.");

/** The field's own refusal, beside it and tied to it for screen readers (SPEC §8's dialog too). */
function useRefusal(name: string) {
  // A list field (social links, one per line) answers for each of its lines too («social.0.url»).
  const own = apiName(name);
  const messages = Object.entries(useContext(RefusedFields))
    .filter(([field]) => field === own || field.startsWith(`${own}.`))
    .flatMap(([, list]) => list);
  const id = `${name}-error`;
  return messages?.length
    ? {
        props: { "aria-invalid": true, "aria-describedby": id },
        note: (
          <span id={id} className="mt-1 block text-sm text-red-800">
            {messages.join(" ")}
          </span>
        ),
      }
    : { props: {}, note: null };
}

function Field({
  name,
  label,
  value,
  hint,
}: {
  name: string;
  label: string;
  value: string | number;
  hint?: string;
}) {
  const refusal = useRefusal(name);
  return (
    <label className="block">
      <span className="font-medium">{label}</span>
      {hint ? <span className="block text-sm text-ink-soft">{hint}</span> : null}
      <input name={name} defaultValue={value} className={input} {...refusal.props} />
      {refusal.note}
    </label>
  );
}

function Lines({
  name,
  label,
  value,
  hint,
}: {
  name: string;
  label: string;
  value: string[];
  hint: string;
}) {
  const refusal = useRefusal(name);
  return (
    <label className="block">
      <span className="font-medium">{label}</span>
      <span className="block text-sm text-ink-soft">{hint}</span>
      <textarea
        name={name}
        defaultValue={value.join("\n")}
        rows={4}
        className={input}
        {...refusal.props}
      />
      {refusal.note}
    </label>
  );
}

export default function CompanyScreen({ loaderData }: { loaderData: Loaded }) {
  const [loaded, setLoaded] = useState(loaderData);
  const [offices, setOffices] = useState(loaderData.record.offices.length);
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState<Record<string, string[]>>({});
  const { record } = loaded;

  const save = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    try {
      const answer = await api<Loaded>("POST", "admin/company", {
        record: recordOf(new FormData(event.currentTarget), offices),
        version: loaded.version,
      });
      setLoaded(answer);
      setRefused({});
      void showSuccess({
        title: "Datos guardados",
        message: "Los datos de la empresa ya se ven en la web.",
      });
    } catch (error) {
      // api() has already shown the refusal (SPEC §8); each field says its own too.
      const errors = error instanceof ApiError && error.status === 422 ? error.body : null;
      if (errors && typeof errors === "object" && "errors" in errors) {
        setRefused((errors.errors ?? {}) as Record<string, string[]>);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="font-display text-2xl font-semibold">Empresa</h1>
      {loaded.missing.length ? (
        <section
          aria-labelledby="company-missing"
          className="mt-4 rounded-md border border-ochre/60 bg-white p-4"
        >
          <h2 id="company-missing" className="font-semibold">
            La web todavía publica datos de ejemplo
          </h2>
          <ul className="mt-2 list-disc pl-6">
            {loaded.missing.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <RefusedFields.Provider value={refused}>
        <form key={loaded.version} onSubmit={save} className="mt-6 space-y-6">
          <fieldset className="space-y-3">
            <legend className="font-semibold text-lg">Identificación</legend>
            <Field name="name" label={labels.name} value={record.name} />
            <Field name="legalName" label={labels.legalName} value={record.legalName} />
            <Field
              name="nif"
              label={labels.nif}
              value={record.nif}
              hint="Con su letra o cifra de control, por ejemplo B12345674."
            />
            <Field name="foundedYear" label={labels.foundedYear} value={record.foundedYear} />
          </fieldset>
          <fieldset className="space-y-3">
            <legend className="font-semibold text-lg">{labels.registry}</legend>
            <Field
              name="registry.office"
              label={labels.registryOffice}
              value={record.registry.office}
            />
            <Field name="registry.tomo" label={labels.tomo} value={record.registry.tomo} />
            <Field name="registry.folio" label={labels.folio} value={record.registry.folio} />
            <Field name="registry.hoja" label={labels.hoja} value={record.registry.hoja} />
            <Field
              name="registry.inscription"
              label={labels.inscription}
              value={record.registry.inscription}
            />
          </fieldset>
          <fieldset className="space-y-3">
            <legend className="font-semibold text-lg">Contacto</legend>
            <Field name="phone" label={labels.phone} value={record.phone} />
            <Field
              name="whatsapp"
              label={labels.whatsapp}
              value={record.whatsapp}
              hint="Con el prefijo 34, solo cifras; vacío si no tenéis."
            />
            <Field name="email" label={labels.email} value={record.email} />
            <Lines
              name="social"
              label={labels.social}
              value={record.social.map((s) => `${s.name} | ${s.url}`)}
              hint="Una por línea: nombre | dirección."
            />
            <Lines
              name="areasServed"
              label={labels.areasServed}
              value={record.areasServed}
              hint="Una por línea."
            />
          </fieldset>
          {Array.from({ length: offices }, (_, i) => {
            const office = record.offices[i];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: offices are edited in place, by position
              <fieldset key={i} className="space-y-3">
                <legend className="font-semibold text-lg">{officeTitle(i)}</legend>
                <Field
                  name={`office${i}.street`}
                  label={labels.street}
                  value={office?.street ?? ""}
                />
                <Field
                  name={`office${i}.postalCode`}
                  label={labels.postalCode}
                  value={office?.postalCode ?? ""}
                />
                <Field name={`office${i}.city`} label={labels.city} value={office?.city ?? ""} />
                <label className="block">
                  <span className="font-medium">{labels.province}</span>
                  <select
                    name={`office${i}.province`}
                    defaultValue={office?.province ?? ""}
                    className={input}
                  >
                    {loaded.provinces.map((name) => (
                      <option key={name}>{name}</option>
                    ))}
                  </select>
                </label>
                <Field
                  name={`office${i}.lat`}
                  label={labels.lat}
                  value={office?.lat ?? ""}
                  hint="Para el mapa, por ejemplo 39.4699."
                />
                <Field
                  name={`office${i}.lng`}
                  label={labels.lng}
                  value={office?.lng ?? ""}
                  hint="Por ejemplo -0.3763."
                />
                <Field
                  name={`office${i}.phone`}
                  label={labels.officePhone}
                  value={office?.phone ?? ""}
                />
                <Field name={`office${i}.hours`} label={labels.hours} value={office?.hours ?? ""} />
              </fieldset>
            );
          })}
          <button type="button" onClick={() => setOffices(offices + 1)} className="underline">
            Añadir oficina
          </button>
          <fieldset className="space-y-3">
            <legend className="font-semibold text-lg">Garantía, seguro y certificaciones</legend>
            <Field name="warranty" label={labels.warranty} value={record.warranty} />
            <Field
              name="insurance.insurer"
              label={labels.insurer}
              value={record.insurance.insurer}
            />
            <Field name="insurance.cover" label={labels.cover} value={record.insurance.cover} />
            <Lines
              name="certifications"
              label={labels.certifications}
              value={record.certifications}
              hint="Una por línea."
            />
          </fieldset>
          <button
            type="submit"
            disabled={saving}
            className="rounded-md bg-ink px-4 py-2 font-semibold text-plaster"
          >
            {saving ? "Guardando…" : "Guardar y publicar"}
          </button>
        </form>
      </RefusedFields.Provider>
    </div>
  );
}
