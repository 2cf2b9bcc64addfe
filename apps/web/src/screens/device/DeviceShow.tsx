import { buildPath, type Device, deviceLabel, HttpError } from '@matnat/core';
import {
  Button,
  ConfirmDangerDialog,
  devicesToFeatureCollection,
  LineChartPanel,
  TimePicker,
  useQuery,
  useTimeFilter,
} from '@matnat/react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { matnat } from '../../matnat';
import { DeviceMap } from '../../shell/maps';
import { useFormSubmit } from '../../shell/useFormSubmit';
import { usePageTitle } from '../../shell/usePageTitle';
import NotFound from '../NotFound';
import { BatteryText, DeviceStateBadge } from './DeviceStatus';
import { ageOf, signalText, stateOf } from './health';
import { SensorReading } from './LatestReading';
import { PublicGridSelect, PublicMapToggle } from './PublicMapToggle';

const card = 'rounded-lg bg-white p-4 ring-1 ring-slate-200';

function Gateways({ device }: { device: Device }) {
  const gateways = device.gateways ?? [];
  if (!gateways.length) return <p className="text-sm text-slate-600">Ingen gateway har hört enheten ännu.</p>;
  return (
    <ul className="space-y-2">
      {gateways.map((g) => (
        <li key={g.id} className="text-sm text-slate-800">
          <span className="font-medium">{g.title || g.external_gateway_id}</span>{' '}
          <span className="text-slate-600">
            {signalText(g.signal) ?? 'ingen signal känd'}
            {g.signal?.last_seen_at ? ` · hörd ${ageOf(g.signal.last_seen_at)}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Health({ device }: { device: Device }) {
  const h = device.health;
  const state = stateOf(device);
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
      <div>
        <dt className="text-slate-600">Läge</dt>
        <dd>{state ? <DeviceStateBadge state={state} /> : '–'}</dd>
      </div>
      <div>
        <dt className="text-slate-600">Batteri</dt>
        <dd>
          <BatteryText device={device} />
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">Signal</dt>
        <dd>{signalText(h) ?? '–'}</dd>
      </div>
      <div>
        <dt className="text-slate-600">Senast hörd</dt>
        <dd>{ageOf(h?.last_seen_at) ?? '–'}</dd>
      </div>
      <div>
        <dt className="text-slate-600">Team</dt>
        <dd>{(device.teams ?? []).map((t) => t.name).join(', ') || 'Inget team'}</dd>
      </div>
    </dl>
  );
}

/**
 * Messages naming the device that could never be stored (issue 24: acknowledged and dropped on MQTT so the
 * broker does not redeliver them forever), by reason; nothing when there are none.
 */
function DeadLetters({ deviceId }: { deviceId: number }) {
  const letters = useQuery(matnat.queries.deadLetters(deviceId));
  const list = letters.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className={card} aria-labelledby="dead-letters-heading">
      <h2 id="dead-letters-heading" className="mb-2 font-semibold text-slate-900">
        Meddelanden som inte kunde lagras
      </h2>
      <ul className="space-y-2 text-sm text-slate-800">
        {list.map((l) => (
          <li key={`${l.source}|${l.reason}`}>
            <span className="font-medium">{l.reason}</span>{' '}
            <span className="text-slate-600">
              {l.count} st via {l.source.toUpperCase()}, senast {ageOf(l.last_at)}
              {l.topic ? ` (${l.topic})` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** device.show: sensors with their latest values and a chart each (the route's time filter), health, gateways, position. */
export default function DeviceShow() {
  const id = Number(useParams().device_id);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const device = useQuery(matnat.queries.device(id));
  const [filter, setFilter] = useTimeFilter(pathname);
  const [confirming, setConfirming] = useState(false);
  const action = useFormSubmit();
  usePageTitle(device.data ? deviceLabel(device.data) : null);

  if (device.error instanceof HttpError && [403, 404].includes(device.error.status)) return <NotFound />;
  if (device.isError) return <p role="alert">Mätenheten kunde inte hämtas. Försök igen.</p>;
  if (!device.data) return <p className="text-slate-600">Laddar…</p>;
  const d = device.data;
  const features = devicesToFeatureCollection([d]);

  async function remove() {
    setConfirming(false);
    await action.run(() => matnat.mutations.devices.remove(d.id), {
      failed: 'Mätenheten kunde inte tas bort.',
      onDone: () => navigate(buildPath('device.index')),
    });
  }

  return (
    <article className="space-y-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{deviceLabel(d)}</h1>
          <p className="break-all text-sm text-slate-600">Enhets-id: {d.external_device_id}</p>
        </div>
        <div className="flex gap-2">
          <Link
            to={buildPath('device.edit', { device_id: d.id })}
            className="rounded-md px-3 py-2 font-semibold text-teal-800 ring-1 ring-slate-300 hover:bg-teal-50"
          >
            Redigera
          </Link>
          <Button variant="remove" text="Ta bort" onClick={() => setConfirming(true)} />
        </div>
      </header>
      <section className={card} aria-labelledby="health-heading">
        <h2 id="health-heading" className="mb-2 font-semibold text-slate-900">
          Status
        </h2>
        <Health device={d} />
        {d.health?.simulated && (
          <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
            <strong className="font-semibold">Simulerade mätvärden.</strong> Enheten hör till demon: dess
            mätvärden räknas fram av demons simulator och är inte uppmätta. Enhetens första riktiga mätvärde
            avslutar simuleringen.
          </p>
        )}
      </section>
      <DeadLetters deviceId={d.id} />
      <section className={card} aria-labelledby="sensors-heading">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <h2 id="sensors-heading" className="font-semibold text-slate-900">
            Sensorer
          </h2>
          <TimePicker value={filter} onChange={(value) => setFilter(value)} />
        </div>
        <ul className="grid gap-4 lg:grid-cols-2">
          {(d.sensors ?? []).map((sensor) => (
            <li key={sensor.id}>
              <p className="text-sm text-slate-800">
                {sensor.name}: <SensorReading sensor={sensor} />
              </p>
              <LineChartPanel
                title={sensor.name}
                items={[{ sensorId: sensor.id, label: sensor.name, unit: sensor.unit }]}
                range={filter}
                interval={filter.interval_slug}
                showTimeFilter={false}
                height={220}
              />
            </li>
          ))}
        </ul>
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className={card} aria-labelledby="gateways-heading">
          <h2 id="gateways-heading" className="mb-2 font-semibold text-slate-900">
            Gateways
          </h2>
          <Gateways device={d} />
        </section>
        <section className={card} aria-labelledby="position-heading">
          <h2 id="position-heading" className="mb-2 font-semibold text-slate-900">
            Position
          </h2>
          <div className="mb-3 space-y-3">
            <PublicMapToggle device={d} />
            <PublicGridSelect device={d} />
          </div>
          {features.features.length ? (
            <DeviceMap devices={features} height={240} legend={false} />
          ) : (
            <p className="text-sm text-slate-600">Enheten saknar position.</p>
          )}
        </section>
      </div>
      <ConfirmDangerDialog
        open={confirming}
        title={`Ta bort ${deviceLabel(d)}?`}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
        routeKey={pathname}
      >
        Mätenheten och dess mätvärden tas bort. Det går inte att ångra.
      </ConfirmDangerDialog>
    </article>
  );
}
