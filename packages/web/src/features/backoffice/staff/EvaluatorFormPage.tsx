import { useState, type FormEvent } from "react";
import { Anchor, Checkbox, NativeSelect, NumberInput, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { EVALUATOR_CAPACITY_MAX, type EvaluatorProfileOptions, type EvaluatorProfileRow } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { PageHeader } from "../../../ui/PageHeader";
import { RemoteData } from "../../../ui/RemoteData";
import { FormActions, notifyResult } from "../../../ui/form";
import { FormError } from "../../../ui/FormError";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { EVALUATORS_PATH, evaluatorPath, NEW_STAFF_PATH, parseId, staffPath, useAdminCrumbs } from "../paths";
import { isNotFound, NotFoundNotice } from "../NotFoundNotice";
import { staffCatalogs, useEvaluatorOptions, useEvaluatorProfile, useSaveEvaluator } from "./queries";

/** Zones offered: the four US zones first, then every zone the browser knows. */
const US_ZONES = ["America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles"];
function zoneChoices(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set([...US_ZONES, current, ...all])];
}

/** /admin/evaluators/new (?user=id) and /admin/evaluators/:id: the profile of a staff user with the Evaluator role. */
export default function EvaluatorFormPage() {
  const { id: idParam } = useParams();
  const options = useEvaluatorOptions();
  if (idParam === undefined) return <RemoteData query={options}>{(o) => <EvaluatorForm options={o} />}</RemoteData>;
  const id = parseId(idParam);
  return id === null ? <NotFoundNotice kind="evaluator" /> : <EditEvaluator id={id} />;
}

function EditEvaluator({ id }: { id: number }) {
  const profile = useEvaluatorProfile(id);
  const options = useEvaluatorOptions();
  return (
    <RemoteData query={profile} renderError={(err) => (isNotFound(err) ? <NotFoundNotice kind="evaluator" /> : undefined)}>
      {(p) => <RemoteData query={options}>{(o) => <EvaluatorForm key={p.id} profile={p} options={o} />}</RemoteData>}
    </RemoteData>
  );
}

function EvaluatorForm({ profile, options }: { profile?: EvaluatorProfileRow; options: EvaluatorProfileOptions }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const crumbs = useAdminCrumbs();
  const [params] = useSearchParams();
  const errorText = useApiErrorText(staffCatalogs);
  const save = useSaveEvaluator();
  const asked = Number(params.get("user"));
  const [userId, setUserId] = useState<string>(String(profile?.id ?? (options.withoutProfile.some((u) => u.id === asked) ? asked : (options.withoutProfile[0]?.id ?? ""))));
  const [languageIds, setLanguageIds] = useState<string[]>((profile?.languages ?? []).map((l) => String(l.id)));
  const [capacity, setCapacity] = useState<string | number>(profile?.capacity ?? "");
  const [acceptsWork, setAcceptsWork] = useState(profile?.acceptsWork ?? true);
  const [timeZone, setTimeZone] = useState(profile?.timeZone ?? "America/New_York");
  const [missing, setMissing] = useState(false);
  const trail = [...crumbs, { label: t("backofficeStaff.evaluators.title"), to: EVALUATORS_PATH }];

  if (!profile && options.withoutProfile.length === 0) {
    return (
      <>
        <PageHeader title={t("backofficeStaff.evaluators.newTitle")} breadcrumbs={trail} />
        <Text mb="sm">{t("backofficeStaff.evaluators.nobodyWithoutProfile")}</Text>
        <Anchor component={Link} to={NEW_STAFF_PATH}>
          {t("backofficeStaff.add")}
        </Anchor>
      </>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (languageIds.length === 0) {
      setMissing(true);
      return;
    }
    save.mutate(
      { userId: Number(userId), languageIds: languageIds.map(Number), capacity: capacity === "" ? null : Number(capacity), acceptsWork, timeZone },
      {
        onSuccess: (res) => {
          notifyResult(t("backofficeStaff.evaluatorMessages.saved"), true);
          navigate(evaluatorPath(res.id));
        },
      },
    );
  };

  return (
    <>
      <PageHeader title={profile ? profile.name : t("backofficeStaff.evaluators.newTitle")} breadcrumbs={trail} />
      <Paper withBorder p={{ base: "md", sm: "lg" }} maw={760}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {profile ? (
              <Text size="sm">
                {t("backofficeStaff.evaluators.openNow", { count: profile.openTests })}{" "}
                <Anchor component={Link} to={staffPath(profile.id)}>
                  {t("backofficeStaff.evaluators.staffRecord")}
                </Anchor>
              </Text>
            ) : (
              <NativeSelect
                label={t("backofficeStaff.evaluators.user")}
                description={t("backofficeStaff.evaluators.userHint")}
                value={userId}
                onChange={(e) => setUserId(e.currentTarget.value)}
                data={options.withoutProfile.map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` }))}
                required
              />
            )}
            <Checkbox.Group
              label={t("backofficeStaff.evaluators.languages")}
              description={t("backofficeStaff.evaluators.languagesHint")}
              value={languageIds}
              onChange={(v) => {
                setLanguageIds(v);
                setMissing(false);
              }}
              error={missing ? t("backofficeStaff.evaluatorMessages.languagesRequired") : undefined}
              required
            >
              <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} mt="xs" spacing="xs">
                {options.languages.map((l) => (
                  <Checkbox key={l.id} value={String(l.id)} label={l.name} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <NumberInput
              label={t("backofficeStaff.evaluators.capacity")}
              description={t("backofficeStaff.evaluators.capacityHint", { max: EVALUATOR_CAPACITY_MAX })}
              value={capacity}
              onChange={setCapacity}
              min={1}
              max={EVALUATOR_CAPACITY_MAX}
              allowDecimal={false}
              allowNegative={false}
              maw={240}
            />
            <Checkbox label={t("backofficeStaff.evaluators.acceptsWork")} description={t("backofficeStaff.evaluators.acceptsWorkHint")} checked={acceptsWork} onChange={(e) => setAcceptsWork(e.currentTarget.checked)} />
            <NativeSelect
              label={t("backofficeStaff.evaluators.timeZone")}
              description={t("backofficeStaff.evaluators.timeZoneHint")}
              value={timeZone}
              onChange={(e) => setTimeZone(e.currentTarget.value)}
              data={zoneChoices(timeZone)}
              maw={360}
            />
            <FormError message={save.isError ? errorText(save.error) : null} />
            <FormActions saving={save.isPending} cancelTo={EVALUATORS_PATH} />
          </Stack>
        </form>
      </Paper>
    </>
  );
}
