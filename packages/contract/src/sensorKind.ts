/**
 * The kind of a sensor, as an alert condition on "every sensor of a kind on a device" names it: the
 * payload key ingestion created the sensor from (`temperature`, `TempC_SHT`), or for a sensor made
 * without one (by hand, the demo data) its type, the same fallback ingestion uses to match readings.
 * Compared without case, as ingestion compares keys.
 */
export function sensorKind(sensor: { key?: string | null; type: string }): string {
  return (sensor.key ?? sensor.type).toLowerCase();
}
