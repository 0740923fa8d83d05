/**
 * The id of the one sign-out form (AppLayout renders it): every "Sign out" control submits it as
 * a POST, so no link or image on another site can sign anyone out (GET /logout refuses those).
 */
export const SIGN_OUT_FORM_ID = "sign-out-form";

/**
 * Submits the sign-out form. A control that disappears as it is clicked (a menu item: with reduced
 * motion the menu unmounts at once) would lose its own submit, so such controls call this instead.
 */
export function submitSignOut(): void {
  (document.getElementById(SIGN_OUT_FORM_ID) as HTMLFormElement | null)?.requestSubmit();
}
