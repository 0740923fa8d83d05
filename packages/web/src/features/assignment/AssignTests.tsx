import { useMemo, useState, type FormEvent } from "react";
import { Alert, Button, Checkbox, Fieldset, List, MultiSelect, Paper, Select, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../../i18n";
import {
  INTL_LOCALE,
  type AssignmentOptions,
  type CreateTestsOutput,
  type MedicalTestGroup,
  type TestMethod,
  type TestOption,
} from "@parlance/contract";
import { ApiCallError } from "../../api/client";
import { useStartup } from "../../ui/startup";
import { notifyResult } from "../../ui/form";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { assignmentCatalogs, useAssignmentOptions, useAvailableTests, useCreateTests, useMedicalGroups } from "./queries";
import { decideOptions } from "./rules";
import { CallCandidateButton } from "../calls";

/** The assign-tests form of the candidate detail page (client spec §2–§5, candidate spec §4, §5). */
export function AssignTests({ candidateId }: { candidateId: number }) {
  const { t } = useTranslation();
  const options = useAssignmentOptions(candidateId);
  const tests = useAvailableTests(candidateId);
  const medical = useMedicalGroups(candidateId, options.data?.account.medicalOption === true);
  const headingId = `assign-tests-${candidateId}`;

  let body;
  if (options.isPending || tests.isPending || (options.data?.account.medicalOption && medical.isPending)) {
    body = (
      <Stack gap="xs" role="status" aria-label={t("ui.loading")}>
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  } else if (options.isError || tests.isError || medical.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" title={t("assignment.messages.loadFailure")}>
        <Button
          variant="white"
          color="red"
          size="xs"
          mt="xs"
          onClick={() => {
            void options.refetch();
            void tests.refetch();
            if (options.data?.account.medicalOption) void medical.refetch();
          }}
        >
          {t("ui.retry")}
        </Button>
      </Alert>
    );
  } else if (options.data.account.prepay) {
    body = <Text>{t("assignment.form.prepay")}</Text>;
  } else if (options.data.officeClosed) {
    body = <Text>{t("assignment.form.closedOffice")}</Text>;
  } else {
    body = <AssignForm candidateId={candidateId} options={options.data} tests={tests.data} medical={medical.data ?? []} />;
  }

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId} fz="xl" mb="sm">
        {t("assignment.form.heading")}
      </Title>
      {body}
    </Paper>
  );
}

function AssignForm({ candidateId, options, tests, medical }: { candidateId: number; options: AssignmentOptions; tests: TestOption[]; medical: MedicalTestGroup[] }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const errorText = useApiErrorText(assignmentCatalogs);
  const create = useCreateTests(candidateId);
  const account = options.account;

  const [selected, setSelected] = useState<string[]>([]);
  const [office, setOffice] = useState<string | null>(options.officeId === null ? "" : String(options.officeId));
  const [notify, setNotify] = useState(options.hasEmail);
  const [administerNow, setAdministerNow] = useState(false);
  const [liveProctor, setLiveProctor] = useState(false);
  const [proctorService, setProctorService] = useState(false);
  const [selfSchedule, setSelfSchedule] = useState(false);
  const [useMedical, setUseMedical] = useState(false);
  const [languageId, setLanguageId] = useState<string | null>(null);
  const [picks, setPicks] = useState<Record<number, string>>({});
  const [differentAck, setDifferentAck] = useState(false);
  const [pricingAck, setPricingAck] = useState(false);
  const [codes, setCodes] = useState<CreateTestsOutput["assigned"] | null>(null);

  const medicalAvailable = account.medicalOption && medical.length > 0;
  const group = medical.find((g) => String(g.language_id) === languageId) ?? null;
  const sets = useMemo(() => (useMedical && group ? group.recommended_test_sets : []), [useMedical, group]);
  const pickOf = (setId: number, fallback: string) => picks[setId] ?? fallback;

  // The tests that would be assigned, and their methods: the options on offer follow them.
  const chosen = useMedical ? sets.map((s) => pickOf(s.set_id, s.value)) : selected;
  const methods: TestMethod[] = useMedical
    ? sets.flatMap((s) => s.tests.filter((x) => x.value === pickOf(s.set_id, s.value)).map((x) => x.method))
    : tests.filter((o) => selected.includes(o.value)).flatMap((o) => o.methods);
  const offer = decideOptions({ account, methods, count: chosen.length, hasEmail: options.hasEmail, proctorServiceChosen: proctorService });
  const differs = useMedical && sets.some((s) => pickOf(s.set_id, s.value) !== s.value);
  const valid = chosen.length > 0 && (!useMedical || (pricingAck && (!differs || differentAck)));

  const methodLabel = (m: TestMethod) => t(`assignment.method.${m}`);
  const data = [
    {
      group: t("assignment.form.groupTests"),
      items: tests.filter((o) => o.kind === "test").map((o) => ({ value: o.value, label: t("assignment.form.testLabel", { name: o.label, method: methodLabel(o.methods[0]) }) })),
    },
    {
      group: t("assignment.form.groupGroups"),
      items: tests
        .filter((o) => o.kind === "group")
        .map((o) => ({ value: o.value, label: t("assignment.form.groupLabel", { name: o.label, methods: o.methods.map(methodLabel).join(", ") }) })),
    },
  ].filter((g) => g.items.length > 0);

  const languageName = (g: MedicalTestGroup) => {
    try {
      const name = new Intl.DisplayNames([INTL_LOCALE[language]], { type: "language" }).of(g.language_code);
      return name && name !== g.language_code ? name : g.language_display_as;
    } catch {
      return g.language_display_as;
    }
  };

  const reset = () => {
    setSelected([]);
    setPicks({});
    setDifferentAck(false);
    setPricingAck(false);
    setAdministerNow(false);
    setLiveProctor(false);
    setProctorService(false);
    setSelfSchedule(false);
    setNotify(options.hasEmail);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid || create.isPending) return;
    setCodes(null);
    const administer = offer.administerNow && administerNow;
    create.mutate(
      {
        test_objects: chosen,
        office_id: options.canChooseOffice && office ? Number(office) : null,
        notify_candidate: notify,
        requires_live_proctor: offer.liveProctor && liveProctor,
        use_proctor_service: offer.proctorService && proctorService,
        administer_now: administer,
        allow_candidate_to_schedule: offer.selfSchedule && selfSchedule,
        use_medical_test_recommendations: useMedical,
      },
      {
        onSuccess: (res) => {
          notifyResult(t(res.messageKey, { defaultValue: res.message }), true);
          if (administer) setCodes(res.assigned);
          reset();
        },
      },
    );
  };

  const failure = create.isError
    ? create.error instanceof ApiCallError && create.error.status >= 400 && create.error.status < 500
      ? errorText(create.error)
      : t("assignment.messages.createFailure")
    : null;

  if (tests.length === 0 && !medicalAvailable) return <Text c="gray.7">{t("assignment.form.noTests")}</Text>;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {medicalAvailable && (
          <Checkbox
            label={t("assignment.form.medical")}
            description={t("assignment.form.medicalHint")}
            checked={useMedical}
            onChange={(e) => {
              setUseMedical(e.currentTarget.checked);
              setPicks({});
              setDifferentAck(false);
              setPricingAck(false);
            }}
          />
        )}

        {useMedical ? (
          <>
            <Select
              label={t("assignment.form.language")}
              placeholder={t("assignment.form.languagePlaceholder")}
              data={medical.map((g) => ({ value: String(g.language_id), label: languageName(g) }))}
              value={languageId}
              onChange={(v) => {
                setLanguageId(v);
                setPicks({});
                setDifferentAck(false);
              }}
              allowDeselect={false}
            />
            {sets.map((s) => (
              <Select
                key={s.set_id}
                label={s.label}
                data={s.tests.map((x) => ({
                  value: x.value,
                  label: x.recommended ? t("assignment.form.recommended", { name: t("assignment.form.testLabel", { name: x.label, method: methodLabel(x.method) }) }) : t("assignment.form.testLabel", { name: x.label, method: methodLabel(x.method) }),
                }))}
                value={pickOf(s.set_id, s.value)}
                onChange={(v) => v && setPicks((p) => ({ ...p, [s.set_id]: v }))}
                allowDeselect={false}
              />
            ))}
            {differs && (
              <Checkbox label={t("assignment.form.differentAck")} checked={differentAck} onChange={(e) => setDifferentAck(e.currentTarget.checked)} />
            )}
            {group && <Checkbox label={t("assignment.form.pricingAck")} checked={pricingAck} onChange={(e) => setPricingAck(e.currentTarget.checked)} />}
          </>
        ) : (
          <MultiSelect
            label={t("assignment.form.tests")}
            description={t("assignment.form.testsHint")}
            placeholder={selected.length === 0 ? t("assignment.form.testsPlaceholder") : undefined}
            data={data}
            value={selected}
            onChange={setSelected}
            searchable
            clearable
            hidePickedOptions
            maxValues={50}
            nothingFoundMessage={t("assignment.form.noTests")}
          />
        )}

        {options.canChooseOffice ? (
          <Select
            label={t("assignment.form.office")}
            data={[
              ...(options.officeId === null ? [{ value: "", label: t("assignment.form.accountLevel") }] : []),
              ...options.offices.map((o) => ({ value: String(o.id), label: o.name })),
            ]}
            value={office}
            onChange={setOffice}
            allowDeselect={false}
          />
        ) : (
          options.officeName && <Text size="sm">{t("assignment.form.officeFixed", { name: options.officeName })}</Text>
        )}

        <Fieldset legend={t("assignment.form.options")} variant="unstyled">
          <Stack gap="sm">
            <Checkbox
              label={t("assignment.form.notify")}
              description={options.hasEmail ? t("assignment.form.notifyHint") : t("assignment.form.noEmailHint")}
              checked={notify}
              disabled={!options.hasEmail}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setNotify(on);
                // Turning notify off also turns off and clears self-scheduling (spec §4).
                if (!on) setSelfSchedule(false);
              }}
            />
            {offer.administerNow && (
              <Checkbox
                label={t("assignment.form.administerNow")}
                description={t("assignment.form.administerNowHint")}
                checked={administerNow}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setAdministerNow(on);
                  if (on) setSelfSchedule(false);
                }}
              />
            )}
            {offer.liveProctor && <Checkbox label={t("assignment.form.liveProctor")} checked={liveProctor} onChange={(e) => setLiveProctor(e.currentTarget.checked)} />}
            {offer.proctorService && (
              <Checkbox
                label={t("assignment.form.proctorService")}
                checked={proctorService}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setProctorService(on);
                  // An online or phone test is scheduled by the candidate only as a proctored sitting.
                  if (!on) setSelfSchedule(false);
                }}
              />
            )}
            {offer.selfSchedule && (
              <Checkbox
                label={t("assignment.form.selfSchedule")}
                description={t("assignment.form.selfScheduleHint")}
                checked={selfSchedule}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setSelfSchedule(on);
                  // Self-scheduling forces notify on (spec §4).
                  if (on) {
                    setNotify(true);
                    setAdministerNow(false);
                  }
                }}
              />
            )}
          </Stack>
        </Fieldset>

        {failure && (
          <Alert color="red" variant="light" role="alert" title={t("assignment.messages.couldNotAssign")}>
            {failure}
          </Alert>
        )}

        <div>
          <Button type="submit" disabled={!valid || create.isPending} aria-busy={create.isPending || undefined}>
            {create.isPending ? t("assignment.form.submitting") : t("assignment.form.submit")}
          </Button>
        </div>

        {codes && codes.length > 0 && (
          <Alert color="blue" variant="light" title={t("assignment.form.codesTitle")}>
            <List size="sm">
              {codes.map((c) => (
                <List.Item key={c.id}>
                  {t("assignment.form.codeLine", { test: c.description, code: c.accessCode })}{" "}
                  {/* A phone test given now: the administrator may call the candidate to start it (candidate spec §2). */}
                  {c.method === "ivr" && c.state === "takeable" && <CallCandidateButton assignedTestId={c.id} testDescription={c.description} />}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
    </form>
  );
}

