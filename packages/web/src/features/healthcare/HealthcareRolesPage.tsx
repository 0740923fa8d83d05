import { Alert, Button, List, Text } from "@mantine/core";
import { useTranslation } from "../../i18n";
import type { HealthcareRole } from "@parlance/contract";
import { useStandardCrumbs, type Crumb } from "../../ui/Breadcrumbs";
import { PageHeader } from "../../ui/PageHeader";
import { DataTable, type DataColumn } from "../../ui/DataTable";
import { EmptyState, RemoteData } from "../../ui/RemoteData";
import { useHealthcareRoles } from "./queries";

const CANDIDATES_PATH = "/testing/candidates";

/**
 * /testing/candidates/healthcare_roles: the health care roles with their specialties (client
 * spec §2). Accounts without the medical option get none and see 'No health care roles
 * available.'; a failed load says 'Failed to load health care roles.' and 'Please try again later.'
 */
export default function HealthcareRolesPage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  // The candidates list is the parent page.
  const crumbs: Crumb[] = [home, testing, { label: t("healthcare.candidatesCrumb"), to: CANDIDATES_PATH }];

  const query = useHealthcareRoles();

  const columns: DataColumn<HealthcareRole>[] = [
    { key: "role", header: t("healthcare.columns.role"), rowHeader: true, cell: (r) => r.name },
    {
      key: "specialties",
      header: t("healthcare.columns.specialties"),
      cell: (r) =>
        r.specialties.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t("healthcare.noSpecialties")}
          </Text>
        ) : (
          <List size="sm" spacing={2} aria-label={t("healthcare.specialtiesOf", { role: r.name })}>
            {r.specialties.map((s) => (
              <List.Item key={s.id}>{s.name}</List.Item>
            ))}
          </List>
        ),
    },
  ];

  return (
    <>
      <PageHeader title={t("healthcare.title")} breadcrumbs={crumbs} />
      <Text c="gray.7" mb="md" maw={720}>
        {t("healthcare.intro")}
      </Text>
      <RemoteData
        query={query}
        skeletonRows={5}
        isEmpty={(data) => data.roles.length === 0}
        empty={<EmptyState message={t("healthcare.empty")} />}
        renderError={() => (
          <Alert color="red" variant="light" role="alert" title={t("healthcare.loadFailure")}>
            <Text size="sm">{t("healthcare.tryAgainLater")}</Text>
            <Button variant="white" color="red" size="xs" mt="xs" onClick={() => void query.refetch()} loading={query.isFetching}>
              {t("ui.retry")}
            </Button>
          </Alert>
        )}
      >
        {(data) => (
          <DataTable caption={t("healthcare.tableCaption")} captionHidden columns={columns} rows={data.roles} rowKey={(r) => r.id} minWidth={320} />
        )}
      </RemoteData>
    </>
  );
}
