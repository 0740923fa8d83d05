/** The offices list is on the settings page itself: its card jumps to it (the other cards: ui/screens.ts). */
export const OFFICES_ANCHOR = "#offices";
