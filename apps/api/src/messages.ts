import { errorMessages as contractErrors } from '@matnat/contract';

/** Texts of the API's answers: the contract's, plus the ones only the server says. */
export const errorMessages = {
  ...contractErrors,
  badJson: 'Förfrågan är inte giltig JSON.',
  badUtf8: 'Förfrågan är inte giltig UTF-8.',
  badUrl: 'Adressen är ogiltig.',
  urlTooLong: 'Adressen är för lång.',
  badFilterId: (name: string) => `filter[${name}] måste vara ett id.`,
  tooLarge: 'Förfrågan är för stor.',
  mediaType: 'Förfrågan måste skickas som JSON.',
  embedReadOnly: 'En inbäddningsnyckel ger bara läsrättighet.',
  embedOrigin: 'Inbäddningsnyckeln får inte användas från det här ursprunget.',
  embedInvalid: 'Inbäddningsnyckeln är ogiltig, återkallad eller har gått ut.',
  badLink: 'Länken är ogiltig eller har gått ut.',
  impersonateAdmin: 'Du kan inte agera som en annan administratör.',
  notImpersonating: 'Du agerar inte som någon annan användare.',
  selfOnly: 'Du kan bara ändra dina egna uppgifter.',
  streamAlerts: 'alerts måste vara 1 eller 0.',
  streamAlertsEmbed: 'En inbäddningsnyckel kan inte följa notiser, bara mätvärden.',
  streamSensorIds: 'sensor_ids måste vara en kommaseparerad lista med sensor-id, till exempel 1,2,3.',
  metricsToken: 'Mätvärdena kräver METRICS_TOKEN som Bearer-nyckel, eller en anslutning från den här datorn.',
} as const;

/** Answers of the auth flows that are not errors. */
export const authMessages = {
  verificationSent: 'En ny verifieringslänk har skickats till din e-postadress.',
  resetLinkSent: 'Om adressen finns hos oss har vi skickat en länk för att återställa lösenordet.',
  passwordReset: 'Ditt lösenord har återställts.',
  emailTaken: 'E-postadressen används redan.',
  wrongPassword: 'Det nuvarande lösenordet är fel.',
  currentPasswordNeeded: 'Ange ditt nuvarande lösenord.',
  invitedExists: 'Det finns redan en användare med den e-postadressen.',
  ownAdmin: 'Du kan inte ändra din egen administratörsroll.',
  noAccess: (what: string) => `Du har inte tillgång till ${what}.`,
} as const;

/** Subjects and texts of the mails the server sends. */
export const mailMessages = {
  verifySubject: 'Bekräfta din e-postadress för Mätnät',
  verifyText: (name: string, link: string) =>
    `Hej ${name}!\n\nBekräfta din e-postadress genom att öppna länken nedan. Länken gäller i 60 minuter.\n\n${link}\n\nHälsningar\nMätnät`,
  resetSubject: 'Återställ ditt lösenord för Mätnät',
  resetText: (link: string) =>
    `Hej!\n\nVi fick en begäran om att återställa lösenordet för ditt konto. Länken gäller i 60 minuter.\n\n${link}\n\nOm du inte bad om detta kan du bortse från mejlet.\n\nHälsningar\nMätnät`,
  inviteSubject: 'Du har blivit inbjuden till Mätnät',
  inviteText: (inviter: string, link: string) =>
    `Hej!\n\n${inviter} har bjudit in dig till Mätnät. Öppna länken nedan för att välja namn och lösenord.\n\n${link}\n\nHälsningar\nMätnät`,
} as const;
