import type { Device, Sensor } from '@matnat/core';
import { formatReading, useQuery } from '@matnat/react';
import { matnat } from '../../matnat';
import { ageOf } from './health';

/**
 * A sensor's newest reading: '−4,9 °C (för 3 minuter sedan)', read through the core's `latest` query,
 * shared with any panel or popup asking the same.
 */
export function SensorReading({
  sensor,
  named = false,
}: {
  sensor: Pick<Sensor, 'id' | 'name' | 'unit'>;
  named?: boolean;
}) {
  const latest = useQuery(matnat.queries.latest(sensor.id));
  if (latest.isPending) return <span>Laddar…</span>;
  const reading = latest.data;
  if (!reading) return <span>{named ? `${sensor.name}: ` : ''}Inga mätvärden ännu</span>;
  return (
    <span>
      {named ? `${sensor.name}: ` : ''}
      <strong>
        {formatReading(reading.value)} {sensor.unit}
      </strong>{' '}
      ({ageOf(reading.measured_at)})
    </span>
  );
}

/** The newest reading of the device's default sensor, else of its first sensor. */
export function LatestReading({ device }: { device: Pick<Device, 'defaultSensor' | 'sensors'> }) {
  const sensor = device.defaultSensor ?? device.sensors?.[0] ?? null;
  if (!sensor) return <span>Inga sensorer ännu</span>;
  return <SensorReading sensor={sensor} named />;
}
