import { buildPath } from '@matnat/core';
import { Link } from 'react-router';

const card = 'rounded-lg bg-white p-4 ring-1 ring-slate-200';

/** about `/about` (Om oss): who makes Mätnät, what it does, and how to reach us. */
export default function About() {
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-4 text-2xl font-semibold text-slate-900 md:text-3xl">Om oss</h1>
      <p className="mb-4 text-lg text-slate-700">
        Mätnät är en svensk tjänst för att övervaka sensorer. Temperaturspjut, klimatgivare och andra
        mätenheter skickar sina värden trådlöst via LoRaWAN-gateways, och du följer dem i dashboards, på en
        karta och med notiser när något avviker.
      </p>
      <div className="mb-6 grid gap-4 md:grid-cols-2">
        <div className={card}>
          <h2 className="mb-1 font-semibold text-slate-900">Vad vi gör</h2>
          <p className="text-sm text-slate-700">
            Vi levererar mätenheter, gateways och abonnemang, och tar hand om lagringen av mätvärdena. Skog,
            odling, fastigheter och kommuner använder Mätnät för att hålla koll på temperatur och fukt.
          </p>
        </div>
        <div className={card}>
          <h2 className="mb-1 font-semibold text-slate-900">Kontakt</h2>
          <p className="text-sm text-slate-700">
            E-post:{' '}
            <a className="text-teal-800 underline" href="mailto:info@matnat.se">
              info@matnat.se
            </a>
            <br />
            Vardagar 8–17. Vi svarar oftast samma dag.
          </p>
        </div>
      </div>
      <p className="text-slate-700">
        Se våra{' '}
        <Link className="text-teal-800 underline" to={buildPath('tempMap')}>
          temperaturspjut på kartan
        </Link>{' '}
        eller titta i{' '}
        <Link className="text-teal-800 underline" to={buildPath('productlist')}>
          webbshopen
        </Link>
        .
      </p>
    </section>
  );
}
