import ScheduledTestPage from "./ScheduledTestPage";

/** /testing/evaluators/confirm?id={id}: confirm or administer a booked test (the declined view once declined). */
export default function ConfirmPage() {
  return <ScheduledTestPage mode="confirm" />;
}
