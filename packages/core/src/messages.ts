/**
 * Every user-facing string of the core, in Swedish. One module so that a host can translate or reword
 * the core with `createMessages(overrides)`; nothing Swedish is scattered through the logic.
 *
 * Add new strings as a new group (or a key in an existing group); keep keys stable, they are public API.
 */
export const svMessages = {
  appName: 'Mätnät',
  /** `%s` is the page title. */
  titleTemplate: '%s · Mätnät',
  /** The spec keeps this one in English (spec §5, §8). */
  genericError: 'Something went wrong. Please try again or contact customer support.',

  routeTitles: {
    welcome: 'Välkommen',
    'error.single.message': 'Något gick fel',
    login: 'Logga in',
    'password.request': 'Glömt lösenord',
    'password.reset': 'Återställ lösenord',
    register: 'Skapa konto',
    'verification.notice': 'Verifiera din e-postadress',
    'verification.verify': 'Verifierar e-postadress',
    'dashboard.index': 'Dashboards',
    'dashboard.form': 'Ny dashboard',
    'dashboard.show': 'Dashboard',
    'dashboard.panelform.simple': 'Ny panel',
    'dashboard.panelform.advanced': 'Ny avancerad panel',
    'user.settings': 'Din profil',
    'admin.devices': 'Nya enheter',
    'admin.users': 'Användare',
    'user.invite': 'Inbjudan',
    about: 'Om oss',
    'alert.index': 'Notiser',
    'alert.create': 'Ny notis',
    'alert.edit': 'Redigera notis',
    'device.index': 'Mätenheter',
    'device.show': 'Mätenhet',
    'device.edit': 'Redigera mätenhet',
    'panel.edit': 'Redigera panel',
    tempMap: 'Temperaturspjut',
    'tempMap.nz': 'Temperaturspjut i Nya Zeeland',
    order: 'Beställ',
    productlist: 'Produkter',
    product: 'Produkt',
    map: 'Karta',
    'map.devices': 'Mätenheter på kartan',
    notFound: 'Sidan hittades inte',
  },

  /** Success notifications after a removal (spec §8; the device one is ours, the spec names none). */
  removed: {
    dashboard: 'Dashboarden har tagits bort',
    device: 'Mätenheten har tagits bort',
    cartItem: 'Artiklen togs bort',
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape of the message catalogue; a translation provides every key. */
export type CoreMessages = Widen<typeof svMessages>;

/** Overrides for `createMessages`: any subset of groups and keys. */
export type MessageOverrides = {
  [K in keyof CoreMessages]?: CoreMessages[K] extends string ? string : Partial<CoreMessages[K]>;
};

/** The Swedish catalogue with the given strings replaced (one level of groups is merged, not replaced). */
export function createMessages(overrides: MessageOverrides = {}): CoreMessages {
  const merged: Record<string, unknown> = { ...svMessages };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    const base = merged[key];
    merged[key] = typeof value === 'object' && typeof base === 'object' ? { ...base, ...value } : value;
  }
  return merged as CoreMessages;
}

/** Fills the title template: `formatTitle('Notiser')` → 'Notiser · Mätnät'; no title → the app name. */
export function formatTitle(title: string | null | undefined, messages: CoreMessages = svMessages): string {
  return title ? messages.titleTemplate.replace('%s', title) : messages.appName;
}
