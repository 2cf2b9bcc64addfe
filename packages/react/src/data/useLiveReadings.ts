import type { LiveReading } from '@matnat/core';
import { useEffect } from 'react';
import { useMatnatClient } from '../provider/context';
import { useLatest } from '../widgets/useLatest';

/** Calls `onReading` with every new reading of the sensors, through the client's one live stream. */
export function useLiveReadings(
  sensorIds: readonly (number | string)[],
  onReading: (reading: LiveReading) => void,
): void {
  const { readings } = useMatnatClient();
  const latest = useLatest(onReading);
  const key = sensorIds.join(',');
  useEffect(() => {
    if (!readings || !key) return;
    const offs = key.split(',').map((id) => readings.subscribe(id, (reading) => latest.current(reading)));
    return () => {
      for (const off of offs) off();
    };
  }, [readings, key, latest]);
}
