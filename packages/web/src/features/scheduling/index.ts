/** The scheduling feature's public face: the calendar other features' date pickers reuse. */
export { Calendar } from "./Calendar";
