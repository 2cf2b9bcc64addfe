import { buildPath } from '@matnat/core';
import type { MapBounds } from '@matnat/react';
import { Link } from 'react-router';
import { TemperatureMapScreen } from '../shell/TemperatureMapScreen';

/** Sweden with a margin: the public spears here (the NZ ones have their own page). */
const SWEDEN: MapBounds = [
  [55, 10.5],
  [69.2, 24.5],
];

/** tempMap `/temperaturspjut` (guests): every public temperature spear in Sweden, coloured by the scale. */
export default function TempMap() {
  return (
    <TemperatureMapScreen title="Temperaturspjut" bounds={SWEDEN}>
      <p className="mb-2">
        Varje punkt är ett temperaturspjut och färgen visar den senaste mätningen enligt skalan, från blått
        (kallt) till rött (varmt). Klicka på en punkt för värdet och när det mättes.
      </p>
      <Link to={buildPath('tempMap.nz')} className="font-medium text-teal-800 underline">
        Temperaturspjut i Nya Zeeland
      </Link>
    </TemperatureMapScreen>
  );
}
