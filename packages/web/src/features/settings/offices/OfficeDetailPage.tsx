import { Button, Paper, SimpleGrid, Stack, Tabs, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import type { OfficeDetail } from "@parlance/contract";
import { useStartup } from "../../../ui/startup";
import { StatusTag } from "../../../ui/StatusTag";
import { PageHeader } from "../../../ui/PageHeader";
import { RemoteData } from "../../../ui/RemoteData";
import { SETTINGS_PATH, useSettingsCrumbs } from "../crumbs";
import { useOffice } from "../queries";
import { useDeleteOffice } from "./useDeleteOffice";
import { editOfficePath, parseOfficeId } from "../officePaths";
import { OfficeNotFound, isNotFound } from "../OfficeNotFound";
import { OFFICE_TABS, type OfficeTab } from "./tabs/officeTabs";

/** /testing/settings/offices/:id: the office, its counts, and tabbed lists of what belongs to it. */
export default function OfficeDetailPage() {
  const id = parseOfficeId(useParams().id);
  return id === null ? <OfficeNotFound /> : <LoadedOffice id={id} />;
}

function LoadedOffice({ id }: { id: number }) {
  const query = useOffice(id);
  return (
    <RemoteData query={query} renderError={(err) => (isNotFound(err) ? <OfficeNotFound /> : undefined)}>
      {(office) => <OfficeView office={office} />}
    </RemoteData>
  );
}

function OfficeView({ office }: { office: OfficeDetail }) {
  const { t } = useTranslation();
  const { can } = useStartup();
  const navigate = useNavigate();
  const crumbs = useSettingsCrumbs();
  const { requestDelete, deleting } = useDeleteOffice({ onDeleted: () => navigate(SETTINGS_PATH) });
  const [params, setParams] = useSearchParams();
  const tab = OFFICE_TABS.some((x) => x.value === params.get("tab")) ? (params.get("tab") as OfficeTab) : OFFICE_TABS[0].value;

  const actions = (
    <>
      {office.canEdit && (
        <Button component={Link} to={editOfficePath(office.id)} variant="light">
          {t("offices.detail.edit")}
        </Button>
      )}
      {office.canDelete && (
        <Button color="red" variant="light" loading={deleting === office.id} onClick={() => requestDelete(office)}>
          {t("offices.detail.delete")}
        </Button>
      )}
    </>
  );

  return (
    <>
      <PageHeader title={office.name} breadcrumbs={crumbs} actions={actions} />
      <Paper withBorder p={{ base: "md", sm: "lg" }} mb="lg">
        <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="md" m={0}>
          <Fact term={t("offices.columns.id")} value={office.id} />
          <Fact term={t("offices.columns.isInvoiced")} value={office.is_invoiced ? t("ui.yes") : t("ui.no")} />
          <Fact term={t("offices.columns.users")} value={office.users} />
          <Fact term={t("offices.columns.tests")} value={office.tests} />
        </SimpleGrid>
        {office.is_closed && (
          <Text size="sm" mt="md">
            <StatusTag tone="neutral">{t("offices.closed")}</StatusTag> {t("offices.closedNote")}
          </Text>
        )}
        {can("manageOffices") && !office.canDelete && (
          <Text size="sm" c="gray.7" mt="md">
            {t("offices.messages.hasHistory")}
          </Text>
        )}
      </Paper>

      <Tabs value={tab} onChange={(v) => setParams(v && v !== OFFICE_TABS[0].value ? { tab: v } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List>
          {OFFICE_TABS.map((x) => (
            <Tabs.Tab key={x.value} value={x.value}>
              {t(x.labelKey)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {OFFICE_TABS.map(({ value, Panel }) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <Panel office={office} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}

function Fact({ term, value }: { term: string; value: string | number }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="sm" c="gray.7">
        {term}
      </Text>
      <Text component="dd" fw={600} m={0}>
        {value}
      </Text>
    </Stack>
  );
}
