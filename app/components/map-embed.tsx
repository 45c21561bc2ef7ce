// The office map on /team comes from a third party (OpenStreetMap), so the iframe is not in the
// page until the visitor asks for it ("Cargar mapa") or has accepted every cookie. Before that a
// static placeholder with the address and an external link stands in its place, same size, so
// nothing shifts when the map arrives. See docs/decisions/037-analytics-loading.md.

import { useState } from "react";
import { useCompany } from "~/lib/company";
import { consentSignals, useConsent } from "~/lib/consent";

export function MapEmbed({ title }: { title: string }) {
  const company = useCompany();
  const { address } = company;
  const consent = useConsent();
  const [requested, setRequested] = useState(false);
  // «Aceptar» takes every purpose, the map among them (the banner says so); a choice of some
  // purposes in «Preferencias», which do not name the map, leaves it to its button (decision 037).
  const consented =
    consent.choice !== null && consentSignals.every((signal) => consent.choice?.[signal]);
  const load = requested || consented;
  const externalMap = `https://www.openstreetmap.org/?mlat=${company.map.lat}&mlon=${company.map.lng}#map=16/${company.map.lat}/${company.map.lng}`;

  return (
    <div className="overflow-hidden rounded-lg bg-sand-100 shadow-sm ring-1 ring-sand-200">
      <div className="relative aspect-[4/3] sm:aspect-video">
        {load ? (
          <iframe
            title={title}
            src={company.map.embedUrl}
            className="absolute inset-0 h-full w-full border-0"
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
          />
        ) : (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-[radial-gradient(var(--color-sand-200)_1px,transparent_1px)] [background-size:18px_18px] p-6 text-center">
            <p className="max-w-md text-ink-soft">
              El mapa lo sirve OpenStreetMap. Para protegerte, no lo cargamos hasta que lo pidas; al
              cargarlo, OpenStreetMap recibirá tu dirección IP.
            </p>
            <button
              type="button"
              onClick={() => setRequested(true)}
              className="inline-flex min-h-12 items-center justify-center rounded-md bg-ink px-6 py-3 font-semibold text-plaster shadow-sm hover:bg-ink-soft"
            >
              Cargar mapa
            </button>
          </div>
        )}
      </div>
      <p className="flex flex-wrap items-center justify-between gap-2 bg-white px-4 py-3 text-sm text-ink-soft">
        <span>
          {address.street}, {address.postalCode} {address.city}
        </span>
        <a
          href={externalMap}
          className="font-semibold text-terracotta underline underline-offset-4 hover:text-terracotta-dark"
        >
          Abrir en OpenStreetMap
        </a>
      </p>
    </div>
  );
}
