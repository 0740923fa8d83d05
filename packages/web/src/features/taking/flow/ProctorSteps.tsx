import type { ComponentType } from "react";
import { Divider, Stack } from "@mantine/core";
import type { TestShowView } from "@parlance/contract";

type StepProps = { show: TestShowView; onDone: () => void };
type ProctorModule = { ProctorPasswordForm?: ComponentType<StepProps>; ProctorAgreement?: ComponentType<StepProps> };

// The proctor's screens are another area's (features/taking/proctor), built alongside this flow;
// they are picked up here when that module is present.
const found = Object.values(import.meta.glob<ProctorModule>("../proctor/index.ts", { eager: true }))[0] ?? {};

/** The proctor's steps of the prelude: the exam password form, then the agreement, as the test needs them. */
export function ProctorSteps({ show, onDone }: StepProps) {
  const { ProctorPasswordForm, ProctorAgreement } = found;
  return (
    <Stack gap="md">
      {show.proctorPasswordNeeded && ProctorPasswordForm && <ProctorPasswordForm show={show} onDone={onDone} />}
      {show.proctorPasswordNeeded && show.proctorSignatureNeeded && <Divider />}
      {show.proctorSignatureNeeded && ProctorAgreement && <ProctorAgreement show={show} onDone={onDone} />}
    </Stack>
  );
}
