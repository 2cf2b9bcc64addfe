/**
 * Every Swedish UI string of @matnat/react. Components read them through `useMessages()`; a host overrides
 * any of them (or switches to `en`) through the provider. Functions take the values to interpolate.
 */
export const sv = {
  locale: 'sv-SE',
  timeFilter: {
    rangeLabel: 'Tidsperiod',
    intervalLabel: 'Uppdatering',
    ranges: {
      prev_3_h: 'Senaste 3 timmarna',
      prev_12_h: 'Senaste 12 timmarna',
      prev_24_h: 'Senaste 24 timmarna',
      prev_2_days: 'Senaste 2 dagarna',
      prev_5_days: 'Senaste 5 dagarna',
      prev_7_days: 'Senaste 7 dagarna',
      prev_10_days: 'Senaste 10 dagarna',
      prev_15_days: 'Senaste 15 dagarna',
      prev_30_days: 'Senaste 30 dagarna',
      prev_90_days: 'Senaste 90 dagarna',
      prev_6_months: 'Senaste 6 månaderna',
      this_week: 'Denna vecka',
      this_month: 'Denna månad',
      this_year: 'Detta år',
      prev_week: 'Förra veckan',
      prev_month: 'Förra månaden',
      prev_year: 'Förra året',
    },
    intervals: {
      '5_s': 'Var 5:e sekund',
      '30_s': 'Var 30:e sekund',
      '1_m': 'Varje minut',
      '5_m': 'Var 5:e minut',
      '15_m': 'Var 15:e minut',
      '30_m': 'Var 30:e minut',
      '1_h': 'Varje timme',
      '3_h': 'Var 3:e timme',
      '12_h': 'Var 12:e timme',
    },
  },
  panel: {
    loading: 'Laddar…',
    loadFailed: 'Kunde inte hämta mätvärden',
    noData: 'Inga mätvärden under perioden',
    downloadCsv: 'Ladda ner CSV',
    average: 'medel',
    min: 'min',
    max: 'max',
    csvHeader: ['Sensor', 'Tid', 'Medel', 'Min', 'Max', 'Senaste', 'Antal'],
    measuredAt: (age: string) => `Mätt ${age}`,
    unknownPanelType: (type: string) => `Okänd paneltyp: ${type}`,
  },
  map: {
    satellite: 'Satellit',
    streetMap: 'Karta',
    noPosition: 'Saknar position',
    latest: 'Senaste värden',
    noReadings: 'Inga mätvärden än',
    temperature: 'Temperatur',
    legendTitle: 'Temperatur (°C)',
    loadFailed: 'Kunde inte hämta kartan',
    mapLabel: 'Karta över mätenheter',
    temperatureMapLabel: 'Karta över temperaturspjut',
  },
};

export type Messages = typeof sv;
