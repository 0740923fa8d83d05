/** The Language Testing home's public surface: its link cards (which screens it offers to whom). */
export { TESTING_CARDS } from "./testingCards";
