import { useState } from "react";
import { Anchor, Stack } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n";
import { formatMoney } from "../../../i18n/format";
import { PageHeader } from "../../../ui/PageHeader";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { RemoteData, EmptyState } from "../../../ui/RemoteData";
import { DataTable } from "../../../ui/DataTable";
import { Pager } from "../../../ui/Pager";
import { useStartup } from "../../../ui/startup";
import { InvoiceStatusBadge } from "./InvoiceSummary";
import { formatDay } from "./format";
import { useInvoices } from "./queries";

/** /account/invoices: the account's invoices (an office user: their office's), newest first. */
export default function InvoicesPage() {
  const { t } = useTranslation();
  const { language } = useStartup();
  const { home } = useStandardCrumbs();
  const [page, setPage] = useState(1);
  const query = useInvoices(page);
  const money = (cents: number) => formatMoney(cents, language);
  return (
    <>
      <PageHeader title={t("billing.list.title")} breadcrumbs={[home]} />
      <RemoteData query={query} isEmpty={(d) => d.invoices.length === 0} empty={<EmptyState message={t("billing.list.empty")} />}>
        {(data) => (
          <Stack gap="md">
            <DataTable
              caption={t("billing.list.title")}
              captionHidden
              columns={[
                {
                  key: "number",
                  header: t("billing.fields.number"),
                  rowHeader: true,
                  nowrap: true,
                  cell: (r) => (
                    <Anchor component={Link} to={`/invoice/${r.id}`}>
                      {r.number}
                    </Anchor>
                  ),
                },
                { key: "date", header: t("billing.fields.date"), cell: (r) => formatDay(r.date, language), nowrap: true },
                { key: "office", header: t("billing.fields.office"), cell: (r) => r.officeName ?? t("billing.list.wholeAccount") },
                { key: "department", header: t("billing.fields.department"), cell: (r) => t(`billing.departments.${r.department}`) },
                { key: "dueDate", header: t("billing.fields.dueDate"), cell: (r) => (r.dueDate ? formatDay(r.dueDate, language) : "—"), nowrap: true },
                { key: "total", header: t("billing.totals.total"), cell: (r) => money(r.totalCents), align: "right", nowrap: true },
                { key: "balance", header: t("billing.fields.balance"), cell: (r) => money(r.balanceCents), align: "right", nowrap: true },
                { key: "status", header: t("billing.list.status"), cell: (r) => <InvoiceStatusBadge data={{ balanceCents: r.balanceCents, dueDate: r.dueDate ?? undefined }} /> },
              ]}
              rows={data.invoices}
              rowKey={(r) => r.id}
              minWidth={760}
            />
            <Pager page={page} pageCount={data.pageCount} onChange={setPage} label={t("billing.list.pages")} />
          </Stack>
        )}
      </RemoteData>
    </>
  );
}
