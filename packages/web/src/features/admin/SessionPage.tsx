import { Code, Group, Stack, Text, Title } from "@mantine/core";
import type { SessionDump } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { RemoteData } from "../../ui/RemoteData";
import { DataTable } from "../../ui/DataTable";
import { useSessionDump } from "./queries";

type Variable = SessionDump["variables"][number];
type RoleRow = SessionDump["roles"][number];

/** /session (evaluators-results-account.md §2): the session's variables and roles, for the Administrator. */
export default function SessionPage() {
  const { t } = useTranslation();
  const { home } = useStandardCrumbs();
  const query = useSessionDump();
  const shown = (v: Variable["value"]) => (v === null ? t("admin.session.none") : String(v));

  return (
    <>
      <PageHeader title={t("admin.session.title")} breadcrumbs={[home, { label: t("admin.hub.title"), to: "/admin" }]} />
      <RemoteData query={query}>
        {(data) => (
          <Stack gap="xl">
            <DataTable<Variable>
              caption={t("admin.session.variables")}
              columns={[
                { key: "name", header: t("admin.session.name"), cell: (v) => <Code>{v.name}</Code>, rowHeader: true },
                { key: "value", header: t("admin.session.value"), cell: (v) => <Text size="sm" style={{ overflowWrap: "anywhere" }}>{shown(v.value)}</Text> },
              ]}
              rows={data.variables}
              rowKey={(v) => v.name}
              minWidth={320}
            />
            <DataTable<RoleRow>
              caption={t("admin.session.roles")}
              columns={[
                { key: "id", header: t("admin.session.roleNumber"), cell: (r) => r.id },
                { key: "name", header: t("admin.session.roleName"), cell: (r) => t(`roles.${r.id}`, { defaultValue: r.name }), rowHeader: true },
              ]}
              rows={data.roles}
              rowKey={(r) => r.id}
              minWidth={320}
            />
            <section aria-labelledby="session-permissions">
              <Title order={2} size="h4" id="session-permissions" mb="xs">
                {t("admin.session.permissions")}
              </Title>
              <Group gap="xs">
                {data.permissions.map((p) => (
                  <Code key={p}>{p}</Code>
                ))}
              </Group>
            </section>
          </Stack>
        )}
      </RemoteData>
    </>
  );
}
