import { INTERVAL_LABELS, RANGE_LABELS } from '@matnat/contract/plain';

/**
 * The groups a widget reads on its own (`useMessageGroups`), so that a bundle of one widget (a script tag)
 * carries only its groups' Swedish strings; `sv` below is all of them.
 */
export const svLocale: string = 'sv-SE';

export const svTimeFilter = {
  rangeLabel: 'Tidsperiod',
  intervalLabel: 'Uppdatering',
  // The contract holds the one Swedish label of every range and interval slug.
  ranges: RANGE_LABELS,
  intervals: INTERVAL_LABELS,
  /** A custom range från–till (issue 21), its ends as the locale writes them. */
  custom: (from: string, to: string) => `${from} – ${to}`,
  /** The compact time picker (issue 21): its presets, its custom range från–till. */
  presets: 'Snabbval',
  customRange: 'Egen period',
  from: 'Från',
  to: 'Till',
  apply: 'Visa perioden',
};

export const svPanel = {
  justNow: 'nyss',
  loading: 'Laddar…',
  loadFailed: 'Kunde inte hämta mätvärden',
  noData: 'Inga mätvärden under perioden',
  downloadCsv: 'Ladda ner CSV',
  min: 'min',
  max: 'max',
  csvHeader: ['Sensor', 'Tid', 'Medel', 'Min', 'Max', 'Senaste', 'Antal'],
  measuredAt: (age: string) => `Mätt ${age}`,
  unknownPanelType: (type: string) => `Okänd paneltyp: ${type}`,
  /** A single value before the sensor's first reading (issue 21). */
  /** The threshold steps named under a line chart: 'Varning från 25 °C'. */
  thresholds: 'Gränsvärden',
  fromValue: (value: string, unit: string) => `från ${value}${unit ? `\u00a0${unit}` : ''}`,
  /** The alerts under a line chart (issue 21), and whether one fires now. */
  alerts: 'Larm',
  alertFiring: '– larmar nu',
  noValue: 'Inget värde',
  noValueHint: 'Sensorn har inte skickat något mätvärde än.',
  /** After the age, once the reading is older than the device's expected interval. */
  stale: (interval: string) => `äldre än väntat (${interval})`,
  /** The sparkline's accessible name: its lowest and highest value. */
  sparkline: (min: string, max: string, unit: string) =>
    `Under perioden mellan ${min} och ${max}${unit ? `\u00a0${unit}` : ''}`,
};

/**
 * Zoom and read on a line chart (issue 21): the button back to the range, the chart's keys, what they did;
 * and a host's range that cannot be shown (Bad input), with the contract's reason when it has one. A group
 * of its own: the maps, which read `panel`, do not carry them.
 */
export const svChart = {
  resetZoom: 'Återställ zoom',
  chartKeys: 'Pilar läser, Skift+pilar markerar, Enter zoomar in',
  marked: (period: string) => `Markerat ${period}`,
  zoomedTo: (period: string) => `Zoomat in på ${period}`,
  badRange: (why: string) => `Perioden kan inte visas. ${why || 'Okänd period.'}`,
};

export const svMap = {
  satellite: 'Satellit',
  streetMap: 'Karta',
  latest: 'Senaste värden',
  noReadings: 'Inga mätvärden än',
  showDevice: 'Visa mätenhet',
  temperature: 'Temperatur',
  legendTitle: 'Temperatur (°C)',
  loadFailed: 'Kunde inte hämta kartan',
  mapLabel: 'Karta över mätenheter',
  temperatureMapLabel: 'Karta över temperaturspjut',
  stateLegend: 'Status',
  zoomIn: 'Zooma in',
  zoomOut: 'Zooma ut',
  leafletTitle: 'Ett JavaScript-bibliotek för interaktiva kartor',
  closePopup: 'Stäng',
  osmContributors: 'OpenStreetMap-bidragsgivare',
  imagery: 'Bilder',
  /** Issue 26: the built-in basemap's credit ('Grundkarta: Natural Earth'), shown while it is drawn. */
  basemap: 'Grundkarta',
};

/** What the panels, their charts and the time filter read (`useMessageGroups(svPanelGroups)`). */
export const svPanelGroups = { locale: svLocale, timeFilter: svTimeFilter, panel: svPanel, chart: svChart };

/** What the maps read: their own strings, and the panels' 'nyss' of a reading's age. */
export const svMapGroups = { locale: svLocale, map: svMap, panel: svPanel };

/**
 * Every Swedish UI string of @matnat/react. Components read them through `useMessages()`; a host overrides
 * any of them (or switches to `en`) through the provider. Functions take the values to interpolate.
 */
export const sv = {
  locale: svLocale,
  timeFilter: svTimeFilter,
  panel: svPanel,
  chart: svChart,
  map: svMap,
  /** Issue 21: a device's state at a glance (the contract's `deviceState`). */
  deviceStates: {
    ok: 'OK',
    silent: 'Tyst',
    alarm: 'Larm',
    unheard: 'Ej hörd',
  },
  ui: {
    back: 'Tillbaka',
    edit: 'Redigera',
    remove: 'Ta bort',
    dropdownPlaceholder: 'Sortera',
    avatarPhotoAlt: (name: string) => `Profilbild för ${name}`,
    close: 'Stäng',
    error: 'Fel',
    toastRegion: 'Meddelanden',
    progressLabel: 'Sidan laddas',
  },
  dialog: {
    dangerConfirm: 'Ta bort',
    successConfirm: 'Fortsätt',
    cancel: 'Avbryt',
  },
  notifications: {
    label: 'Notifikationer',
    none: 'Inga nya notifikationer',
    newVersion: 'Ny version tillgänglig! Klicka här för att uppdatera',
  },
  impersonation: {
    loggedInAs: (name: string) => `Du är just nu inloggad som ${name}`,
    revert: (name: string) => `Återgå till ${name}`,
  },
  form: {
    // The spec keeps the generic form error in English, in the Swedish interface too.
    genericError: 'Something went wrong. Please try again or contact customer support.',
    errorsTitle: 'Formuläret innehåller fel',
  },
  shop: {
    loading: 'Laddar…',
    loadFailed: 'Det gick inte att hämta produkterna.',
    products: 'Produkter',
    noProducts: 'Inga produkter finns just nu.',
    productNotFound: 'Produkten hittades inte.',
    addToCart: 'Lägg i varukorgen',
    addedToCart: (title: string) => `${title} lades i varukorgen`,
    cart: 'Varukorg',
    cartEmpty: 'Varukorgen är tom.',
    quantity: (count: number) => `Antal: ${count}`,
    removeOneOf: (title: string) => `Ta bort en ${title}`,
    removeAllOf: (title: string) => `Ta bort alla ${title}`,
    removeOne: 'Ta bort en',
    removeAll: 'Ta bort alla',
    total: 'Summa',
    toOrder: 'Till beställning',
    outOfStock: 'Slut i lager',
    unitPrice: 'Styckpris',
  },
  order: {
    title: 'Beställning',
    name: 'Namn',
    email: 'E-post',
    phone: 'Telefon',
    company: 'Företag',
    address: 'Adress',
    postalCode: 'Postnummer',
    city: 'Ort',
    message: 'Meddelande',
    submit: 'Skicka beställning',
    submitting: 'Skickar…',
    success: 'Tack för din beställning! Vi hör av oss inom kort.',
    emptyCart: 'Lägg något i varukorgen innan du beställer.',
    orderNumber: (number: string) => `Ordernummer: ${number}`,
    required: 'obligatoriskt',
    fields: 'Dina uppgifter',
  },
};

export type Messages = typeof sv;
