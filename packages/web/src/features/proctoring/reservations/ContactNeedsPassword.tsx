import { Alert, Anchor } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n";

/**
 * An access-code session cannot enter the contact details (they are the profile's, not the
 * code's test's): it is told to sign in with its password or ask its administrator, with a way
 * back to its tests, instead of a form that would answer 403.
 */
export function ContactNeedsPassword() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" maw={720}>
      {t("proctorReservation.messages.contactNeedsPassword")}{" "}
      <Anchor component={Link} to="/testing/tests">
        {t("proctorReservation.terms.backToTests")}
      </Anchor>
    </Alert>
  );
}
