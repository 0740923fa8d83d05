import { useTranslation } from "../../../i18n";
import { PageHeader } from "../../../ui/PageHeader";
import { WithListLevel } from "../ListLevel";
import { RecipientsList } from "./RecipientsList";

/** /testing/settings/resultrecipients and /testing/settings/offices/:officeId/resultrecipients (spec §2). */
export default function RecipientsPage() {
  const { t } = useTranslation();
  return (
    <WithListLevel kind="resultrecipients">
      {({ officeId, officeName, crumbs }) => (
        <>
          <PageHeader
            title={officeId === null ? t("settingsLists.recipients.titleAccount") : t("settingsLists.recipients.titleOffice", { office: officeName })}
            breadcrumbs={crumbs}
          />
          <RecipientsList officeId={officeId} titleHidden />
        </>
      )}
    </WithListLevel>
  );
}
