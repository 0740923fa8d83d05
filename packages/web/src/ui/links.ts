/** A navigation entry: where it goes and its i18n label key (the entries come from ui/screens.ts). */
export interface NavLinkDef {
  to: string;
  labelKey: string;
  /** Sign out: a button that posts the sign-out form (ui/signOut.ts), not a link. */
  signOut?: boolean;
}
