import { Role } from "@parlance/contract";

/** The demo world: printed by `npm start`, listed in the README, and used as test fixtures. */
export const DEMO_PASSWORD = "Parlance-demo-1";

export const DEMO_ACCOUNTS = {
  northwind: {
    name: "Northwind Health",
    services: ["testing", "training", "translation", "interpretation"],
    medicalOption: true,
    usesProctorService: true,
    allowCandidateScheduling: true,
    minProctorApptDelay: 1,
    liveProctor: true,
    offices: ["Boston", "Chicago", "Seattle"],
  },
  contoso: {
    name: "Contoso Legal",
    services: ["testing", "translation"],
    medicalOption: false,
    usesProctorService: false,
    allowCandidateScheduling: false,
    minProctorApptDelay: 1,
    liveProctor: false,
    offices: ["Headquarters"],
  },
} as const;

export type DemoAccountKey = keyof typeof DEMO_ACCOUNTS;

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  role: number;
  account: DemoAccountKey | null;
  /** Index into the account's offices for office-bound users. */
  office: number | null;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { email: "admin@northwind.example", firstName: "Ada", lastName: "Whitfield", role: Role.TestingAccountAdministrator, account: "northwind", office: null },
  { email: "user@northwind.example", firstName: "Ben", lastName: "Okafor", role: Role.TestingAccountUser, account: "northwind", office: null },
  { email: "office.admin@northwind.example", firstName: "Carmen", lastName: "Reyes", role: Role.TestingOfficeAdministrator, account: "northwind", office: 0 },
  { email: "office.user@northwind.example", firstName: "Dev", lastName: "Patel", role: Role.TestingOfficeUser, account: "northwind", office: 0 },
  { email: "candidate@northwind.example", firstName: "Elena", lastName: "Moreau", role: Role.Candidate, account: "northwind", office: 0 },
  { email: "admin@contoso.example", firstName: "Farid", lastName: "Haddad", role: Role.TestingAccountAdministrator, account: "contoso", office: null },
  { email: "admin@parlance.example", firstName: "Grace", lastName: "Lin", role: Role.Administrator, account: null, office: null },
  { email: "news@parlance.example", firstName: "Hugo", lastName: "Brandt", role: Role.NewsManager, account: null, office: null },
  { email: "executive@parlance.example", firstName: "Irene", lastName: "Novak", role: Role.TestingExecutive, account: null, office: null },
  { email: "evaluator@parlance.example", firstName: "Jun", lastName: "Takahashi", role: Role.Evaluator, account: null, office: null },
  { email: "evaluator.zh@parlance.example", firstName: "Li", lastName: "Na", role: Role.Evaluator, account: null, office: null },
  { email: "evaluator.intl@parlance.example", firstName: "Karim", lastName: "Benali", role: Role.Evaluator, account: null, office: null },
  { email: "evaluator.zh2@parlance.example", firstName: "Wei", lastName: "Chen", role: Role.Evaluator, account: null, office: null },
  // Proctors of the proctor service (Service Provider): proctoring reservations book them.
  { email: "proctor@parlance.example", firstName: "Maya", lastName: "Okoro", role: Role.ServiceProvider, account: null, office: null },
  { email: "proctor2@parlance.example", firstName: "Tomas", lastName: "Lindqvist", role: Role.ServiceProvider, account: null, office: null },
];

/** The demo candidate's access code (signs in with /login?use_code=1). */
export const DEMO_ACCESS_CODE = "NW-DEMO-2026";
