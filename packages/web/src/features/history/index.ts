/** The test history's public surface: a candidate's tests, shown on the candidate's page. */
export { CandidateTests } from "./CandidateTests";
