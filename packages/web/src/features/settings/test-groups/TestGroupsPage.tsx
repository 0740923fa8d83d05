import { useTranslation } from "../../../i18n";
import { PageHeader } from "../../../ui/PageHeader";
import { WithListLevel } from "../ListLevel";
import { TestGroupsList } from "./TestGroupsList";

/** /testing/settings/packages and /testing/settings/offices/:officeId/packages (spec §2). */
export default function TestGroupsPage() {
  const { t } = useTranslation();
  return (
    <WithListLevel kind="packages">
      {({ officeId, officeName, crumbs }) => (
        <>
          <PageHeader
            title={officeId === null ? t("settingsLists.packages.titleAccount") : t("settingsLists.packages.titleOffice", { office: officeName })}
            breadcrumbs={crumbs}
          />
          <TestGroupsList officeId={officeId} titleHidden />
        </>
      )}
    </WithListLevel>
  );
}
