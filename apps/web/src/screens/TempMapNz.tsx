import { buildPath } from '@matnat/core';
import type { MapBounds } from '@matnat/react';
import { Link } from 'react-router';
import { TemperatureMapScreen } from '../shell/TemperatureMapScreen';

/** New Zealand's North and South Islands. */
const NEW_ZEALAND: MapBounds = [
  [-47.5, 166],
  [-34, 179],
];

/** tempMap.nz `/temperaturspjut/nz` (guests): the temperature-sensor page for New Zealand. */
export default function TempMapNz() {
  return (
    <TemperatureMapScreen title="Temperaturspjut i Nya Zeeland" bounds={NEW_ZEALAND}>
      <p className="mb-2">
        Våra temperaturspjut i Nya Zeeland, från Auckland till Dunedin. Där är årstiderna omvända: när det är
        vinter i Sverige är det sommar där. Färgerna följer samma skala som kartan över Sverige.
      </p>
      <Link to={buildPath('tempMap')} className="font-medium text-teal-800 underline">
        Temperaturspjut i Sverige
      </Link>
    </TemperatureMapScreen>
  );
}
