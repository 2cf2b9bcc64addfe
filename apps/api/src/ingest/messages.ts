/** Swedish texts of the ingestion answers. */
export const ingestMessages = {
  notAnObject: 'Meddelandet måste vara ett JSON-objekt.',
  missing: (field: string) => `Fältet ${field} saknas.`,
  noUplink: 'Meddelandet är ingen upplänk och lagras inte.',
  notAnUplink: (kind: string) => `Händelsen ${kind} innehåller inga mätvärden och lagras inte.`,
  badObjectJson: 'objectJSON är ingen giltig JSON-objekttext.',
  textValue: 'Texten är inget mätvärde.',
  notANumber: 'Värdet är inget tal.',
  notAMeasurement: 'Identifierare eller räknare, inget mätvärde.',
  noProbe: 'Värdet 0 betyder att ingen givare är ansluten.',
  outOfRange: (min: number, max: number) =>
    `Värdet ligger utanför det rimliga intervallet ${min} till ${max}.`,
  badEvent: 'Parametern event måste anges (up, status, join, ack, txack, log, location …).',
  unknownDevice: 'Enheten finns inte.',
  deviceMismatch: 'Nyckeln hör till en annan enhet.',
  deviceRequired: 'Enhet måste anges när en integrationsnyckel används.',
  unavailable: 'Mätvärdena kunde inte lagras just nu. Försök igen.',
} as const;
