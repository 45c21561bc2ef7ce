// /contact's aside: the call as the other way to ask, and where the company is and works.
import { CallLink } from "~/components/call-link";
import { Picture } from "~/components/picture";
import { useCompany } from "~/lib/company";
import { contactLabels } from "../../content/quote-request";

export function ContactDetails({ areas, hours }: { areas: string; hours: string }) {
  const company = useCompany();
  const { address } = company;
  return (
    <aside aria-labelledby="contact-details-title" className="lg:col-span-2">
      <div className="overflow-hidden rounded-lg border border-sand-200 bg-sand-50">
        <Picture
          id="contact"
          sizes="(min-width: 1024px) 40vw, 100vw"
          className="aspect-[4/3] h-auto w-full object-cover"
        />
        <div className="p-6">
          <h2 id="contact-details-title" className="text-2xl font-semibold">
            ¿Prefieres llamar?
          </h2>
          <p className="mt-2 text-ink-soft">
            {hours}. Si no podemos atenderte, te devolvemos la llamada el mismo día.
          </p>
          <CallLink className="mt-4 inline-flex min-h-12 items-center justify-center gap-2 rounded-md bg-ink px-6 py-3 font-semibold text-plaster hover:bg-ink-soft">
            Llama al {company.phone}
          </CallLink>
          <dl className="mt-6 space-y-3 text-sm">
            <div>
              <dt className="font-semibold">{contactLabels.email}</dt>
              <dd>
                <a href={`mailto:${company.email}`} className="underline underline-offset-4">
                  {company.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold">Oficina</dt>
              <dd className="text-ink-soft">
                {address.street}, {address.postalCode} {address.city} ({address.region})
              </dd>
            </div>
            <div>
              <dt className="font-semibold">Trabajamos en</dt>
              <dd className="text-ink-soft">{areas}</dd>
            </div>
          </dl>
        </div>
      </div>
    </aside>
  );
}
