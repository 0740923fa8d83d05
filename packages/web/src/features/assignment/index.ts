/** Test assignment's public surface: the Assign Tests panel of the candidate's page. */
export { AssignTests } from "./AssignTests";
