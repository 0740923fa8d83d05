import type { DemoAccountKey } from "./world.js";

/**
 * The people of the demo history: who they are, where they work and which languages they are
 * tested in. history.ts turns them into candidate profiles with tests.
 */

/** The tests a person takes, by language (keys of demo/catalogue.ts DEMO_TESTS). */
export const TEST_POOLS = {
  es: ["es-ls-ivr", "es-ls-live", "es-reading-paper", "es-en-translation"],
  cmn: ["cmn-ls-video", "zh-writing", "en-reading"],
  ar: ["ar-reading", "ar-ls-ivr", "en-listening"],
  vi: ["vi-ls-live", "en-reading", "en-listening"],
  fr: ["fr-en-translation-paper", "en-writing", "en-reading"],
  en: ["en-reading", "en-writing", "en-listening", "en-reading-proctored"],
} as const;
export type PoolKey = keyof typeof TEST_POOLS;

/** Medical tests added to the pool of a medical candidate (Northwind has the medical option). */
export const MEDICAL_POOLS: Partial<Record<PoolKey, readonly string[]>> = {
  es: ["med-es-ls-ivr", "med-es-ls-live", "med-es-reading"],
  cmn: ["med-cmn-ls-ivr", "med-cmn-ls-video"],
};

export interface DemoPerson {
  first: string;
  middle?: string;
  last: string;
  account: DemoAccountKey;
  /** Index into the account's offices. */
  office: number;
  pool: PoolKey;
  /** Preferred language: 140 English (default), 104 Chinese (Simplified), 106 Chinese (Traditional). */
  languageId?: 140 | 104 | 106;
  /** Health care role and specialty names (demo/catalogue.ts DEMO_HEALTHCARE_ROLES). */
  role?: [string, string | null];
  adjustments?: boolean;
  notes?: string;
  /** false: the client has no email address for this person. */
  email?: false;
  /** Proctoring contact details on file even without proctored tests. */
  contact?: boolean;
}

type Row = [first: string, middle: string, last: string, pool: PoolKey, extra?: Partial<DemoPerson>];

const at = (account: DemoAccountKey, office: number, rows: Row[]): DemoPerson[] =>
  rows.map(([first, middle, last, pool, extra]) => ({ first, ...(middle ? { middle } : {}), last, account, office, pool, ...extra }));

const NURSE = "Nurse";
const PHYSICIAN = "Physician";
const ASSISTANT = "Medical Assistant";
const PHARMACIST = "Pharmacist";
const PSR = "Patient Services Representative";

export const DEMO_PEOPLE: readonly DemoPerson[] = [
  // Northwind Health, Boston
  ...at("northwind", 0, [
    ["Maria", "Guadalupe", "Hernandez", "es", { role: [NURSE, "Registered Nurse"], notes: "Night shift, Emergency Department." }],
    ["Jean-Baptiste", "", "Pierre", "fr", { role: [PSR, null], contact: true }],
    ["Lan", "Thi", "Nguyen", "vi", { role: [ASSISTANT, "Clinical"] }],
    ["Wei", "", "Chen", "cmn", { languageId: 104, role: [PHARMACIST, "Hospital Pharmacy"] }],
    ["Ana", "Paula", "Ferreira", "en", { role: [NURSE, "Licensed Practical Nurse"] }],
    ["Omar", "", "Khalil", "ar", { notes: "Volunteer interpreter for the Arabic-speaking patient line." }],
    ["Sofia", "", "Ramirez", "es", { role: [PHYSICIAN, "Pediatrics"] }],
    ["Michael", "", "O'Brien", "en", { adjustments: true, notes: "Extended time approved by HR (documented accommodation)." }],
    ["Rosa", "Elena", "Martinez", "es", { role: [ASSISTANT, "Administrative"] }],
    ["Thanh", "", "Pham", "vi"],
    ["Daniela", "", "Souza", "en"],
    ["Carlos", "Eduardo", "Mendes", "es", { contact: true }],
    ["Fatima", "Zahra", "El Amrani", "ar", { role: [NURSE, "Nurse Practitioner"] }],
    ["Ka Wai", "", "Leung", "cmn", { languageId: 106 }],
    ["Patrick", "", "Joseph", "fr", { email: false, notes: "No email on file; hand the access code over in person." }],
    ["Isabel", "Cristina", "Torres", "es", { role: [PHYSICIAN, "Family Medicine"] }],
    ["Samuel", "", "Okonkwo", "en"],
    ["Mei Ling", "", "Wong", "cmn", { languageId: 106, role: [NURSE, "Registered Nurse"] }],
    ["Luis", "Alberto", "Vargas", "es", { notes: "Retest requested by the department manager." }],
    ["Hoa", "", "Tran", "vi", { role: [PSR, null] }],
    ["Rachel", "", "Goldberg", "en", { adjustments: true }],
    ["Yusuf", "", "Abdi", "ar"],
    ["Gabriela", "", "Castillo", "es", { role: [NURSE, "Registered Nurse"] }],
    ["Dmitri", "", "Volkov", "en"],
    ["Claudette", "", "Beauvais", "fr", { contact: true }],
    ["Jorge", "", "Peña", "es", { notes: "Bilingual pay differential review, Q3." }],
  ]),
  // Northwind Health, Chicago
  ...at("northwind", 1, [
    ["Alejandro", "", "Gutiérrez", "es", { role: [PHYSICIAN, "Emergency Medicine"] }],
    ["Katarzyna", "", "Nowak", "en"],
    ["Ahmed", "", "Mansour", "ar", { role: [ASSISTANT, "Clinical"] }],
    ["Juan", "Carlos", "Morales", "es", { contact: true }],
    ["Lucía", "", "Fernández", "es", { role: [NURSE, "Nurse Practitioner"], adjustments: true }],
    ["Tomasz", "", "Kowalski", "en"],
    ["Layla", "", "Hassan", "ar", { role: [PSR, null] }],
    ["Xinyi", "", "Liu", "cmn", { languageId: 104 }],
    ["Verónica", "", "Salazar", "es", { role: [ASSISTANT, "Administrative"] }],
    ["Minh", "", "Hoang", "vi"],
    ["Adaeze", "", "Nwosu", "en", { notes: "Transferred from the Boston office." }],
    ["Ricardo", "", "Delgado", "es", { email: false }],
    ["Noor", "", "Al-Sayed", "ar", { role: [PHARMACIST, "Retail Pharmacy"] }],
    ["Elizabeth", "Anne", "Murphy", "en"],
    ["Diego", "", "Alvarado", "es"],
    ["Jin", "", "Park", "en"],
    ["Marisol", "", "Ortega", "es", { role: [NURSE, "Registered Nurse"] }],
    ["Hamza", "", "Qureshi", "ar", { contact: true }],
    ["Yesenia", "", "Cruz", "es", { role: [PSR, null], notes: "Prefers tests before 10 am." }],
    ["Bogdan", "", "Petrenko", "en"],
  ]),
  // Northwind Health, Seattle
  ...at("northwind", 2, [
    ["Jing", "", "Wang", "cmn", { languageId: 104, role: [PHYSICIAN, "Cardiology"] }],
    ["Huimin", "", "Lin", "cmn", { languageId: 106 }],
    ["Tuan", "", "Le", "vi", { role: [NURSE, "Licensed Practical Nurse"] }],
    ["Fartun", "", "Warsame", "ar"],
    ["Kevin", "", "Zhang", "cmn", { languageId: 104 }],
    ["Linh", "", "Vo", "vi", { role: [ASSISTANT, "Clinical"] }],
    ["Ji-woo", "", "Kim", "en"],
    ["Yu-Ting", "", "Chang", "cmn", { languageId: 106, role: [PHARMACIST, "Hospital Pharmacy"] }],
    ["Maribel", "", "Flores", "es", { contact: true }],
    ["Daniel", "", "Tesfaye", "en"],
    ["Chun Hei", "", "Ho", "cmn", { languageId: 106, adjustments: true }],
    ["Elena", "", "Popescu", "en"],
    ["Abdirahman", "", "Mohamed", "ar", { role: [PSR, null] }],
    ["Lei", "", "Sun", "cmn", { languageId: 104, role: [NURSE, "Registered Nurse"] }],
    ["Quynh", "", "Dang", "vi", { notes: "Part-time; available Tuesdays and Thursdays." }],
    ["Sarah", "", "Nakamura", "en"],
    ["Ming", "", "Zhao", "cmn", { languageId: 104, email: false }],
    ["Andrés", "", "Ruiz", "es", { role: [ASSISTANT, "Administrative"] }],
  ]),
  // Contoso Legal, Headquarters
  ...at("contoso", 0, [
    ["Valentina", "", "Rossi", "fr", { notes: "Court interpreter certification pending." }],
    ["Hassan", "", "Farouk", "ar"],
    ["Camille", "", "Dubois", "fr"],
    ["Roberto", "", "Sánchez", "es", { contact: true }],
    ["Yan", "", "Li", "cmn", { languageId: 104 }],
    ["Olga", "", "Ivanova", "en"],
    ["Pablo", "", "Navarro", "es", { adjustments: true }],
    ["Thu", "Ha", "Bui", "vi"],
  ]),
];

/** Streets and postal codes of each office's city, for the proctoring contact details. */
export const OFFICE_PLACES: Record<DemoAccountKey, { city: string; state: string; zip: string; area: string; timeZoneId: number; streets: string[] }[]> = {
  northwind: [
    { city: "Boston", state: "MA", zip: "021", area: "617", timeZoneId: 23, streets: ["Tremont Street", "Centre Street", "Dorchester Avenue", "Blue Hill Avenue", "Boylston Street"] },
    { city: "Chicago", state: "IL", zip: "606", area: "312", timeZoneId: 22, streets: ["North Clark Street", "West Division Street", "South Halsted Street", "North Milwaukee Avenue"] },
    { city: "Seattle", state: "WA", zip: "981", area: "206", timeZoneId: 20, streets: ["Rainier Avenue South", "Beacon Avenue South", "NE 45th Street", "Aurora Avenue North"] },
  ],
  contoso: [{ city: "Hartford", state: "CT", zip: "061", area: "860", timeZoneId: 23, streets: ["Asylum Street", "Farmington Avenue", "Park Street"] }],
};

/** Challenge questions some clients set, with answers to draw from. */
export const CHALLENGE_QUESTIONS: readonly { question: string; answers: readonly string[] }[] = [
  { question: "In which city were you born?", answers: ["Guadalajara", "Port-au-Prince", "Hue", "Alexandria", "Taipei", "Krakow"] },
  { question: "What was the name of your first school?", answers: ["Lincoln Elementary", "Escuela Benito Juarez", "Riverside Primary"] },
  { question: "What is your favourite dish?", answers: ["Pho", "Tamales", "Dumplings", "Griot", "Mansaf"] },
];
