import type { ReactNode } from "react";
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { InvoiceData, InvoiceView } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { formatMoney, formatDateTime } from "../../../i18n/format";
import { useStartup } from "../../../ui/startup";
import { DataTable } from "../../../ui/DataTable";
import { businessToday, formatDay } from "./format";

/** Paid, past due or open: what the badge beside the balance says. */
export function invoiceStatus(d: Pick<InvoiceData, "balanceCents" | "dueDate">, today = businessToday()): "paid" | "pastDue" | "open" {
  if (d.balanceCents <= 0) return "paid";
  return d.dueDate && d.dueDate < today ? "pastDue" : "open";
}

const STATUS_COLOR = { paid: "green", pastDue: "red", open: "blue" } as const;

export function InvoiceStatusBadge({ data }: { data: Pick<InvoiceData, "balanceCents" | "dueDate"> }) {
  const { t } = useTranslation();
  const status = invoiceStatus(data);
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {t(`billing.status.${status}`)}
    </Badge>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {children}
      </Text>
    </div>
  );
}

/** The invoice as both invoice pages show it: the spec's fields, the lines, payments and balance. */
export function InvoiceSummary({ view, officeName }: { view: InvoiceView; officeName?: string | null }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const d = view.invoiceData;
  const money = (cents: number) => formatMoney(cents, language);
  const day = (v: string | undefined) => (v ? formatDay(v, language) : "—");
  return (
    <Stack gap="md">
      <Paper withBorder p={{ base: "sm", sm: "md" }}>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" m={0}>
          <Fact label={t("billing.fields.number")}>{d.number}</Fact>
          <Fact label={t("billing.fields.accountName")}>{d.accountName}</Fact>
          {officeName && <Fact label={t("billing.fields.office")}>{officeName}</Fact>}
          <Fact label={t("billing.fields.department")}>{t(`billing.departments.${d.department}`)}</Fact>
          <Fact label={t("billing.fields.date")}>{day(d.date)}</Fact>
          <Fact label={t("billing.fields.dueDate")}>{day(d.dueDate)}</Fact>
          <Fact label={t("billing.fields.paymentTerms")}>{d.paymentTerms ?? "—"}</Fact>
          <Fact label={t("billing.fields.purchaseOrder")}>{d.purchaseOrder ?? "—"}</Fact>
          <Fact label={t("billing.fields.paidOn")}>{day(d.paidOn)}</Fact>
        </SimpleGrid>
      </Paper>
      <DataTable
        caption={t("billing.lines.title")}
        columns={[
          { key: "description", header: t("billing.lines.description"), cell: (l) => l.description, rowHeader: true },
          { key: "quantity", header: t("billing.lines.quantity"), cell: (l) => l.quantity, align: "right" },
          { key: "unit", header: t("billing.lines.unit"), cell: (l) => money(l.unitCents), align: "right", nowrap: true },
          { key: "amount", header: t("billing.lines.amount"), cell: (l) => money(l.amountCents), align: "right", nowrap: true },
        ]}
        rows={view.lines}
        rowKey={(l) => l.id}
        minWidth={480}
      />
      <Paper withBorder p={{ base: "sm", sm: "md" }}>
        <Stack gap={6}>
          <Group justify="space-between">
            <Text>{t("billing.totals.total")}</Text>
            <Text>{money(view.totalCents)}</Text>
          </Group>
          {view.payments.map((p, i) => (
            <Group key={i} justify="space-between">
              <Text size="sm" c="gray.7">
                {t("billing.totals.paymentOn", { date: formatDateTime(p.settledAt, language) })}
              </Text>
              <Text size="sm">{money(-p.amountCents)}</Text>
            </Group>
          ))}
          <Group justify="space-between" pt={4} style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}>
            <Group gap="xs">
              <Title order={2} fz="lg">
                {t("billing.fields.balance")}
              </Title>
              <InvoiceStatusBadge data={d} />
            </Group>
            <Text fw={700} fz="lg" data-testid="invoice-balance">
              {money(d.balanceCents)}
            </Text>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
