import { buildPath, type Device, deviceLabel } from '@matnat/core';
import { Button, devicesToFeatureCollection, useQuery, useSession } from '@matnat/react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { matnat } from '../../matnat';
import { FormMessage } from '../../shell/FormMessage';
import { DeviceMap } from '../../shell/maps';
import { SelectField } from '../../shell/SelectField';
import { TextField } from '../../shell/TextField';
import { useFormSubmit } from '../../shell/useFormSubmit';
import { usePageTitle } from '../../shell/usePageTitle';
import NotFound from '../NotFound';

const DEVICE_FIELDS = [
  'title',
  'external_device_id',
  'lat',
  'lng',
  'default_sensor_id',
  'expected_interval_s',
  'team_ids',
];
type Position = { lat: string; lng: string };

const toNumberOrNull = (s: FormDataEntryValue | null) => {
  const text = String(s ?? '')
    .trim()
    .replace(',', '.');
  return text === '' ? null : Number(text);
};

/** The form's values as the contract's DeviceUpdateBody expects them (admins also send teams). */
function bodyOf(form: FormData, admin: boolean) {
  const sensor = Number(form.get('default_sensor_id'));
  const interval = toNumberOrNull(form.get('expected_interval_min'));
  return {
    title: String(form.get('title') ?? '').trim() || null,
    external_device_id: String(form.get('external_device_id') ?? '').trim(),
    lat: toNumberOrNull(form.get('lat')),
    lng: toNumberOrNull(form.get('lng')),
    default_sensor_id: sensor || null,
    expected_interval_s: interval === null ? null : Math.round(interval * 60),
    ...(admin && { team_ids: form.getAll('team_ids').map(Number) }),
  };
}

function EditForm({ device }: { device: Device }) {
  const navigate = useNavigate();
  const { isAdmin } = useSession();
  const teams = useQuery({ ...matnat.queries.teams(), enabled: isAdmin });
  const form = useFormSubmit({ shown: DEVICE_FIELDS });
  const { fields, general, busy } = form;
  const [position, setPosition] = useState<Position>({
    lat: device.lat === null ? '' : String(device.lat),
    lng: device.lng === null ? '' : String(device.lng),
  });
  const placed = { ...device, lat: Number(position.lat), lng: Number(position.lng) };
  const features = devicesToFeatureCollection(position.lat && position.lng ? [placed] : []);
  const own = new Set((device.teams ?? []).map((t) => t.id));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const saved = await form.submit(
      () => import('@matnat/contract').then((c) => c.DeviceUpdateBody),
      bodyOf(new FormData(event.currentTarget), isAdmin),
      (body) => matnat.mutations.devices.update(device.id, body),
      { toast: 'Mätenheten har sparats' },
    );
    if (saved) navigate(buildPath('device.show', { device_id: device.id }));
  }

  const pick = (lat: number, lng: number) => setPosition({ lat: lat.toFixed(5), lng: lng.toFixed(5) });
  const intervalMin = device.health ? device.health.expected_interval_s / 60 : '';

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 lg:grid-cols-2">
      <FormMessage tone="error" className="lg:col-span-2">
        {general}
      </FormMessage>
      <div className="space-y-4">
        <TextField name="title" label="Titel" defaultValue={device.title ?? ''} errors={fields.title} />
        <TextField
          name="external_device_id"
          label="Enhets-id"
          defaultValue={device.external_device_id}
          errors={fields.external_device_id}
        />
        <SelectField
          name="default_sensor_id"
          label="Standardsensor"
          defaultValue={device.default_sensor_id ?? ''}
          errors={fields.default_sensor_id}
        >
          <option value="">Ingen</option>
          {(device.sensors ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <TextField
          name="expected_interval_min"
          type="number"
          min={1}
          label="Förväntat sändintervall (minuter)"
          defaultValue={intervalMin}
          errors={fields.expected_interval_s}
        />
        {isAdmin && (
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-slate-800">Team</legend>
            {(teams.data ?? []).map((team) => (
              <label key={team.id} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name="team_ids"
                  value={team.id}
                  defaultChecked={own.has(team.id)}
                  className="h-4 w-4 accent-teal-700"
                />
                {team.name}
              </label>
            ))}
            {fields.team_ids?.[0] && <p className="mt-1 text-sm text-red-700">{fields.team_ids[0]}</p>}
          </fieldset>
        )}
      </div>
      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-medium text-slate-800">
          Position (skriv in den eller klicka på kartan)
        </legend>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            name="lat"
            label="Latitud"
            inputMode="decimal"
            value={position.lat}
            onChange={(e) => setPosition({ ...position, lat: e.target.value })}
            errors={fields.lat}
          />
          <TextField
            name="lng"
            label="Longitud"
            inputMode="decimal"
            value={position.lng}
            onChange={(e) => setPosition({ ...position, lng: e.target.value })}
            errors={fields.lng}
          />
        </div>
        <DeviceMap devices={features} height={280} onMapClick={pick} />
      </fieldset>
      <div className="flex gap-3 lg:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Sparar…' : 'Spara'}
        </Button>
        <Link
          to={buildPath('device.show', { device_id: device.id })}
          className="rounded-md px-3 py-2 font-semibold text-teal-800 ring-1 ring-slate-300"
        >
          Avbryt
        </Link>
      </div>
    </form>
  );
}

/** device.edit: title, external id, position (typed or clicked on the map), default sensor, interval, teams (admins). */
export default function DeviceEdit() {
  const id = Number(useParams().device_id);
  const device = useQuery(matnat.queries.device(id));
  usePageTitle(device.data ? `Redigera ${deviceLabel(device.data)}` : null);
  if (device.isError) return <NotFound />;
  if (!device.data) return <p className="text-slate-600">Laddar…</p>;
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Redigera {deviceLabel(device.data)}</h1>
      <EditForm device={device.data} />
    </section>
  );
}
