/** Swedish texts of webhook channels and their delivery log. */
export const webhookMessages = {
  unknownChannel: 'Okänd webhook.',
  notYourTeam: 'Du kan bara skapa webhooks för dina egna team.',
  credentials: 'Adressen får inte innehålla användarnamn eller lösenord.',
  httpsOnly:
    'Adressen måste börja med https:// (http bara till interna adresser som driftansvarig tillåtit).',
  privateTarget: (address: string) =>
    `Adressen pekar på ett internt nät (${address}); driftansvarig har inte tillåtit det.`,
  unresolved: (host: string) => `Värdnamnet ${host} gick inte att slå upp.`,
  timeout: (ms: number) => `Mottagaren svarade inte inom ${ms / 1000} s.`,
  network: (code: string) => `Anslutningen misslyckades (${code}).`,
  status: (status: number) => `Mottagaren svarade ${status}.`,
  redirect: (status: number) => `Mottagaren svarade ${status} (omdirigering); omdirigeringar följs inte.`,
  tooLarge: 'Meddelandet är för stort för att skickas.',
  secretUnreadable: 'Hemligheten kan inte läsas (APP_KEY har bytts). Skapa en ny hemlighet för kanalen.',
  channelPaused: 'Kanalen pausades innan leveransen hann göras.',
  pausedTitle: (name: string) => `Webhooken ${name} har pausats`,
  pausedBody: (name: string, n: number, last: string) =>
    `Leveranserna till ${name} har misslyckats ${n} gånger i rad (senast: ${last}). Kanalen är pausad; ` +
    'återuppta den under Inställningar → Webhooks när mottagaren fungerar igen.',
  pausedReason: (n: number) => `${n} leveranser i rad misslyckades.`,
  pausedBy: (name: string) => `Pausad av ${name}.`,
  testTitle: 'Test från Mätnät',
  testText: (name: string) => `Det här är ett testmeddelande till webhooken ${name}. Allt fungerar.`,
} as const;
