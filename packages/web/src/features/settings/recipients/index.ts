export { RecipientsList } from "./RecipientsList";
