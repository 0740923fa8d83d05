/**
 * The id of the one sign-out form (AppLayout renders it): every "Sign out" control submits it as
 * a POST, so no link or image on another site can sign anyone out (GET /logout refuses those).
 */
export const SIGN_OUT_FORM_ID = "sign-out-form";
