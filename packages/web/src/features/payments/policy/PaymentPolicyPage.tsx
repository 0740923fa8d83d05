import { PolicyPage } from "./PolicyPage";

/** /testing/payment/policy: the policy as the payment pages give it (6 pm ET the business day before). */
export default function PaymentPolicyPage() {
  return <PolicyPage variant="payment" />;
}
