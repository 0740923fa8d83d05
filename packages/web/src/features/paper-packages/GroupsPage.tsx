import { useState } from "react";
import { useNavigate } from "react-router";
import { Button, Checkbox, Group, Text } from "@mantine/core";
import type { PaperPackageTest } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { PageHeader } from "../../ui/PageHeader";
import { DataTable, type DataColumn } from "../../ui/DataTable";
import { EmptyState, RemoteData } from "../../ui/RemoteData";
import { FormError } from "../../ui/FormError";
import { useCreatePackage, useUnpackagedTests } from "./queries";

/**
 * /testing/groups (client spec §2, §5): the proctored paper tests not yet in a package, as
 * checkboxes; Create Test Package stays disabled until one is checked, then opens the new
 * package's page, which waits for its PDF.
 */
export default function GroupsPage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const query = useUnpackagedTests();
  const create = useCreatePackage((groupKey) => void navigate(`/testing/groups/${groupKey}`));
  const toggle = (id: number, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const columns: DataColumn<PaperPackageTest>[] = [
    {
      key: "choose",
      header: t("paper.groups.choose"),
      headerHidden: true,
      cell: (r) => (
        <Checkbox
          checked={chosen.has(r.id)}
          onChange={(e) => toggle(r.id, e.currentTarget.checked)}
          aria-label={t("paper.groups.chooseTest", { test: r.test_description, candidate: r.candidate_display_as })}
        />
      ),
    },
    { key: "candidate", header: t("paper.groups.columns.candidate"), rowHeader: true, cell: (r) => r.candidate_display_as },
    { key: "employeeId", header: t("paper.groups.columns.employeeId"), cell: (r) => r.employee_id || "—" },
    { key: "office", header: t("paper.groups.columns.office"), cell: (r) => r.office_name ?? "—" },
    { key: "test", header: t("paper.groups.columns.test"), cell: (r) => r.test_description },
  ];

  return (
    <>
      <PageHeader title={t("paper.groups.title")} breadcrumbs={[home, testing]} />
      <Text c="gray.7" mb="md" maw={720}>
        {t("paper.groups.intro")}
      </Text>
      <RemoteData query={query} skeletonRows={4} isEmpty={(d) => d.tests.length === 0} empty={<EmptyState message={t("paper.groups.empty")} />}>
        {(data) => (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (chosen.size > 0) create.mutate(data.tests.filter((x) => chosen.has(x.id)).map((x) => x.id));
            }}
          >
            <Group justify="space-between" mb="sm" wrap="wrap" gap="sm">
              <Checkbox
                label={t("paper.groups.chooseAll")}
                checked={data.tests.length > 0 && data.tests.every((x) => chosen.has(x.id))}
                indeterminate={chosen.size > 0 && !data.tests.every((x) => chosen.has(x.id))}
                onChange={(e) => setChosen(e.currentTarget.checked ? new Set(data.tests.map((x) => x.id)) : new Set())}
              />
              <Text size="sm" c="gray.7" role="status" aria-live="polite">
                {t("paper.groups.chosen", { count: chosen.size })}
              </Text>
            </Group>
            <DataTable caption={t("paper.groups.tableCaption")} captionHidden columns={columns} rows={data.tests} rowKey={(r) => r.id} minWidth={520} />
            <FormError message={create.isError ? t("paper.messages.createFailure") : null} />
            <Group mt="md">
              <Button type="submit" disabled={chosen.size === 0} loading={create.isPending}>
                {t("paper.groups.create")}
              </Button>
            </Group>
          </form>
        )}
      </RemoteData>
    </>
  );
}
