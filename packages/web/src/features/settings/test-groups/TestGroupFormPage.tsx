import { useState, type FormEvent } from "react";
import { Alert, Anchor, Checkbox, Paper, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { Link, useLocation, useNavigate } from "react-router";
import { TEST_GROUP_DESCRIPTION_MAX, type AccountTestOption, type TestGroupDetail } from "@parlance/contract";
import { PageHeader } from "../../../ui/PageHeader";
import { RemoteData } from "../../../ui/RemoteData";
import { isBlank, notifyResult } from "../../../ui/form";
import { FormError } from "../../../ui/FormError";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import type { ListLevel } from "../ListLevel";
import { backPath, listPath } from "../listPaths";
import { fieldWidth, ListFormActions, RecordFormPage } from "../lists";
import { testGroupCatalogs, useSaveTestGroup, useTestGroup, useTestGroupList } from "./queries";

/** /testing/settings/packages/new, …/packages/:id/edit, and the same under /testing/settings/offices/:officeId/. */
export default function TestGroupFormPage() {
  return (
    <RecordFormPage
      kind="packages"
      useRecord={useTestGroup}
      renderNew={(level) => <NewTestGroup level={level} />}
      renderEdit={(level, group) => <TestGroupForm level={level} group={group} available={group.availableTests} canSetGlobal={group.canSetGlobal} />}
    />
  );
}

/** A new group: the tests to choose from and the global option come with the list. */
function NewTestGroup({ level }: { level: ListLevel }) {
  const query = useTestGroupList(level.officeId, 1);
  return <RemoteData query={query}>{(list) => <TestGroupForm level={level} available={list.accountTests} canSetGlobal={list.canSetGlobal} />}</RemoteData>;
}

/**
 * The test group form (spec §5): description (required, up to 50), the tests chosen from the
 * account's tests, and Global (available to every office) for those who may set it.
 */
function TestGroupForm({
  level,
  group,
  available,
  canSetGlobal,
}: {
  level: ListLevel;
  group?: TestGroupDetail;
  available: AccountTestOption[];
  canSetGlobal: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const errorText = useApiErrorText(testGroupCatalogs);
  const save = useSaveTestGroup();
  const [description, setDescription] = useState(group?.description ?? "");
  const [tests, setTests] = useState<string[]>(group?.tests.map(String) ?? []);
  const [isGlobal, setIsGlobal] = useState(group?.isGlobal ?? false);

  const isNew = group === undefined;
  const back = backPath(location.state, listPath("packages", level.officeId));
  const complete = !isBlank(description) && tests.length > 0;
  const title = isNew ? t("settingsLists.packages.newTitle") : t("settingsLists.packages.editTitle");
  const listLabel = level.officeId === null ? t("settingsLists.packages.titleAccount") : t("settingsLists.packages.heading");
  const trail = [...level.crumbs, { label: listLabel, to: listPath("packages", level.officeId) }];

  if (group && !group.canEdit) {
    return (
      <>
        <PageHeader title={group.description} breadcrumbs={trail} />
        <Alert color="gray" variant="light" role="status">
          {t("settingsLists.packages.messages.globalReadOnly")}{" "}
          <Anchor component={Link} to={back}>
            {t("settingsLists.packages.backToList")}
          </Anchor>
        </Alert>
      </>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!complete) return;
    save.mutate(
      {
        id: group?.id,
        officeId: level.officeId,
        description: description.trim(),
        tests: tests.map(Number),
        // Only those who may set it send it; otherwise the saved value stays.
        ...(canSetGlobal ? { isGlobal } : {}),
      },
      {
        onSuccess: () => {
          notifyResult(t("settingsLists.packages.messages.saved"), true);
          navigate(back);
        },
      },
    );
  };

  return (
    <>
      <PageHeader title={title} breadcrumbs={trail} />
      <Paper withBorder p={{ base: "md", sm: "lg" }} maw={820}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {level.officeName && (
              <Text size="sm" c="gray.7">
                {t("settingsLists.packages.inOffice", { office: level.officeName })}
              </Text>
            )}
            <TextInput
              label={t("settingsLists.packages.form.description")}
              description={t("settingsLists.packages.form.descriptionHint", { max: TEST_GROUP_DESCRIPTION_MAX })}
              required
              maxLength={TEST_GROUP_DESCRIPTION_MAX}
              maw={fieldWidth(50)}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              autoComplete="off"
            />
            <Checkbox.Group
              label={t("settingsLists.packages.form.tests")}
              description={t("settingsLists.packages.form.testsHint", { count: tests.length })}
              required
              value={tests}
              onChange={setTests}
            >
              {available.length === 0 ? (
                <Text size="sm" c="gray.7" mt="xs">
                  {t("settingsLists.packages.form.noTests")}
                </Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
                  {available.map((test) => (
                    <Checkbox key={test.id} value={String(test.id)} label={test.description} />
                  ))}
                </SimpleGrid>
              )}
            </Checkbox.Group>
            {canSetGlobal && (
              <Checkbox
                label={t("settingsLists.form.isGlobal")}
                description={t("settingsLists.packages.form.isGlobalHint")}
                checked={isGlobal}
                onChange={(e) => setIsGlobal(e.currentTarget.checked)}
              />
            )}
            <FormError message={save.isError ? errorText(save.error) : null} />
            <ListFormActions saving={save.isPending} cancelTo={back} complete={complete} />
          </Stack>
        </form>
      </Paper>
    </>
  );
}
