import { useTranslation } from "../../../i18n";
import { PageHeader } from "../../../ui/PageHeader";
import { WithListLevel } from "../ListLevel";
import { UsersList } from "./UsersList";

/** /testing/settings/users and /testing/settings/offices/:officeId/users (spec §2). */
export default function UsersPage() {
  const { t } = useTranslation();
  return (
    <WithListLevel kind="users">
      {({ officeId, officeName, crumbs }) => (
        <>
          <PageHeader
            title={officeId === null ? t("settingsLists.users.titleAccount") : t("settingsLists.users.titleOffice", { office: officeName })}
            breadcrumbs={crumbs}
          />
          <UsersList officeId={officeId} titleHidden />
        </>
      )}
    </WithListLevel>
  );
}
