import { Link } from "react-router";
import type { LegalDocument, LegalSection } from "../../content/legal/types";
import { trail } from "../lib/seo";
import { NextStep } from "./next-step";
import { PageIntro } from "./page-intro";

const dateFormat = new Intl.DateTimeFormat("es-ES", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A legal page (SPEC §2): title, then numbered sections of heading, paragraphs, list and table. */
export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <>
      <PageIntro
        title={document.title}
        subtitle={document.intro}
        crumbs={trail({ name: document.title, path: document.path })}
      >
        <p className="mt-4 text-sm text-ink-soft">
          Última actualización:{" "}
          <time dateTime={document.updated}>{dateFormat.format(new Date(document.updated))}</time>
        </p>
      </PageIntro>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
        <div className="grid gap-12 lg:grid-cols-[16rem_1fr]">
          <nav aria-label="Índice" className="min-w-0 lg:sticky lg:top-32 lg:self-start">
            <h2 className="font-sans text-sm font-semibold tracking-wide text-ink-soft uppercase">
              Índice
            </h2>
            <ol className="mt-3 space-y-2 text-sm">
              {document.sections.map((section, index) => (
                <li key={section.heading}>
                  <a
                    href={`#seccion-${index + 1}`}
                    className="text-ink-soft underline-offset-4 hover:text-ink hover:underline"
                  >
                    {index + 1}. {section.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="min-w-0 max-w-3xl space-y-12">
            {document.sections.map((section, index) => (
              <Section key={section.heading} section={section} number={index + 1} />
            ))}
          </div>
        </div>
      </div>
      <NextStep title="¿Tienes alguna duda?" />
    </>
  );
}

function Section({ section, number }: { section: LegalSection; number: number }) {
  return (
    <section aria-labelledby={`seccion-${number}`} className="scroll-mt-32">
      <h2 id={`seccion-${number}`} className="text-2xl font-semibold">
        {number}. {section.heading}
      </h2>
      <div className="mt-4 space-y-4 text-base leading-relaxed text-ink-soft">
        {section.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {section.list && (
          <ul className="list-disc space-y-2 pl-6 marker:text-terracotta">
            {section.list.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
        {section.table && (
          // Phones get one card per row (a wide table would scroll sideways); wider screens the table.
          <dl className="space-y-4 sm:hidden">
            {section.table.rows.map((row) => (
              <div key={row[0]} className="rounded-lg bg-white p-4 ring-1 ring-sand-200">
                <dt className="font-mono font-semibold text-ink">{row[0]}</dt>
                {row.slice(1).map((cell, index) => (
                  <dd key={cell} className="mt-2 text-sm">
                    <span className="font-semibold text-ink">
                      {section.table?.columns[index + 1]}:{" "}
                    </span>
                    {cell}
                  </dd>
                ))}
              </div>
            ))}
          </dl>
        )}
        {section.table && (
          <div className="hidden overflow-x-auto rounded-lg ring-1 ring-sand-200 sm:block">
            <table className="w-full min-w-[40rem] border-collapse bg-white text-left text-sm">
              <caption className="bg-sand-50 px-4 py-3 text-left font-semibold text-ink">
                {section.table.caption}
              </caption>
              <thead>
                <tr>
                  {section.table.columns.map((column) => (
                    <th
                      key={column}
                      scope="col"
                      className="border-b border-sand-200 px-4 py-3 font-semibold text-ink"
                    >
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {section.table.rows.map((row) => (
                  <tr key={row[0]} className="border-b border-sand-100 last:border-0">
                    <th scope="row" className="px-4 py-3 align-top font-mono font-medium text-ink">
                      {row[0]}
                    </th>
                    {row.slice(1).map((cell) => (
                      <td key={cell} className="px-4 py-3 align-top">
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {section.links && (
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {section.links.map((link) => (
              <li key={link.url}>
                {link.url.startsWith("/") ? (
                  <Link
                    to={link.url}
                    className="font-semibold text-terracotta underline underline-offset-4 hover:text-terracotta-dark"
                  >
                    {link.text}
                  </Link>
                ) : (
                  <a
                    href={link.url}
                    rel="noopener"
                    className="font-semibold text-terracotta underline underline-offset-4 hover:text-terracotta-dark"
                  >
                    {link.text}
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
