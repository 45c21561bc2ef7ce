// While the site still publishes content/company.ts's placeholders (decision 245): what is
// missing, with the way to fill it in. On the staff's home (/dashboard), where staff land after
// signing in; the «Empresa» screen lists the same fields above its form.
import { Link } from "react-router";

export function CompanyChecklist({ missing }: { missing?: string[] }) {
  if (!missing?.length) return null;
  return (
    <section
      aria-labelledby="company-checklist"
      className="mt-6 rounded-md border border-ochre/60 bg-white p-4"
    >
      <h2 id="company-checklist" className="font-semibold">
        Faltan datos reales de la empresa
      </h2>
      <p className="mt-1 text-ink-soft">La web publica todavía datos de ejemplo en:</p>
      <ul className="mt-2 list-disc pl-6">
        {missing.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <Link to="/admin/company/record" className="mt-2 inline-block font-medium underline">
        Completar los datos de la empresa
      </Link>
    </section>
  );
}
