export { TestGroupsList } from "./TestGroupsList";
